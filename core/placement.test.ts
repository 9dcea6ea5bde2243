import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  autoPlace,
  clampTransform,
  containScaleMin,
  coverScaleMin,
  coversHole,
  FACE_HEIGHT_SHARE,
  GROUP_FIT_SHARE,
  MAX_ZOOM,
  pan,
  photoToFrameMatrix,
  resetTransform,
  rotateBy,
  setRotation,
  setRotationAbout,
  zoomAt,
} from './placement.ts';
import { apply, face, holeCovered, keepsClampRule, overlapsHole, toPhoto } from './testing/placementChecks.ts';
import type { Point, Rect } from './geometry.ts';
import type { PhotoTransform } from './pipelineTypes.ts';

const holeCentre = (hole: Rect): Point => ({ x: hole.x + hole.width / 2, y: hole.y + hole.height / 2 });

describe('autoPlace', () => {
  const photo = { width: 3000, height: 4000 };
  const hole = { x: 190, y: 200, width: 700, height: 620 };

  it('centres a single face in the hole at a pleasant size', () => {
    const t = autoPlace({ photo, faces: [face(1200, 1400, 500, 600)], hole });
    const m = photoToFrameMatrix(t, photo);
    const c = apply(m, { x: 1450, y: 1700 });
    expect(c.x).toBeCloseTo(540, 6);
    expect(c.y).toBeCloseTo(510, 6);
    expect(600 * t.scale).toBeCloseTo(FACE_HEIGHT_SHARE * hole.height, 6);
    expect(t.rotation).toBe(0);
    expect(holeCovered(t, photo, hole)).toBe(true);
  });

  it('fits a group inside the hole with a margin', () => {
    const faces = [face(300, 1500, 300, 350), face(1300, 1450, 320, 380), face(2300, 1550, 280, 330)];
    const t = autoPlace({ photo, faces, hole });
    const m = photoToFrameMatrix(t, photo);
    const topLeft = apply(m, { x: 300, y: 1450 });
    const bottomRight = apply(m, { x: 2580, y: 1880 });
    expect(bottomRight.x - topLeft.x).toBeLessThanOrEqual(GROUP_FIT_SHARE * hole.width + 1e-6);
    expect(topLeft.x).toBeGreaterThanOrEqual(hole.x);
    expect(bottomRight.x).toBeLessThanOrEqual(hole.x + hole.width);
    expect((topLeft.x + bottomRight.x) / 2).toBeCloseTo(540, 6);
    expect(holeCovered(t, photo, hole)).toBe(true);
  });

  it('shows the whole photo, slid toward the hole centre, when a face in its corner cannot get a margin', () => {
    // Covering the hole would pin the face to the hole's corner; even all of the photo visible
    // (620 px tall, the hole's height) keeps it at the hole's top edge, so that is the placement.
    const t = autoPlace({ photo, faces: [face(0, 0, 400, 450)], hole });
    expect(t.scale).toBeCloseTo(containScaleMin(photo, hole, 0), 12);
    expect(keepsClampRule(t, photo, hole)).toBe(true);
    // The photo's top edge on the hole's top, its right edge on the hole's right: as near the centre as allowed.
    const corner = apply(photoToFrameMatrix(t, photo), { x: photo.width, y: 0 });
    expect(corner.x).toBeCloseTo(hole.x + hole.width, 6);
    expect(corner.y).toBeCloseTo(hole.y, 6);
  });

  it('never zooms a tiny face beyond the maximum zoom', () => {
    const t = autoPlace({ photo, faces: [face(1500, 1500, 8, 9)], hole });
    expect(t.scale).toBeCloseTo(MAX_ZOOM * coverScaleMin(photo, hole, 0), 9);
  });

  it('frames the upper third of a portrait photo without faces, at the cover scale', () => {
    const tall = { width: 1000, height: 3000 };
    const t = autoPlace({ photo: tall, faces: [], hole });
    expect(t.scale).toBeCloseTo(coverScaleMin(tall, hole, 0), 12);
    const focus = apply(photoToFrameMatrix(t, tall), { x: 500, y: 1000 });
    expect(focus.x).toBeCloseTo(540, 6);
    expect(focus.y).toBeCloseTo(510, 6);
  });

  it('centres a landscape photo without faces and follows a focus fallback', () => {
    const wide = { width: 4000, height: 2000 };
    const centred = autoPlace({ photo: wide, faces: [], hole });
    expect(centred.x).toBeCloseTo(540, 9);
    expect(centred.y).toBeCloseTo(510, 9);
    const focused = autoPlace({ photo: wide, faces: [], hole, focusFallback: { x: 2600, y: 1000 } });
    expect(apply(photoToFrameMatrix(focused, wide), { x: 2600, y: 1000 }).x).toBeCloseTo(540, 6);
  });

  it('ignores degenerate face boxes and rejects degenerate sizes', () => {
    const t = autoPlace({ photo, faces: [face(10, 10, 0, 50), face(Number.NaN, 0, 10, 10)], hole });
    expect(t).toEqual(autoPlace({ photo, faces: [], hole }));
    expect(() => autoPlace({ photo: { width: 0, height: 10 }, faces: [], hole })).toThrow(RangeError);
    expect(() => autoPlace({ photo, faces: [], hole: { ...hole, height: Number.NaN } })).toThrow(RangeError);
    expect(resetTransform({ photo, faces: [face(1200, 1400, 500, 600)], hole })).toEqual(autoPlace({ photo, faces: [face(1200, 1400, 500, 600)], hole }));
  });
});

