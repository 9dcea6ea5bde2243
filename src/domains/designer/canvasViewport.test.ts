import { describe, expect, it } from 'vitest';
import { clampZoom, fitViewport, MAX_ZOOM, MIN_ZOOM, pinchViewport, screenToDocument, zoomAt, zoomTo } from './canvasViewport.ts';

describe('canvasViewport', () => {
  it('clamps the zoom to 0.05…8', () => {
    expect(clampZoom(0.001)).toBe(MIN_ZOOM);
    expect(clampZoom(100)).toBe(MAX_ZOOM);
    expect(clampZoom(2)).toBe(2);
    expect(clampZoom(Number.NaN)).toBe(1);
  });

  it('fits the page centred with a margin', () => {
    // 1080 × 1350 in 800 × 600 with 32 px margin: height limits, (600 − 64) / 1350.
    const view = fitViewport({ width: 800, height: 600 }, { width: 1080, height: 1350 });
    expect(view.zoom).toBeCloseTo(536 / 1350, 10);
    expect(view.y).toBeCloseTo(32, 10);
    expect(view.x).toBeCloseTo((800 - 1080 * view.zoom) / 2, 10);
    expect(fitViewport({ width: 0, height: 0 }, { width: 1080, height: 1080 })).toEqual({ zoom: 1, x: 0, y: 0 });
  });

  it('zooms about an anchor that stays in place', () => {
    const view = { zoom: 0.5, x: 10, y: 20 };
    const anchor = { x: 300, y: 200 };
    const under = screenToDocument(view, anchor);
    const next = zoomAt(view, 2, anchor);
    expect(next.zoom).toBe(1);
    expect(screenToDocument(next, anchor).x).toBeCloseTo(under.x, 10);
    expect(screenToDocument(next, anchor).y).toBeCloseTo(under.y, 10);
    // Clamped: the anchor still holds.
    const far = zoomAt(view, 1000, anchor);
    expect(far.zoom).toBe(MAX_ZOOM);
    expect(screenToDocument(far, anchor).x).toBeCloseTo(under.x, 10);
    expect(zoomTo(view, 3, anchor).zoom).toBe(3);
  });

  it('pinches: distance ratio about the midpoint, and pans with the midpoint', () => {
    const view = { zoom: 1, x: 0, y: 0 };
    const next = pinchViewport(view, [{ x: 100, y: 100 }, { x: 200, y: 100 }], [{ x: 100, y: 150 }, { x: 300, y: 150 }]);
    expect(next.zoom).toBeCloseTo(2, 10);
    // The document point under the old midpoint (150, 100) is now under the new one (200, 150).
    const moved = screenToDocument(next, { x: 200, y: 150 });
    expect(moved.x).toBeCloseTo(150, 10);
    expect(moved.y).toBeCloseTo(100, 10);
  });
});
