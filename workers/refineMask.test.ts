import { describe, expect, it } from 'vitest';
import { refineMask, type Confidence, type GuideImage } from './refineMask.ts';

const W = 40;
const H = 8;
const EDGE = 20;

/** Guide with luminance `left` for x < EDGE and `right` from EDGE on (grey RGBA). */
function stepGuide(left: number, right: number): GuideImage {
  const data = new Uint8ClampedArray(W * H * 4);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const v = x < EDGE ? left : right;
      data.set([v, v, v, 255], (y * W + x) * 4);
    }
  }
  return { width: W, height: H, data };
}

function confidence(value: (x: number) => number): Confidence {
  const data = new Float32Array(W * H);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) data[y * W + x] = value(x);
  return { width: W, height: H, data };
}

/** Values of row 4, 0..1. */
const row = (mask: { data: Uint8Array }) => Array.from(mask.data.subarray(4 * W, 5 * W), (v) => v / 255);

describe('refineMask', () => {
  it('snaps a blurry, offset mask edge to the image edge', () => {
    // Model output: a soft ramp from x = 17 to x = 23, centred on the image's edge.
    const soft = confidence((x) => Math.min(1, Math.max(0, (x - 17) / 6)));
    const refined = row(refineMask(soft, stepGuide(30, 220), { radius: 4, epsilon: 1e-4 }));
    const before = row({ data: Uint8Array.from(soft.data, (v) => Math.round(v * 255)) });
    const jump = (r: number[]) => (r[EDGE] ?? 0) - (r[EDGE - 1] ?? 0);
    expect(jump(before)).toBeLessThan(0.2);
    expect(jump(refined)).toBeGreaterThan(0.5);
    // Far from the edge the mask is untouched.
    expect(refined[2]).toBe(0);
    expect(refined[W - 3]).toBe(1);
  });

  it('feathers a hard mask edge where the image is flat', () => {
    const hard = confidence((x) => (x < EDGE ? 0 : 1));
    const refined = row(refineMask(hard, stepGuide(128, 128), { radius: 3 }));
    // Two box means of radius 3: the ramp spans at most 6 px either side.
    expect(refined[EDGE - 7]).toBe(0);
    expect(refined[EDGE + 6]).toBe(1);
    // A monotonic ramp with intermediate values around the edge.
    for (let x = EDGE - 3; x <= EDGE + 2; x++) {
      expect(refined[x]).toBeGreaterThan(0);
      expect(refined[x]).toBeLessThan(1);
      expect(refined[x + 1] ?? 0).toBeGreaterThanOrEqual(refined[x] ?? 0);
    }
  });

  it('leaves a uniform mask uniform and stays within 0..255', () => {
    const noisy: GuideImage = { width: W, height: H, data: Uint8ClampedArray.from({ length: W * H * 4 }, (_, i) => (i * 7919) % 256) };
    const refined = refineMask(confidence(() => 0.5), noisy);
    for (const v of refined.data) expect(v).toBe(128);
    const extreme = refineMask(confidence((x) => (x % 2 ? 1 : 0)), noisy, { epsilon: 1e-6 });
    expect(Math.min(...extreme.data)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...extreme.data)).toBeLessThanOrEqual(255);
  });

  it('rejects a guide or mask of the wrong size', () => {
    const mask = confidence(() => 0);
    expect(() => refineMask(mask, { width: W - 1, height: H, data: new Uint8ClampedArray((W - 1) * H * 4) })).toThrow(RangeError);
    expect(() => refineMask({ width: W, height: H, data: new Float32Array(3) }, stepGuide(0, 0))).toThrow(/does not match/);
  });
});