describe('adjuster limits', () => {
  const photo = { width: 1600, height: 1200 };
  const hole = { x: 100, y: 100, width: 800, height: 800 };

  it('computes the cover and contain scales for upright and rotated photos', () => {
    expect(coverScaleMin(photo, hole, 0)).toBeCloseTo(800 / 1200, 12);
    expect(containScaleMin(photo, hole, 0)).toBeCloseTo(800 / 1600, 12);
    // At 45° the square hole needs a 800·√2 span along both photo axes.
    expect(coverScaleMin(photo, hole, 45)).toBeCloseTo((800 * Math.SQRT2) / 1200, 12);
    expect(containScaleMin(photo, hole, 45)).toBeCloseTo((800 * Math.SQRT2) / 1600, 12);
    const min = coverScaleMin(photo, hole, 30);
    expect(holeCovered({ ...holeCentre(hole), scale: min, rotation: 30 }, photo, hole)).toBe(true);
    expect(holeCovered({ ...holeCentre(hole), scale: min * 0.99, rotation: 30 }, photo, hole)).toBe(false);
  });

  it('clamps the scale to [contain, MAX_ZOOM × cover] and the position by the clamp rule', () => {
    // At the contain scale the photo is 800 × 600: it spans the hole's width and stays inside its height.
    const t = clampTransform({ x: 5000, y: -300, scale: 0.1, rotation: 0 }, photo, hole);
    expect(t.scale).toBeCloseTo(0.5, 12);
    expect(t.x).toBeCloseTo(500, 9);
    expect(t.y).toBeCloseTo(400, 9);
    expect(clampTransform({ ...t, scale: 100 }, photo, hole).scale).toBeCloseTo(MAX_ZOOM * (800 / 1200), 9);
    // An unusable scale falls back to the cover scale.
    expect(clampTransform({ x: Number.NaN, y: 0, scale: Number.NaN, rotation: Number.POSITIVE_INFINITY }, photo, hole)).toEqual({ x: 500, y: 500, scale: 800 / 1200, rotation: 0 });
  });

  it('zooms out down to all of the photo visible, inside the hole', () => {
    const start = autoPlace({ photo, faces: [], hole });
    const out = [1, 2, 3, 4, 5].reduce((t) => zoomAt(t, 0.5, { x: 0, y: 0 }, photo, hole), start);
    expect(out.scale).toBeCloseTo(containScaleMin(photo, hole, 0), 12);
    const m = photoToFrameMatrix(out, photo);
    for (const corner of [
      { x: 0, y: 0 },
      { x: photo.width, y: photo.height },
    ]) {
      const p = apply(m, corner);
      expect(p.x).toBeGreaterThanOrEqual(hole.x - 1e-9);
      expect(p.x).toBeLessThanOrEqual(hole.x + hole.width + 1e-9);
      expect(p.y).toBeGreaterThanOrEqual(hole.y - 1e-9);
      expect(p.y).toBeLessThanOrEqual(hole.y + hole.height + 1e-9);
    }
  });

  it('never lets a zoomed-out photo be dragged out of the hole', () => {
    const out = zoomAt(autoPlace({ photo, faces: [], hole }), 0.9, holeCentre(hole), photo, hole);
    expect(out.scale).toBeLessThan(coverScaleMin(photo, hole, 0));
    // 0.9 × cover = 0.6: the photo is 960 × 720, so it covers the hole's width with 80 px to spare
    // each side, and stays inside its height with 40 px of play each side.
    expect(pan(out, 1e5, 1e5, photo, hole)).toMatchObject({ x: 580, y: 540 });
    expect(pan(out, -1e5, -1e5, photo, hole)).toMatchObject({ x: 420, y: 460 });
    const turned = setRotation(out, 30, photo, hole);
    for (const [dx, dy] of [
      [1e5, 0],
      [-1e5, 3e4],
      [7e4, -7e4],
    ] as const) {
      const far = pan(turned, dx, dy, photo, hole);
      expect(keepsClampRule(far, photo, hole)).toBe(true);
      expect(overlapsHole(far, photo, hole)).toBe(true);
    }
  });

  it('zooms about the anchor point', () => {
    const start = { x: 500, y: 500, scale: 1, rotation: 0 };
    const anchor = { x: 300, y: 400 };
    const before = toPhoto(photoToFrameMatrix(start, photo), anchor);
    const zoomed = zoomAt(start, 1.5, anchor, photo, hole);
    expect(zoomed.scale).toBeCloseTo(1.5, 12);
    const after = toPhoto(photoToFrameMatrix(zoomed, photo), anchor);
    expect(after.x).toBeCloseTo(before.x, 9);
    expect(after.y).toBeCloseTo(before.y, 9);
    expect(zoomAt(start, 0.01, anchor, photo, hole).scale).toBeCloseTo(containScaleMin(photo, hole, 0), 12);
    expect(zoomAt(start, Number.NaN, anchor, photo, hole)).toEqual(start);
    expect(zoomAt(start, -2, anchor, photo, hole)).toEqual(start);
  });

  it('pans only as far as coverage allows', () => {
    const start = { x: 500, y: 500, scale: 1, rotation: 0 };
    expect(pan(start, 50, -20, photo, hole)).toEqual({ x: 550, y: 480, scale: 1, rotation: 0 });
    // Photo half width 800 at scale 1: its left edge may not pass the hole's left edge at x = 100.
    expect(pan(start, 1000, 0, photo, hole).x).toBeCloseTo(900, 9);
    expect(pan(start, Number.NaN, 3, photo, hole)).toEqual(start);
  });

  it('rotates in 45° steps and freely about the hole centre', () => {
    const start = autoPlace({ photo, faces: [], hole });
    const once = rotateBy(start, 45, photo, hole);
    expect(once.rotation).toBe(45);
    expect(once.scale).toBeGreaterThanOrEqual(coverScaleMin(photo, hole, 45) - 1e-12);
    expect(rotateBy(once, 45, photo, hole).rotation).toBe(90);
    expect(rotateBy(start, -45, photo, hole).rotation).toBe(-45);
    const back = [45, 45, 45, 45, 45, 45, 45, 45].reduce((t, step) => rotateBy(t, step, photo, hole), start);
    expect(back.rotation).toBe(0);
    expect(holeCovered(back, photo, hole)).toBe(true);
    const slid = setRotation(start, 12.5, photo, hole);
    expect(slid.rotation).toBe(12.5);
    expect(setRotation(start, 190, photo, hole).rotation).toBe(-170);
    expect(holeCovered(slid, photo, hole)).toBe(true);
  });

  it('keeps a zoomed-out photo zoomed out when turned', () => {
    const out = zoomAt(autoPlace({ photo, faces: [], hole }), 0.1, holeCentre(hole), photo, hole);
    const turned = setRotation(out, 90, photo, hole);
    expect(turned.scale).toBeCloseTo(out.scale, 12);
    expect(holeCovered(turned, photo, hole)).toBe(false);
    expect(keepsClampRule(turned, photo, hole)).toBe(true);
    // At 45° the contain floor is higher, so the turn zooms in to it, not to the cover scale.
    expect(setRotation(out, 45, photo, hole).scale).toBeCloseTo(containScaleMin(photo, hole, 45), 12);
  });

  it('turns about a given point, keeping the photo pixel under it', () => {
    const start = zoomAt(autoPlace({ photo, faces: [], hole }), 2, holeCentre(hole), photo, hole);
    const anchor = { x: 420, y: 610 };
    const under = toPhoto(photoToFrameMatrix(start, photo), anchor);
    const turned = setRotationAbout(start, 20, anchor, photo, hole);
    const after = apply(photoToFrameMatrix(turned, photo), under);
    expect(after.x).toBeCloseTo(anchor.x, 9);
    expect(after.y).toBeCloseTo(anchor.y, 9);
    expect(setRotationAbout(start, 20, { x: Number.NaN, y: 0 }, photo, hole)).toEqual(start);
  });
});

