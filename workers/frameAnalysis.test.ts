import { beforeAll, describe, expect, it } from 'vitest';
import { buildWasm } from '../wasm/build.ts';
import { circle, roundedRect, syntheticFrame } from '../core/frame/syntheticFrames.ts';
import { analyzeFrame, type AnalyzeFrameOptions } from './frameAnalysis.ts';
import { PipelineError, type FrameAnalysis } from '../core/pipelineTypes.ts';

beforeAll(() => buildWasm(), 120_000);

const engines: NonNullable<AnalyzeFrameOptions['engine']>[] = ['ts', 'wasm', 'auto'];

async function analyzeAll(rgba: Uint8ClampedArray, width: number, height: number, options: AnalyzeFrameOptions = {}): Promise<FrameAnalysis> {
  const results = await Promise.all(engines.map((engine) => analyzeFrame(rgba, width, height, { ...options, engine })));
  for (const result of results) expect(result).toEqual(results[0]);
  return results[0]!;
}

async function rejection(promise: Promise<unknown>): Promise<PipelineError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PipelineError);
  return error as PipelineError;
}

describe('analyzeFrame', () => {
  it('finds a circular hole with its bounding box, area and share', async () => {
    const analysis = await analyzeAll(syntheticFrame(200, 200, circle(100, 90, 60)), 200, 200);
    expect(analysis.holes).toHaveLength(1);
    const [hole] = analysis.holes;
    expect(hole).toMatchObject({ x: 40, y: 30, width: 120, height: 120 });
    expect(hole!.area).toBeGreaterThan(Math.PI * 59 * 59);
    expect(hole!.area).toBeLessThan(Math.PI * 61 * 61);
    expect(hole!.share).toBeCloseTo(hole!.area / 40_000, 12);
    expect(analysis.transparentShare).toBeCloseTo(hole!.share, 12);
    expect(analysis).toMatchObject({ width: 200, height: 200 });
  });

  it('lists several holes largest first', async () => {
    const frame = syntheticFrame(300, 200, (x, y) => roundedRect(20, 20, 80, 160, 12)(x, y) || circle(220, 100, 70)(x, y));
    const { holes } = await analyzeAll(frame, 300, 200);
    expect(holes.map(({ x, y, width, height }) => ({ x, y, width, height }))).toEqual([
      { x: 150, y: 30, width: 140, height: 140 },
      { x: 20, y: 20, width: 80, height: 160 },
    ]);
    expect(holes[0]!.area).toBeGreaterThan(holes[1]!.area);
  });

  it('drops the transparent outside of a round badge and keeps the window inside it', async () => {
    // Transparent corners (touching the border) around an opaque ring with a transparent centre.
    const frame = syntheticFrame(200, 200, (x, y) => !circle(100, 100, 98)(x, y) || circle(100, 100, 40)(x, y));
    const analysis = await analyzeAll(frame, 200, 200);
    expect(analysis.holes).toHaveLength(1);
    expect(analysis.holes[0]).toMatchObject({ x: 60, y: 60, width: 80, height: 80 });
    // The corners still count as transparency.
    expect(analysis.transparentShare).toBeGreaterThan(analysis.holes[0]!.share + 0.1);
  });

  it('uses a window open to the frame edge when nothing is enclosed', async () => {
    // Overlay frame: opaque banner at the bottom, transparent above, plus a tiny logo cut-out.
    const frame = syntheticFrame(200, 200, (x, y) => y < 150 || circle(100, 175, 5)(x, y));
    const { holes } = await analyzeAll(frame, 200, 200);
    expect(holes[0]).toMatchObject({ x: 0, y: 0, width: 200, height: 150, area: 30_000 });
    expect(holes).toHaveLength(2);
  });

  it('ignores specks below the minimum share', async () => {
    const hole = circle(100, 100, 50);
    const speck = (x: number, y: number) => x % 20 === 3 && y % 20 === 3 && !circle(100, 100, 53)(x, y);
    const frame = syntheticFrame(200, 200, (x, y) => hole(x, y) || speck(x, y));
    const { holes, transparentShare } = await analyzeAll(frame, 200, 200);
    expect(holes).toHaveLength(1);
    expect(transparentShare).toBeGreaterThan(holes[0]!.share);
    const withSpecks = await analyzeAll(frame, 200, 200, { minHoleShare: 0 });
    const specks = Array.from({ length: 200 * 200 }, (_, i) => speck(i % 200, Math.floor(i / 200))).filter(Boolean).length;
    expect(specks).toBeGreaterThan(50);
    expect(withSpecks.holes).toHaveLength(1 + specks);
    expect(withSpecks.holes.slice(1).every((h) => h.area === 1)).toBe(true);
  });

  it('honours the alpha threshold', async () => {
    const semi = syntheticFrame(100, 100, () => false, 100);
    expect((await analyzeAll(semi, 100, 100)).transparentShare).toBe(1);
    await rejection(analyzeFrame(semi, 100, 100, { alphaThreshold: 100 }));
  });

  it('rejects frames without enough transparency', async () => {
    for (const engine of engines) {
      const opaque = await rejection(analyzeFrame(syntheticFrame(100, 100, () => false), 100, 100, { engine }));
      expect(opaque.code).toBe('FRAME_NOT_TRANSPARENT');
      expect(opaque.message).toMatch(/0\.0% of the frame is transparent/);
      const tiny = await rejection(analyzeFrame(syntheticFrame(100, 100, circle(50, 50, 10)), 100, 100, { engine }));
      expect(tiny.code).toBe('FRAME_NOT_TRANSPARENT');
      // 12.5 % transparent, but only as one-pixel specks.
      const dust = await rejection(analyzeFrame(syntheticFrame(100, 100, (x, y) => x % 2 === 0 && y % 4 === 0), 100, 100, { engine }));
      expect(dust.code).toBe('FRAME_NOT_TRANSPARENT');
      expect(dust.message).toMatch(/specks/);
    }
  });

  it('takes an opaque background design whole, and keeps the holes of one that has them', async () => {
    for (const engine of engines) {
      const opaque = await analyzeFrame(syntheticFrame(100, 80, () => false), 100, 80, { engine, kind: 'background' });
      expect(opaque).toEqual({ width: 100, height: 80, holes: [{ x: 0, y: 0, width: 100, height: 80, area: 8000, share: 1 }], transparentShare: 0 });
      const speckled = await analyzeFrame(syntheticFrame(100, 100, circle(50, 50, 10)), 100, 100, { engine, kind: 'background' });
      expect(speckled.holes).toEqual([{ x: 0, y: 0, width: 100, height: 100, area: 10_000, share: 1 }]);
      expect(speckled.transparentShare).toBeGreaterThan(0);
      const windowed = syntheticFrame(100, 100, circle(50, 50, 30));
      expect(await analyzeFrame(windowed, 100, 100, { engine, kind: 'background' })).toEqual(await analyzeFrame(windowed, 100, 100, { engine }));
    }
  });

  it('rejects bad sizes and buffers as FRAME_INVALID without touching the input', async () => {
    const rgba = syntheticFrame(10, 10, () => true);
    const copy = rgba.slice();
    const cases: [unknown, number, number][] = [
      [rgba, 0, 10],
      [rgba, 10.5, 10],
      [rgba, Number.NaN, 10],
      [rgba, 11, 10],
      [rgba.subarray(4), 10, 10],
      [[0, 0, 0, 0], 1, 1],
      [new Uint8ClampedArray(4), 20_000, 10_000],
    ];
    for (const [pixels, width, height] of cases) {
      const error = await rejection(analyzeFrame(pixels as Uint8ClampedArray, width, height));
      expect(error.code).toBe('FRAME_INVALID');
      expect(error.name).toBe('PipelineError:FRAME_INVALID');
    }
    for (const options of [{ alphaThreshold: Number.NaN }, { alphaThreshold: 300 }, { minHoleShare: -1 }]) {
      expect((await rejection(analyzeFrame(rgba, 10, 10, options))).code).toBe('FRAME_INVALID');
    }
    expect(rgba).toEqual(copy);
  });
});
