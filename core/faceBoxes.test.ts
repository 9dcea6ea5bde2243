import { describe, expect, it } from 'vitest';
import { boxIoU, dropCutFaces, faceTiles, mergeFaceBoxes, scaleFaces } from './faceBoxes.ts';
import type { Rect } from './geometry.ts';
import type { FaceBox } from './pipelineTypes.ts';

const face = (x: number, y: number, side: number, score: number): FaceBox => ({
  box: { x, y, width: side, height: side },
  score,
  keypoints: [{ x: x + side / 2, y: y + side / 2 }],
});

describe('boxIoU', () => {
  it('is 1 for equal boxes, 0 for disjoint ones and the overlap ratio otherwise', () => {
    const a: Rect = { x: 0, y: 0, width: 10, height: 10 };
    expect(boxIoU(a, a)).toBe(1);
    expect(boxIoU(a, { x: 10, y: 0, width: 10, height: 10 })).toBe(0);
    expect(boxIoU(a, { x: 5, y: 0, width: 10, height: 10 })).toBeCloseTo(50 / 150);
    expect(boxIoU(a, { x: 0, y: 0, width: 0, height: 0 })).toBe(0);
  });
});

describe('mergeFaceBoxes', () => {
  it('keeps the best of overlapping boxes and every separate face, best first', () => {
    const merged = mergeFaceBoxes([face(0, 0, 100, 0.8), face(10, 5, 100, 0.9), face(300, 0, 80, 0.7)]);
    expect(merged.map((f) => f.score)).toEqual([0.9, 0.7]);
  });

  it('drops a half face lying inside a bigger, better box even when IoU is small', () => {
    const whole = face(0, 0, 200, 0.95);
    const half = { ...face(100, 50, 60, 0.8) };
    expect(boxIoU(whole.box, half.box)).toBeLessThan(0.3);
    expect(mergeFaceBoxes([half, whole])).toEqual([whole]);
  });

  it('does not modify its input', () => {
    const input = [face(0, 0, 10, 0.1), face(0, 0, 10, 0.9)];
    const copy = structuredClone(input);
    mergeFaceBoxes(input);
    expect(input).toEqual(copy);
  });
});

describe('faceTiles', () => {
  /** Every small face (half a tile) inside `band` lies wholly inside some tile. */
  function expectCovered(tiles: Rect[], band: Rect): void {
    const faceSide = (tiles[0]?.width ?? 0) / 2;
    for (let y = band.y; y + faceSide <= band.y + band.height; y += 37) {
      for (let x = band.x; x + faceSide <= band.x + band.width; x += 37) {
        const inside = tiles.some((t) => x >= t.x && y >= t.y && x + faceSide <= t.x + t.width && y + faceSide <= t.y + t.height);
        expect(inside, `face at ${x},${y}`).toBe(true);
      }
    }
  }
  function expectInBounds(tiles: Rect[], size: { width: number; height: number }): void {
    for (const t of tiles) {
      expect(t.x).toBeGreaterThanOrEqual(0);
      expect(t.y).toBeGreaterThanOrEqual(0);
      expect(t.x + t.width).toBeLessThanOrEqual(size.width);
      expect(t.y + t.height).toBeLessThanOrEqual(size.height);
    }
  }

  it('gives a 3:2 photo one centred row of three square tiles, a 4:3 photo two', () => {
    const size = { width: 1920, height: 1280 };
    const tiles = faceTiles(size);
    expect(tiles).toEqual([
      { x: 0, y: 64, width: 1152, height: 1152 },
      { x: 384, y: 64, width: 1152, height: 1152 },
      { x: 768, y: 64, width: 1152, height: 1152 },
    ]);
    expect(faceTiles({ width: 1280, height: 960 }).map((t) => [t.x, t.y])).toEqual([
      [0, 48],
      [416, 48],
    ]);
    expectInBounds(tiles, size);
    // The strips left above and below are at most 1/16 tile.
    expectCovered(tiles, { x: 0, y: 64, width: 1920, height: 1152 });
  });

  it('adds rows and columns with overlap when the image is much longer than a tile', () => {
    const size = { width: 4000, height: 1000 };
    const tiles = faceTiles(size, 0.6);
    expect(tiles.every((t) => t.width === 600 && t.height === 600)).toBe(true);
    const ys = [...new Set(tiles.map((t) => t.y))];
    const xs = [...new Set(tiles.map((t) => t.x))];
    expect(ys).toEqual([0, 200, 400]);
    expect(xs[0]).toBe(0);
    expect(xs.at(-1)).toBe(3400);
    for (let i = 1; i < xs.length; i++) expect(xs[i]! - xs[i - 1]!).toBeLessThanOrEqual(300);
    expectInBounds(tiles, size);
    expectCovered(tiles, { x: 0, y: 0, width: 4000, height: 1000 });
  });

  it('uses no tiles for small images', () => {
    expect(faceTiles({ width: 400, height: 200 })).toEqual([]);
  });
});

describe('dropCutFaces', () => {
  const tile: Rect = { x: 100, y: 100, width: 200, height: 200 };
  const image = { width: 300, height: 300 };

  it('drops faces touching an inner tile edge and keeps those touching the image border', () => {
    const cutLeft = face(100, 150, 40, 0.9);
    const cutTop = face(150, 100, 40, 0.9);
    const inside = face(150, 150, 40, 0.9);
    const atImageBorder = face(260, 260, 40, 0.9);
    expect(dropCutFaces([cutLeft, cutTop, inside, atImageBorder], tile, image)).toEqual([inside, atImageBorder]);
  });
});

describe('scaleFaces', () => {
  it('scales boxes and keypoints from a copy to the working image', () => {
    const [scaled] = scaleFaces([face(10, 20, 30, 0.5)], 3, 2);
    expect(scaled).toEqual({ box: { x: 30, y: 40, width: 90, height: 60 }, score: 0.5, keypoints: [{ x: 75, y: 70 }] });
  });
});