describe('photoToFrameMatrix', () => {
  it('maps the photo centre to (x, y) and turns clockwise', () => {
    const photo = { width: 200, height: 100 };
    const m = photoToFrameMatrix({ x: 50, y: 60, scale: 2, rotation: 90 }, photo);
    const centre = apply(m, { x: 100, y: 50 });
    expect(centre.x).toBeCloseTo(50, 12);
    expect(centre.y).toBeCloseTo(60, 12);
    // The photo's right edge midpoint (100 px right of centre) ends up 200 px below the centre on screen.
    const right = apply(m, { x: 200, y: 50 });
    expect(right.x).toBeCloseTo(50, 12);
    expect(right.y).toBeCloseTo(260, 12);
  });
});

describe('clamp rule property', () => {
  const size = fc.record({ width: fc.integer({ min: 1, max: 8000 }), height: fc.integer({ min: 1, max: 8000 }) });
  const hole = fc.record({ x: fc.integer({ min: -100, max: 3000 }), y: fc.integer({ min: -100, max: 3000 }), width: fc.integer({ min: 1, max: 3000 }), height: fc.integer({ min: 1, max: 3000 }) });
  const finite = (min: number, max: number) => fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  const step = fc.oneof(
    fc.record({ kind: fc.constant('zoom' as const), factor: finite(0.05, 20), ax: finite(-5000, 5000), ay: finite(-5000, 5000) }),
    fc.record({ kind: fc.constant('pan' as const), dx: finite(-1e4, 1e4), dy: finite(-1e4, 1e4) }),
    fc.record({ kind: fc.constant('rotate' as const), sign: fc.constantFrom(1, -1) }),
    fc.record({ kind: fc.constant('slider' as const), degrees: finite(-720, 720) }),
    fc.record({ kind: fc.constant('clamp' as const), x: finite(-1e5, 1e5), y: finite(-1e5, 1e5), scale: finite(1e-4, 1e3), rotation: finite(-1000, 1000) }),
  );

  it('keeps the photo in the hole after any adjuster sequence, and covering it at cover scale and above', () => {
    fc.assert(
      fc.property(size, hole, fc.array(step, { maxLength: 12 }), (photo, frameHole, steps) => {
        let t = autoPlace({ photo, faces: [], hole: frameHole });
        expect(holeCovered(t, photo, frameHole)).toBe(true);
        for (const s of steps) {
          const covered = t.scale >= coverScaleMin(photo, frameHole, t.rotation) * (1 - 1e-9);
          if (s.kind === 'zoom') t = zoomAt(t, s.factor, { x: s.ax, y: s.ay }, photo, frameHole);
          else if (s.kind === 'pan') t = pan(t, s.dx, s.dy, photo, frameHole);
          else if (s.kind === 'rotate') t = rotateBy(t, 45 * s.sign, photo, frameHole);
          else if (s.kind === 'slider') t = setRotation(t, s.degrees, photo, frameHole);
          else t = clampTransform(s, photo, frameHole);
          const cover = coverScaleMin(photo, frameHole, t.rotation);
          expect(t.scale).toBeGreaterThanOrEqual(containScaleMin(photo, frameHole, t.rotation) * (1 - 1e-12));
          expect(t.scale).toBeLessThanOrEqual(MAX_ZOOM * cover * (1 + 1e-12));
          expect(keepsClampRule(t, photo, frameHole)).toBe(true);
          expect(overlapsHole(t, photo, frameHole)).toBe(true);
          // Pans and turns of a covering photo keep it covering; only zooming out or a clamp to a small scale may uncover.
          if (covered && (s.kind === 'pan' || s.kind === 'rotate' || s.kind === 'slider')) expect(t.scale).toBeGreaterThanOrEqual(cover * (1 - 1e-9));
          if (t.scale >= cover * (1 + 1e-9)) {
            expect(holeCovered(t, photo, frameHole)).toBe(true);
            expect(coversHole(t, photo, frameHole, 1e-6 * Math.max(photo.width, photo.height))).toBe(true);
          }
          expect(t.rotation).toBeGreaterThanOrEqual(-180);
          expect(t.rotation).toBeLessThan(180);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('leaves transforms at cover scale and above as before: covered ones untouched, others moved to cover', () => {
    const transform = fc.record({ x: finite(-5000, 5000), y: finite(-5000, 5000), zoom: finite(1, MAX_ZOOM), rotation: finite(-180, 179.999) });
    fc.assert(
      fc.property(size, hole, transform, (photo, frameHole, { zoom, ...rest }) => {
        const t: PhotoTransform = { ...rest, scale: zoom * coverScaleMin(photo, frameHole, rest.rotation) };
        const clamped = clampTransform(t, photo, frameHole);
        // The same scale up to float rounding: at the zoom limit the cover scale is computed again, and with a turn
        // near 180° that differs in the 13th digit (CI: zoom 7.999999999999994, rotation 179.999°, ratio 1 - 5e-13).
        expect(clamped.scale / t.scale).toBeCloseTo(1, 9);
        expect(holeCovered(clamped, photo, frameHole)).toBe(true);
        if (coversHole(t, photo, frameHole, 0)) {
          expect(clamped.x).toBeCloseTo(t.x, 6);
          expect(clamped.y).toBeCloseTo(t.y, 6);
        }
        const again = clampTransform(clamped, photo, frameHole);
        expect(again.x).toBeCloseTo(clamped.x, 6);
        expect(again.y).toBeCloseTo(clamped.y, 6);
      }),
      { numRuns: 500 },
    );
  });
});
