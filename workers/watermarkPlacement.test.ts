import { describe, expect, test } from 'vitest';
import { AUTO_PLACES, BUSY_DETAIL, NOISE_FLOOR, chooseCalmest, measureRegion, placeBox } from './watermarkPlacement.ts';
import type { PixelRegion } from './watermarkPlacement.ts';

type Rgb = [number, number, number];

/** An RGBA region whose colour at (x, y) is `color(x, y)`, a grey level or an RGB triple. */
function region(width: number, height: number, color: (x: number, y: number) => number | Rgb): PixelRegion {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const c = color(x, y);
      const [r, g, b] = typeof c === 'number' ? [c, c, c] : c;
      data.set([r, g, b, 255], (y * width + x) * 4);
    }
  }
  return { width, height, data };
}

describe('placeBox', () => {
  const mark = { width: 300, height: 60 };
  const out = { width: 1080, height: 1350 };
  test.each([
    ['bottom-right', 752, 1262],
    ['bottom-left', 28, 1262],
    ['top-right', 752, 28],
    ['top-left', 28, 28],
    ['bottom-center', 390, 1262],
    ['top-center', 390, 28],
  ] as const)('%s', (place, x, y) => {
    expect(placeBox(place, mark, out, 28)).toEqual({ x, y, width: 300, height: 60 });
  });

  test('prefers today’s corner', () => {
    expect(AUTO_PLACES[0]).toBe('bottom-right');
    expect(new Set(AUTO_PLACES).size).toBe(6);
  });
});

describe('measureRegion', () => {
  test('a flat or smoothly graded area has no detail', () => {
    expect(measureRegion(region(300, 57, () => 200), 1).detail).toBe(0);
    expect(measureRegion(region(256, 57, (x, y) => [x, 255 - x, y]), 1).detail).toBe(0);
  });

  test('one-pixel stripes are as busy as it gets along their axis', () => {
    expect(measureRegion(region(300, 57, (x) => (x % 2 ? 255 : 0)), 1).detail).toBeCloseTo(255 - NOISE_FLOOR, 6);
    expect(measureRegion(region(300, 57, (_x, y) => (y % 2 ? 255 : 0)), 1).detail).toBeCloseTo(255 - NOISE_FLOOR, 6);
  });

  test('a single edge across the box counts once per row pair', () => {
    // 57 rows, one 255-level step between rows 28 and 29, over 56 row pairs.
    expect(measureRegion(region(300, 57, (_x, y) => (y < 29 ? 0 : 255)), 1).detail).toBeCloseTo((255 - NOISE_FLOOR) / 56, 6);
  });

  test('an edge between two colours of about the same brightness counts', () => {
    // Red-brown against green: luminance 90 against 96, but 63 levels apart on average over R, G, B.
    const edge = measureRegion(region(300, 57, (_x, y) => (y < 29 ? [200, 60, 60] : [60, 110, 60])), 1).detail;
    expect(edge).toBeCloseTo((190 / 3 - NOISE_FLOOR) / 56, 6);
  });

  test('the same artwork at twice the size measures the same', () => {
    const stripes = (period: number) => (x: number) => (Math.floor(x / period) % 2 ? 255 : 0);
    const one = measureRegion(region(300, 57, stripes(8)), 1).detail;
    const two = measureRegion(region(600, 114, stripes(16)), 2).detail;
    expect(two).toBeCloseTo(one, 1);
    // Half the size: the stripes are twice as dense per output pixel, and count the same.
    const half = measureRegion(region(150, 29, stripes(4)), 0.5).detail;
    expect(half).toBeCloseTo(one, 0);
  });

  test('reports the mean and the extreme colours channel by channel', () => {
    const data = new Uint8ClampedArray([10, 200, 30, 255, 250, 20, 90, 255]);
    expect(measureRegion({ width: 2, height: 1, data }, 1)).toMatchObject({ mean: [130, 110, 60], min: [10, 20, 30], max: [250, 200, 90] });
  });
});

describe('chooseCalmest', () => {
  test('takes the calmest place', () => {
    expect(chooseCalmest([9, 7, 1, 8, 6, 5])).toBe(2);
  });

  test('among places about as calm, takes the preferred one', () => {
    expect(chooseCalmest([0.05, 0, 0, 0, 0, 0])).toBe(0);
    expect(chooseCalmest([4, 2.05, 2, 9, 9, 9])).toBe(1);
    expect(chooseCalmest([0.3, 0.2, 0, 0, 0, 0])).toBe(2);
  });

  test('gives -1 (the strip) when every place is busier than the threshold', () => {
    expect(chooseCalmest([13, 40, 20, 12.5, 30, 99])).toBe(-1);
    expect(chooseCalmest([13, 40, 20, BUSY_DETAIL, 30, 99])).toBe(3);
    expect(chooseCalmest([Number.NaN, 13])).toBe(-1);
  });
});
