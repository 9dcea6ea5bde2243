import { describe, expect, it } from 'vitest';
import type { FaceBox } from '../../pipeline/index.ts';
import type { DesignElement, EllipseElement, RectElement } from '../../../contract/design.ts';
import { holePlaces } from './holePlaces.ts';
import { sampleUnderlays, type LoadedSample } from './useSamplePreview.ts';

/** A proxy stand-in: the canvas only reads its size here. */
const proxy = (width: number, height: number) => ({ width, height }) as unknown as HTMLCanvasElement;
const face = (x: number, y: number, width: number, height: number): FaceBox => ({ box: { x, y, width, height }, score: 0.9, keypoints: [] });
const apply = (m: { a: number; b: number; c: number; d: number; e: number; f: number }, x: number, y: number) => ({ x: m.a * x + m.c * y + m.e, y: m.b * x + m.d * y + m.f });

describe('sampleUnderlays', () => {
  // A 4000 × 3000 working image drawn from a 1280 × 960 proxy; one face at (2400, 900)–(2800, 1300) in working pixels.
  const sample: LoadedSample = { image: proxy(1280, 960), size: { width: 4000, height: 3000 }, faces: [face(2400, 900, 400, 400)] };
  const hole = { x: 200, y: 300, width: 600, height: 600 };

  it('draws the proxy at its own size and maps its pixels so the face lands in the hole centre', () => {
    const [underlay] = sampleUnderlays(sample, [{ bounds: hole, body: hole }]);
    if (!underlay) throw new Error('no underlay');
    expect(underlay.image).toBe(sample.image);
    expect([underlay.width, underlay.height]).toEqual([1280, 960]);
    // The face centre in proxy pixels: (2600, 1100) × 1280 / 4000.
    const centre = apply(underlay.matrix, 2600 * 0.32, 1100 * 0.32);
    expect(centre.x).toBeCloseTo(500, 6);
    expect(centre.y).toBeCloseTo(600, 6);
    // The face is 45 % of the hole's height (core/placement.ts FACE_HEIGHT_SHARE), measured on the proxy.
    const top = apply(underlay.matrix, 2600 * 0.32, 900 * 0.32);
    const bottom = apply(underlay.matrix, 2600 * 0.32, 1300 * 0.32);
    expect(bottom.y - top.y).toBeCloseTo(0.45 * 600, 6);
  });

  it('shows the whole photo, across the hole, when its face is in a corner (core/placement.ts)', () => {
    // No placement keeps a face in the photo's corner away from the hole's edges, so the photo is
    // zoomed out until all of it shows: 600 × 450, spanning the hole's width, pushed down toward the centre.
    const [underlay] = sampleUnderlays({ ...sample, faces: [face(0, 0, 40, 40)] }, [{ bounds: hole, body: hole }]);
    if (!underlay) throw new Error('no underlay');
    const corners = [apply(underlay.matrix, 0, 0), apply(underlay.matrix, 1280, 960)];
    expect(corners[0]!.x).toBeCloseTo(hole.x, 6);
    expect(corners[1]!.x).toBeCloseTo(hole.x + hole.width, 6);
    expect(corners[0]!.y).toBeCloseTo(hole.y + hole.height - 450, 6);
    expect(corners[1]!.y).toBeCloseTo(hole.y + hole.height, 6);
  });

  it('puts the sample into every hole of a two-hole design, each clipped to its hole, the face in each', () => {
    const common = { name: '', rotation: 0, opacity: 1, locked: false, hidden: false, hole: true, fill: null, stroke: null };
    const round: EllipseElement = { ...common, id: 'round', type: 'ellipse', x: 80, y: 300, width: 420, height: 420 };
    const square: RectElement = { ...common, id: 'square', type: 'rect', x: 640, y: 350, width: 360, height: 380, cornerRadius: 0 };
    const elements: DesignElement[] = [square, round];
    const places = holePlaces({ width: 1080, height: 1080, elements });
    // Largest first; without a canvas (this DOM) each body is its hole's bounds.
    expect(places.map((place) => place.bounds)).toEqual([
      { x: 80, y: 300, width: 420, height: 420 },
      { x: 640, y: 350, width: 360, height: 380 },
    ]);
    const underlays = sampleUnderlays(sample, places);
    expect(underlays).toHaveLength(2);
    underlays.forEach((underlay, index) => {
      const { bounds } = places[index]!;
      expect(underlay.clip).toEqual(bounds);
      // One face, two holes: the same photo in each, its face at the hole's centre.
      const centre = apply(underlay.matrix, 2600 * 0.32, 1100 * 0.32);
      expect(centre.x).toBeCloseTo(bounds.x + bounds.width / 2, 6);
      expect(centre.y).toBeCloseTo(bounds.y + bounds.height / 2, 6);
      // The photo covers the hole: its corners lie outside the hole's bounds on every side.
      const [topLeft, bottomRight] = [apply(underlay.matrix, 0, 0), apply(underlay.matrix, 1280, 960)];
      expect(topLeft.x).toBeLessThanOrEqual(bounds.x + 1e-6);
      expect(topLeft.y).toBeLessThanOrEqual(bounds.y + 1e-6);
      expect(bottomRight.x).toBeGreaterThanOrEqual(bounds.x + bounds.width - 1e-6);
      expect(bottomRight.y).toBeGreaterThanOrEqual(bounds.y + bounds.height - 1e-6);
    });
  });

  it('shares two faces out between two holes in reading order, and centres each in its hole’s body', () => {
    // Left face at x 1400–1800, right face at x 2200–2600 (working pixels).
    const two: LoadedSample = { ...sample, faces: [face(2200, 900, 400, 400), face(1400, 1000, 400, 400)] };
    const left = { bounds: { x: 40, y: 300, width: 400, height: 400 }, body: { x: 140, y: 400, width: 200, height: 200 } };
    const right = { bounds: { x: 600, y: 300, width: 400, height: 400 }, body: { x: 600, y: 300, width: 400, height: 400 } };
    const [inRight, inLeft] = sampleUnderlays(two, [right, left]);
    const rightFace = apply(inRight!.matrix, 2400 * 0.32, 1100 * 0.32);
    expect([rightFace.x, rightFace.y].map((v) => Math.round(v))).toEqual([800, 500]);
    const leftFace = apply(inLeft!.matrix, 1600 * 0.32, 1200 * 0.32);
    expect([leftFace.x, leftFace.y].map((v) => Math.round(v))).toEqual([240, 500]);
    // The face fills 45 % of the body's height, not of the hole's.
    const top = apply(inLeft!.matrix, 1600 * 0.32, 1000 * 0.32);
    const bottom = apply(inLeft!.matrix, 1600 * 0.32, 1400 * 0.32);
    expect(bottom.y - top.y).toBeCloseTo(0.45 * 200, 6);
  });
});
