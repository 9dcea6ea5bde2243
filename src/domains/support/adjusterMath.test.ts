import { describe, expect, it } from 'vitest';
import { autoPlace, clampTransform, coversHole, MAX_ZOOM, pan, photoToFrameMatrix, zoomAt, type PhotoTransform } from '../../pipeline/index.ts';
import { adjusterReading, applyKeyAction, clientToFrame, fitStage, keyAction, KEY_ZOOM_FACTOR, photoNodeAttrs, pinchStep, rotateAbout } from './adjusterMath.ts';

const photo = { width: 4000, height: 3000 };
const proxy = { width: 1280, height: 960 };
const hole = { x: 140, y: 100, width: 800, height: 800 };
const start: PhotoTransform = autoPlace({ photo, faces: [], hole });
const zoomedIn = zoomAt(start, 2, { x: 540, y: 500 }, photo, hole);

/** Where the Konva node (translate, rotate, scale, minus offset) puts a proxy pixel. */
function nodePoint(t: PhotoTransform, px: number, py: number) {
  const a = photoNodeAttrs(t, photo, proxy);
  const lx = (px - a.offsetX) * a.scaleX;
  const ly = (py - a.offsetY) * a.scaleY;
  const r = (a.rotation * Math.PI) / 180;
  return { x: a.x + lx * Math.cos(r) - ly * Math.sin(r), y: a.y + lx * Math.sin(r) + ly * Math.cos(r) };
}

describe('photoNodeAttrs', () => {
  it('draws each proxy pixel where the pipeline draws the matching working pixel', () => {
    const t = { x: 512, y: 480, scale: 0.4, rotation: 30 };
    const m = photoToFrameMatrix(t, photo);
    for (const [wx, wy] of [
      [0, 0],
      [4000, 0],
      [1234, 2345],
    ] as const) {
      const expected = { x: m.a * wx + m.c * wy + m.e, y: m.b * wx + m.d * wy + m.f };
      const drawn = nodePoint(t, (wx * proxy.width) / photo.width, (wy * proxy.height) / photo.height);
      expect(drawn.x).toBeCloseTo(expected.x, 6);
      expect(drawn.y).toBeCloseTo(expected.y, 6);
    }
  });

  it('scales each axis on its own when rounding changed the proxy aspect', () => {
    const a = photoNodeAttrs({ x: 0, y: 0, scale: 1, rotation: 0 }, { width: 4001, height: 3000 }, { width: 1280, height: 960 });
    expect(a.scaleX).toBeCloseTo(4001 / 1280, 9);
    expect(a.scaleY).toBeCloseTo(3000 / 960, 9);
    expect([a.offsetX, a.offsetY]).toEqual([640, 480]);
  });
});

describe('fitStage', () => {
  it('scales the frame to the container width', () => {
    expect(fitStage(540, { width: 1080, height: 1350 })).toEqual({ width: 540, height: 675, scale: 0.5 });
  });

  it('keeps a tall frame within the height limit', () => {
    expect(fitStage(1000, { width: 1000, height: 2000 }, 500)).toEqual({ width: 250, height: 500, scale: 0.25 });
  });

  it('is empty before the container is measured', () => {
    expect(fitStage(0, { width: 1080, height: 1080 })).toEqual({ width: 0, height: 0, scale: 0 });
  });
});

describe('rotateAbout', () => {
  it('keeps the anchor over the same photo pixel when nothing needs clamping', () => {
    const anchor = { x: 540, y: 500 };
    const turned = rotateAbout(zoomedIn, 10, anchor, photo, hole);
    const before = photoToFrameMatrix(zoomedIn, photo);
    const after = photoToFrameMatrix(turned, photo);
    // The photo pixel under the anchor before the turn...
    const det = before.a * before.d - before.b * before.c;
    const px = (before.d * (anchor.x - before.e) - before.c * (anchor.y - before.f)) / det;
    const py = (-before.b * (anchor.x - before.e) + before.a * (anchor.y - before.f)) / det;
    // ...is still under it afterwards.
    expect(after.a * px + after.c * py + after.e).toBeCloseTo(anchor.x, 6);
    expect(after.b * px + after.d * py + after.f).toBeCloseTo(anchor.y, 6);
    expect(turned.rotation).toBeCloseTo(10, 9);
  });

  it('always covers the hole', () => {
    for (const degrees of [-170, -45, 33, 90, 179]) {
      expect(coversHole(rotateAbout(start, degrees, { x: 0, y: 0 }, photo, hole), photo, hole, 1e-3)).toBe(true);
    }
  });
});

