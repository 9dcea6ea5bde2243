import { describe, expect, it } from 'vitest';
import type { FaceBox } from '../../pipeline/index.ts';
import { sampleUnderlay, type LoadedSample } from './useSamplePreview.ts';

/** A proxy stand-in: the canvas only reads its size here. */
const proxy = (width: number, height: number) => ({ width, height }) as unknown as HTMLCanvasElement;
const face = (x: number, y: number, width: number, height: number): FaceBox => ({ box: { x, y, width, height }, score: 0.9, keypoints: [] });
const apply = (m: { a: number; b: number; c: number; d: number; e: number; f: number }, x: number, y: number) => ({ x: m.a * x + m.c * y + m.e, y: m.b * x + m.d * y + m.f });

describe('sampleUnderlay', () => {
  // A 4000 × 3000 working image drawn from a 1280 × 960 proxy; one face at (2400, 900)–(2800, 1300) in working pixels.
  const sample: LoadedSample = { image: proxy(1280, 960), size: { width: 4000, height: 3000 }, faces: [face(2400, 900, 400, 400)] };
  const hole = { x: 200, y: 300, width: 600, height: 600 };

  it('draws the proxy at its own size and maps its pixels so the face lands in the hole centre', () => {
    const underlay = sampleUnderlay(sample, hole);
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
    const underlay = sampleUnderlay({ ...sample, faces: [face(0, 0, 40, 40)] }, hole);
    const corners = [apply(underlay.matrix, 0, 0), apply(underlay.matrix, 1280, 960)];
    expect(corners[0]!.x).toBeCloseTo(hole.x, 6);
    expect(corners[1]!.x).toBeCloseTo(hole.x + hole.width, 6);
    expect(corners[0]!.y).toBeCloseTo(hole.y + hole.height - 450, 6);
    expect(corners[1]!.y).toBeCloseTo(hole.y + hole.height, 6);
  });
});
