import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildWasm } from './build.ts';
import { loadFrameAlpha } from './frameAlpha.ts';
import { labelAlpha, STAT_FIELDS, type AlphaLabeller } from '../core/frame/labelAlpha.ts';
import { circle, componentStrings, floodFillComponents, roundedRect, syntheticFrame } from '../core/frame/syntheticFrames.ts';
import { findFrameHoles } from '../core/frame/findFrameHoles.ts';

let wasm: AlphaLabeller;

beforeAll(async () => {
  await buildWasm();
  wasm = await loadFrameAlpha();
}, 120_000);

const synthetic: Record<string, [Uint8ClampedArray, number, number]> = {
  'circle hole': [syntheticFrame(120, 100, circle(60, 50, 35)), 120, 100],
  'rounded rect': [syntheticFrame(90, 140, roundedRect(10, 20, 70, 90, 18)), 90, 140],
  'two holes': [syntheticFrame(160, 80, (x, y) => circle(40, 40, 25)(x, y) || roundedRect(90, 15, 55, 50, 8)(x, y)), 160, 80],
  'no hole': [syntheticFrame(64, 48, () => false), 64, 48],
  'all transparent': [syntheticFrame(33, 21, () => true), 33, 21],
  'noise': [syntheticFrame(101, 77, (x, y) => ((x * 73856093) ^ (y * 19349663)) % 7 < 3), 101, 77],
  'badge with clear corners': [syntheticFrame(100, 100, (x, y) => !circle(50, 50, 48)(x, y) || circle(50, 50, 30)(x, y)), 100, 100],
  'diagonal stroke': [syntheticFrame(40, 40, (x, y) => x !== y), 40, 40],
  'single column': [syntheticFrame(1, 50, (_x, y) => y % 3 !== 0), 1, 50],
};

describe('wasm kernel vs TypeScript twin', () => {
  for (const [name, [rgba, width, height]] of Object.entries(synthetic)) {
    it(`agrees with the TS twin and a flood fill on a ${name}`, () => {
      const fromWasm = wasm(rgba, width, height, 128);
      const fromTs = labelAlpha(rgba, width, height, 128);
      expect(Array.from(fromWasm)).toEqual(Array.from(fromTs));
      expect(componentStrings(fromTs, STAT_FIELDS)).toEqual(floodFillComponents(rgba, width, height, 128));
    });
  }

  it('finds the expected components on the synthetic shapes', () => {
    const [rgba, width, height] = synthetic['two holes']!;
    const parts = componentStrings(wasm(rgba, width, height, 128), STAT_FIELDS).map((s) => s.split(',').map(Number));
    expect(parts).toHaveLength(2);
    expect(parts).toContainEqual([15, 15, 65, 65, expect.any(Number), 0]);
    expect(parts).toContainEqual([90, 15, 145, 65, expect.any(Number), 0]);
    // 4-connectivity: a one-pixel diagonal stroke splits the square into two halves.
    const [diag, dw, dh] = synthetic['diagonal stroke']!;
    expect(wasm(diag, dw, dh, 128).length / STAT_FIELDS).toBe(2);
    expect(wasm(...synthetic['no hole']!, 128)).toHaveLength(0);
  });

  it('treats alpha below the threshold as transparent and the threshold itself as opaque', () => {
    const below = syntheticFrame(10, 10, () => false, 127);
    const at = syntheticFrame(10, 10, () => false, 128);
    expect(Array.from(wasm(below, 10, 10, 128))).toEqual([0, 0, 10, 10, 100, 1]);
    expect(wasm(at, 10, 10, 128)).toHaveLength(0);
  });

  it('agrees on random images of any size and alpha pattern', () => {
    const image = fc
      .record({ width: fc.integer({ min: 1, max: 48 }), height: fc.integer({ min: 1, max: 48 }), density: fc.double({ min: 0, max: 1, noNaN: true }), seed: fc.integer() })
      .map(({ width, height, density, seed }) => {
        let state = seed >>> 0 || 1;
        const rgba = syntheticFrame(width, height, () => {
          state ^= state << 13;
          state ^= state >>> 17;
          state ^= state << 5;
          return (state >>> 0) / 2 ** 32 < density;
        });
        return { rgba, width, height };
      });
    fc.assert(
      fc.property(image, fc.integer({ min: 1, max: 255 }), ({ rgba, width, height }, threshold) => {
        const fromWasm = wasm(rgba, width, height, threshold);
        expect(Array.from(fromWasm)).toEqual(Array.from(labelAlpha(rgba, width, height, threshold)));
        expect(componentStrings(fromWasm, STAT_FIELDS)).toEqual(floodFillComponents(rgba, width, height, threshold));
      }),
      { numRuns: 300 },
    );
  });

  it('grows its memory for a large frame and still matches', () => {
    const width = 2000;
    const height = 1500;
    const rgba = syntheticFrame(width, height, (x, y) => circle(1000, 700, 600)(x, y) || (x + y) % 9 === 0);
    expect(Array.from(wasm(rgba, width, height, 128))).toEqual(Array.from(labelAlpha(rgba, width, height, 128)));
  });
});

/** The alpha plane of an RGBA buffer (what the server gets from sharp's extractChannel('alpha')). */
const alphaPlane = (rgba: Uint8ClampedArray) => Uint8Array.from({ length: rgba.length / 4 }, (_, i) => rgba[i * 4 + 3]!);

describe('alpha planes and findFrameHoles', () => {
  for (const [name, [rgba, width, height]] of Object.entries(synthetic)) {
    it(`labels an alpha plane like RGBA, in both engines, on a ${name}`, () => {
      const plane = alphaPlane(rgba);
      const fromRgba = Array.from(labelAlpha(rgba, width, height, 128));
      expect(Array.from(labelAlpha(plane, width, height, 128, 1))).toEqual(fromRgba);
      expect(Array.from(wasm(plane, width, height, 128, 1))).toEqual(fromRgba);
      // The server's input (alpha plane, TS twin) and the worker's (RGBA, wasm kernel) give the same holes.
      expect(findFrameHoles({ width, height, alpha: plane, channels: 1 }, labelAlpha)).toEqual(findFrameHoles({ width, height, alpha: rgba }, wasm));
    });
  }
});
