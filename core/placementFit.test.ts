import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { autoPlace, containScaleMin, coverScaleMin, FACE_HEIGHT_SHARE, FACE_MARGIN_SHARE, GROUP_FIT_SHARE, MAX_ZOOM, photoToFrameMatrix } from './placement.ts';
import { apply, face, faceInFrame, holeCovered, insideWithMargin, keepsClampRule } from './testing/placementChecks.ts';
import type { Rect, Size } from './geometry.ts';
import type { FaceBox, PhotoTransform } from './pipelineTypes.ts';

const square = { x: 100, y: 100, width: 800, height: 800 };
/** A round hole's body: the square inscribed in the 800 px circle. */
const side = 800 / Math.SQRT2;
const roundBody = { x: 500 - side / 2, y: 500 - side / 2, width: side, height: side };
/** A star's body: the largest rectangle in its middle, lower than the hole's centre. */
const starBody = { x: 330, y: 380, width: 340, height: 300 };

const landscape = { width: 4000, height: 2000 };
const portrait = { width: 2000, height: 4000 };
const marginOf = (body: Rect) => FACE_MARGIN_SHARE * Math.min(body.width, body.height);
const union = (faces: FaceBox[]): Rect => {
  const left = Math.min(...faces.map((f) => f.box.x));
  const top = Math.min(...faces.map((f) => f.box.y));
  return { x: left, y: top, width: Math.max(...faces.map((f) => f.box.x + f.box.width)) - left, height: Math.max(...faces.map((f) => f.box.y + f.box.height)) - top };
};

function expectFacesInBody(t: PhotoTransform, photo: Size, faces: FaceBox[], hole: Rect, body: Rect) {
  for (const f of faces) expect(insideWithMargin(faceInFrame(t, photo, f.box), body, marginOf(body), 1e-6)).toBe(true);
  expect(keepsClampRule(t, photo, hole)).toBe(true);
  expect(t.scale).toBeGreaterThanOrEqual(containScaleMin(photo, hole, 0) * (1 - 1e-12));
  expect(t.rotation).toBe(0);
}

describe('autoPlace with a group', () => {
  const apart = [face(850, 700, 300, 360), face(2850, 650, 300, 380)];
  const stacked = [face(850, 850, 300, 360), face(900, 2800, 300, 360)];

  it.each([
    ['two faces apart in a landscape photo', landscape, apart],
    ['two faces stacked in a portrait photo', portrait, stacked],
  ])('fits %s inside a square and a round hole, uncovering part of the hole if need be', (_, photo, faces) => {
    for (const body of [square, roundBody]) {
      const t = autoPlace({ photo, faces, hole: square, body });
      expectFacesInBody(t, photo, faces, square, body);
      // At the cover scale one of them would be cut by the hole's edge: the photo does not cover the hole.
      expect(t.scale).toBeLessThan(coverScaleMin(photo, square, 0));
      expect(holeCovered(t, photo, square)).toBe(false);
    }
  });

  it('fits faces at the far ends of a landscape photo in a square hole, covering its width', () => {
    const faces = [face(400, 700, 300, 360), face(3300, 650, 300, 380)];
    const t = autoPlace({ photo: landscape, faces, hole: square });
    expectFacesInBody(t, landscape, faces, square, square);
  });

  it('fits a three-face group and centres it in the body', () => {
    const faces = [face(900, 600, 280, 340), face(1850, 700, 300, 360), face(2800, 650, 260, 320)];
    for (const body of [square, roundBody]) {
      const t = autoPlace({ photo: landscape, faces, hole: square, body });
      expectFacesInBody(t, landscape, faces, square, body);
      const box = faceInFrame(t, landscape, union(faces));
      expect(box.x + box.width / 2).toBeCloseTo(body.x + body.width / 2, 6);
      expect(box.y + box.height / 2).toBeCloseTo(body.y + body.height / 2, 6);
    }
  });

  it('lands the faces in a star-shaped hole’s body', () => {
    const faces = [face(1300, 800, 250, 300), face(2400, 820, 240, 290)];
    const t = autoPlace({ photo: landscape, faces, hole: square, body: starBody });
    expectFacesInBody(t, landscape, faces, square, starBody);
  });

  it('shows the whole photo when even that cannot fit the faces, their centre as near the body centre as allowed', () => {
    const faces = [face(0, 800, 300, 360), face(3700, 760, 300, 380)];
    const t = autoPlace({ photo: landscape, faces, hole: square });
    expect(t.scale).toBeCloseTo(containScaleMin(landscape, square, 0), 12);
    const m = photoToFrameMatrix(t, landscape);
    // 800 × 400: spanning the hole's width, and free to move up or down, so the faces sit on the centre line.
    expect(apply(m, { x: 0, y: 0 }).x).toBeCloseTo(square.x, 9);
    const box = faceInFrame(t, landscape, union(faces));
    expect(box.y + box.height / 2).toBeCloseTo(500, 6);
    expect(keepsClampRule(t, landscape, square)).toBe(true);
  });
});

