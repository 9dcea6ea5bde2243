import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  autoPlace,
  clampTransform,
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
  zoomAt,
} from './placement.ts';
import type { AffineMatrix, Point, Rect, Size } from './geometry.ts';
import type { FaceBox, PhotoTransform } from './pipelineTypes.ts';

const apply = (m: AffineMatrix, p: Point): Point => ({ x: m.a * p.x + m.c * p.y + m.e, y: m.b * p.x + m.d * p.y + m.f });

/** Frame point → photo pixel through the inverse of the matrix (independent of placement's own maths). */
function toPhoto(m: AffineMatrix, p: Point): Point {
  const det = m.a * m.d - m.b * m.c;
  const x = p.x - m.e;
  const y = p.y - m.f;
  return { x: (m.d * x - m.c * y) / det, y: (-m.b * x + m.a * y) / det };
}

/** Every hole corner maps inside the photo's pixel rectangle. */
function holeCovered(t: PhotoTransform, photo: Size, hole: Rect): boolean {
  const m = photoToFrameMatrix(t, photo);
  const tolerance = 1e-6 * Math.max(photo.width, photo.height);
  return [
    { x: hole.x, y: hole.y },
    { x: hole.x + hole.width, y: hole.y },
    { x: hole.x, y: hole.y + hole.height },
    { x: hole.x + hole.width, y: hole.y + hole.height },
  ].every((corner) => {
    const p = toPhoto(m, corner);
    return p.x >= -tolerance && p.y >= -tolerance && p.x <= photo.width + tolerance && p.y <= photo.height + tolerance;
  });
}

const face = (x: number, y: number, width: number, height: number): FaceBox => ({ box: { x, y, width, height }, score: 0.9, keypoints: [] });
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

  it('keeps the hole covered when the face is at the photo edge', () => {
    const t = autoPlace({ photo, faces: [face(0, 0, 400, 450)], hole });
    expect(holeCovered(t, photo, hole)).toBe(true);
    // The photo's top-left corner is pinned to the hole's top-left corner instead.
    const corner = apply(photoToFrameMatrix(t, photo), { x: 0, y: 0 });
    expect(corner.x).toBeCloseTo(hole.x, 6);
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

  it('computes the cover scale for upright and rotated photos', () => {
    expect(coverScaleMin(photo, hole, 0)).toBeCloseTo(800 / 1200, 12);
    // At 45° the square hole needs a 800·√2 span along both photo axes.
    expect(coverScaleMin(photo, hole, 45)).toBeCloseTo((800 * Math.SQRT2) / 1200, 12);
    const min = coverScaleMin(photo, hole, 30);
    expect(holeCovered({ ...holeCentre(hole), scale: min, rotation: 30 }, photo, hole)).toBe(true);
    expect(holeCovered({ ...holeCentre(hole), scale: min * 0.99, rotation: 30 }, photo, hole)).toBe(false);
  });

  it('clamps scale and position so the hole stays covered', () => {
    const t = clampTransform({ x: 5000, y: -300, scale: 0.1, rotation: 0 }, photo, hole);
    expect(t.scale).toBeCloseTo(800 / 1200, 12);
    expect(holeCovered(t, photo, hole)).toBe(true);
    expect(clampTransform({ ...t, scale: 100 }, photo, hole).scale).toBeCloseTo(MAX_ZOOM * t.scale, 9);
    expect(clampTransform({ x: Number.NaN, y: 0, scale: Number.NaN, rotation: Number.POSITIVE_INFINITY }, photo, hole)).toEqual({ x: 500, y: 500, scale: 800 / 1200, rotation: 0 });
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
    expect(zoomAt(start, 0.01, anchor, photo, hole).scale).toBeCloseTo(800 / 1200, 12);
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

describe('coverage property', () => {
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

  it('keeps all four hole corners inside the rotated photo after any adjuster sequence', () => {
    fc.assert(
      fc.property(size, hole, fc.array(step, { maxLength: 12 }), (photo, frameHole, steps) => {
        let t = autoPlace({ photo, faces: [], hole: frameHole });
        expect(holeCovered(t, photo, frameHole)).toBe(true);
        for (const s of steps) {
          if (s.kind === 'zoom') t = zoomAt(t, s.factor, { x: s.ax, y: s.ay }, photo, frameHole);
          else if (s.kind === 'pan') t = pan(t, s.dx, s.dy, photo, frameHole);
          else if (s.kind === 'rotate') t = rotateBy(t, 45 * s.sign, photo, frameHole);
          else if (s.kind === 'slider') t = setRotation(t, s.degrees, photo, frameHole);
          else t = clampTransform(s, photo, frameHole);
          expect(holeCovered(t, photo, frameHole)).toBe(true);
          expect(coversHole(t, photo, frameHole, 1e-6 * Math.max(photo.width, photo.height))).toBe(true);
          const min = coverScaleMin(photo, frameHole, t.rotation);
          expect(t.scale).toBeGreaterThanOrEqual(min * (1 - 1e-12));
          expect(t.scale).toBeLessThanOrEqual(MAX_ZOOM * min * (1 + 1e-12));
          expect(t.rotation).toBeGreaterThanOrEqual(-180);
          expect(t.rotation).toBeLessThan(180);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('covers the hole with faces anywhere in the photo', () => {
    const facesIn = (photo: Size) =>
      fc.array(
        fc.record({ x: fc.integer({ min: 0, max: photo.width - 1 }), y: fc.integer({ min: 0, max: photo.height - 1 }), width: fc.integer({ min: 1, max: photo.width }), height: fc.integer({ min: 1, max: photo.height }) }).map((b) => face(b.x, b.y, b.width, b.height)),
        { maxLength: 6 },
      );
    fc.assert(
      fc.property(
        size.chain((photo) => fc.tuple(fc.constant(photo), facesIn(photo))),
        hole,
        ([photo, faces], frameHole) => {
          expect(holeCovered(autoPlace({ photo, faces, hole: frameHole }), photo, frameHole)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