describe('pinchStep', () => {
  it('zooms by the ratio of finger distances about their midpoint', () => {
    const next = pinchStep(
      zoomedIn,
      [
        { x: 440, y: 500 },
        { x: 640, y: 500 },
      ],
      [
        { x: 390, y: 500 },
        { x: 690, y: 500 },
      ],
      photo,
      hole,
    );
    expect(next).toEqual(zoomAt(zoomedIn, 1.5, { x: 540, y: 500 }, photo, hole));
  });

  it('pans with the midpoint when the distance and angle stay', () => {
    const next = pinchStep(
      zoomedIn,
      [
        { x: 440, y: 500 },
        { x: 640, y: 500 },
      ],
      [
        { x: 450, y: 520 },
        { x: 650, y: 520 },
      ],
      photo,
      hole,
    );
    const expected = pan(zoomedIn, 10, 20, photo, hole);
    expect(next.x).toBeCloseTo(expected.x, 9);
    expect(next.y).toBeCloseTo(expected.y, 9);
    expect(next.scale).toBeCloseTo(expected.scale, 9);
  });

  it('turns by the change of the fingers’ angle, taking the short way round', () => {
    const next = pinchStep(
      zoomedIn,
      [
        { x: 440, y: 500 },
        { x: 640, y: 500 },
      ],
      [
        { x: 540, y: 400 },
        { x: 540, y: 600 },
      ],
      photo,
      hole,
    );
    expect(next.rotation).toBeCloseTo(90, 6);
    const wrapped = pinchStep(
      zoomedIn,
      [
        { x: 640, y: 501 },
        { x: 440, y: 500 },
      ],
      [
        { x: 640, y: 499 },
        { x: 440, y: 500 },
      ],
      photo,
      hole,
    );
    expect(Math.abs(wrapped.rotation)).toBeLessThan(2);
  });

  it('never zooms past the limits or uncovers the hole', () => {
    const far = pinchStep(
      start,
      [
        { x: 530, y: 500 },
        { x: 550, y: 500 },
      ],
      [
        { x: 0, y: 500 },
        { x: 1080, y: 500 },
      ],
      photo,
      hole,
    );
    const min = clampTransform({ ...start, scale: 0 }, photo, hole).scale;
    expect(far.scale).toBeLessThanOrEqual(MAX_ZOOM * min * (1 + 1e-9));
    expect(coversHole(far, photo, hole, 1e-3)).toBe(true);
  });
});

describe('keyboard', () => {
  it('maps arrows to pans of 2 % of the hole (10 % with Shift) and +/− to zoom', () => {
    expect(keyAction('ArrowRight', false, hole)).toEqual({ kind: 'pan', dx: 16, dy: 0 });
    expect(keyAction('ArrowUp', true, hole)).toEqual({ kind: 'pan', dx: 0, dy: -80 });
    expect(keyAction('+', false, hole)).toEqual({ kind: 'zoom', factor: KEY_ZOOM_FACTOR });
    expect(keyAction('-', false, hole)).toEqual({ kind: 'zoom', factor: 1 / KEY_ZOOM_FACTOR });
    expect(keyAction('a', false, hole)).toBeNull();
  });

  it('applies them with the placement functions', () => {
    expect(applyKeyAction(zoomedIn, { kind: 'pan', dx: 16, dy: 0 }, photo, hole)).toEqual(pan(zoomedIn, 16, 0, photo, hole));
    expect(applyKeyAction(zoomedIn, { kind: 'zoom', factor: 1.1 }, photo, hole)).toEqual(zoomAt(zoomedIn, 1.1, { x: 540, y: 500 }, photo, hole));
  });
});

describe('adjusterReading', () => {
  it('reads the zoom against the scale that just covers the hole, and the rotation within (−180, 180]', () => {
    expect(adjusterReading(start, photo, hole)).toEqual({ zoom: 100, rotation: 0 });
    expect(adjusterReading(zoomedIn, photo, hole)).toEqual({ zoom: 200, rotation: 0 });
    expect(adjusterReading({ ...zoomedIn, rotation: 270 }, photo, hole).rotation).toBe(-90);
    expect(adjusterReading({ ...zoomedIn, rotation: -190.4 }, photo, hole).rotation).toBe(170);
    expect(adjusterReading({ ...zoomedIn, rotation: 180 }, photo, hole).rotation).toBe(180);
    // Turned 45°, the same scale covers less of the hole's corners: the reading drops below 200.
    expect(adjusterReading({ ...zoomedIn, rotation: 45 }, photo, hole).zoom).toBeLessThan(200);
  });
});

describe('clientToFrame', () => {
  it('undoes the stage offset and scale', () => {
    expect(clientToFrame({ x: 120, y: 260 }, { x: 20, y: 60 }, 0.5)).toEqual({ x: 200, y: 400 });
  });
});