describe('autoPlace with one face or none, and a body', () => {
  it('centres one face in a star’s body at FACE_HEIGHT_SHARE of the body height', () => {
    const photo = { width: 3000, height: 4000 };
    const t = autoPlace({ photo, faces: [face(1300, 1800, 400, 400)], hole: square, body: starBody });
    const box = faceInFrame(t, photo, { x: 1300, y: 1800, width: 400, height: 400 });
    expect(box.height).toBeCloseTo(FACE_HEIGHT_SHARE * starBody.height, 9);
    expect(box.x + box.width / 2).toBeCloseTo(500, 9);
    expect(box.y + box.height / 2).toBeCloseTo(530, 9);
  });

  it('keeps a close-up covering the hole, the face larger than FACE_HEIGHT_SHARE', () => {
    const photo = { width: 3000, height: 4000 };
    const t = autoPlace({ photo, faces: [face(500, 1000, 2000, 2000)], hole: square });
    expect(t.scale).toBeCloseTo(coverScaleMin(photo, square, 0), 12);
    expect(holeCovered(t, photo, square)).toBe(true);
    expect(insideWithMargin(faceInFrame(t, photo, { x: 500, y: 1000, width: 2000, height: 2000 }), square, marginOf(square))).toBe(true);
  });

  it('defaults the body to the hole', () => {
    const faces = [face(850, 700, 300, 360), face(2850, 650, 300, 380)];
    expect(autoPlace({ photo: landscape, faces, hole: square, body: square })).toEqual(autoPlace({ photo: landscape, faces, hole: square }));
  });

  it('puts the photo’s focus over the body centre when there is no face, still covering the hole', () => {
    const body = { x: 400, y: 300, width: 400, height: 400 };
    const t = autoPlace({ photo: landscape, faces: [], hole: square, body, focusFallback: { x: 2600, y: 1000 } });
    expect(t.scale).toBeCloseTo(coverScaleMin(landscape, square, 0), 12);
    expect(apply(photoToFrameMatrix(t, landscape), { x: 2600, y: 1000 }).x).toBeCloseTo(600, 9);
    expect(holeCovered(t, landscape, square)).toBe(true);
  });

  it('rejects a body that is not a finite rect with a positive size', () => {
    expect(() => autoPlace({ photo: landscape, faces: [], hole: square, body: { ...starBody, width: 0 } })).toThrow(RangeError);
    expect(() => autoPlace({ photo: landscape, faces: [], hole: square, body: { ...starBody, x: Number.NaN } })).toThrow(RangeError);
  });
});

describe('autoPlace face property', () => {
  /** Uniform in [0, 1] (fc.double favours the ends). */
  const share = fc.integer({ min: 0, max: 1000 }).map((n) => n / 1000);
  /** Photos and holes of everyday shapes (aspect 1:3 to 3:1), so that many cases fit. */
  const aspect = share.map((k) => 3 ** (2 * k - 1));
  const size = fc.tuple(fc.integer({ min: 16, max: 8000 }), aspect).map(([width, a]) => ({ width, height: Math.max(1, Math.round(width * a)) }));
  const hole = fc
    .tuple(fc.integer({ min: -100, max: 3000 }), fc.integer({ min: -100, max: 3000 }), fc.integer({ min: 8, max: 3000 }), aspect)
    .map(([x, y, width, a]) => ({ x, y, width, height: Math.max(1, Math.round(width * a)) }));
  /** A body inside the hole, as fractions of it. */
  const bodyIn = (h: Rect, [a, b, c, d]: number[]): Rect => {
    const width = h.width * (0.3 + 0.7 * c!);
    const height = h.height * (0.3 + 0.7 * d!);
    return { x: h.x + (h.width - width) * a!, y: h.y + (h.height - height) * b!, width, height };
  };
  const facesIn = (photo: Size) =>
    fc.array(
      fc
        .record({ x: share, y: share, width: share.map((k) => 0.01 + 0.29 * k), height: share.map((k) => 0.01 + 0.29 * k) })
        .map((b) => face(b.x * photo.width * (1 - b.width), b.y * photo.height * (1 - b.height), b.width * photo.width, b.height * photo.height)),
      { minLength: 1, maxLength: 4 },
    );

  /**
   * Whether faces and rule can both hold at scale s: on each axis the allowed positions are an
   * interval per constraint, and two intervals meet iff an end of one lies in the other, so trying
   * every "edge against edge" alignment (photo edge on hole edge, faces on the body's margin) is enough.
   */
  function someFit(photo: Size, faces: Rect, frameHole: Rect, body: Rect, s: number): boolean {
    const m = marginOf(body);
    const ends = (p: number, h0: number, h: number, b0: number, b: number, f0: number, f: number) => [h0, h0 + h - p * s, b0 + m - f0 * s, b0 + b - m - (f0 + f) * s];
    const xs = ends(photo.width, frameHole.x, frameHole.width, body.x, body.width, faces.x, faces.width);
    const ys = ends(photo.height, frameHole.y, frameHole.height, body.y, body.height, faces.y, faces.height);
    return xs.some((ex) =>
      ys.some((ey) => {
        const t = { x: ex + (photo.width * s) / 2, y: ey + (photo.height * s) / 2, scale: s, rotation: 0 };
        return keepsClampRule(t, photo, frameHole) && insideWithMargin(faceInFrame(t, photo, faces), body, m, 1e-7 * Math.max(frameHole.width, frameHole.height));
      }),
    );
  }

  it('keeps every face inside the body’s margin at the largest scale that allows it, else shows the whole photo', () => {
    fc.assert(
      fc.property(
        size.chain((photo) => fc.tuple(fc.constant(photo), facesIn(photo))),
        hole,
        fc.array(share, { minLength: 4, maxLength: 4 }),
        ([photo, faces], frameHole, shares) => {
          const body = bodyIn(frameHole, shares);
          const t = autoPlace({ photo, faces, hole: frameHole, body });
          const contain = containScaleMin(photo, frameHole, 0);
          const all = union(faces);
          // The first choice (also today's): face and group shares of the body, at least cover, at most the zoom limit.
          const cover = coverScaleMin(photo, frameHole, 0);
          const preferred = Math.min(
            (FACE_HEIGHT_SHARE * body.height) / Math.max(...faces.map((f) => f.box.height)),
            (GROUP_FIT_SHARE * body.width) / all.width,
            (GROUP_FIT_SHARE * body.height) / all.height,
          );
          const target = Math.min(Math.max(preferred, cover), MAX_ZOOM * cover);
          expect(keepsClampRule(t, photo, frameHole)).toBe(true);
          expect(t.scale).toBeGreaterThanOrEqual(contain * (1 - 1e-12));
          expect(t.scale).toBeLessThanOrEqual(Math.max(target, contain) * (1 + 1e-12));
          const fits = insideWithMargin(faceInFrame(t, photo, all), body, marginOf(body), 1e-6 * Math.max(frameHole.width, frameHole.height));
          if (t.scale > contain * (1 + 1e-9)) expect(fits).toBe(true);
          // The alignment check finds the placement autoPlace found.
          if (fits) expect(someFit(photo, all, frameHole, body, t.scale)).toBe(true);
          // No larger scale up to the target would have fitted them.
          for (const k of [0.25, 0.5, 1]) {
            const s = t.scale + (target - t.scale) * k;
            if (s > t.scale * (1 + 1e-6)) expect(someFit(photo, all, frameHole, body, s)).toBe(false);
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});
