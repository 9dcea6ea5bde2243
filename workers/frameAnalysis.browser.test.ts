import { describe, expect, it } from 'vitest';
import { analyzeFrameBitmap } from './frameAnalysis.ts';
import type { Rect } from '../core/geometry.ts';
import { PipelineError } from '../core/pipelineTypes.ts';

type Cut = { circle: [cx: number, cy: number, r: number] } | { rounded: [x: number, y: number, width: number, height: number, radius: number] };

/**
 * A twibbon-like frame drawn by Chromium (gradient, decoration, anti-aliased cut-outs), encoded as PNG
 * and decoded again like an upload. `outsideRadius` clears everything outside a round badge.
 */
async function decodedFrame(cuts: Cut[], outsideRadius?: number): Promise<ImageBitmap> {
  const size = 1080;
  const canvas = new OffscreenCanvas(size, size);
  const ctx = canvas.getContext('2d')!;
  const gradient = ctx.createLinearGradient(0, 0, size, size);
  gradient.addColorStop(0, '#d7141a');
  gradient.addColorStop(1, '#0f2a5c');
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, size, size);
  ctx.fillStyle = 'rgba(255, 213, 74, 0.4)';
  ctx.fillRect(60, 850, 960, 170);
  ctx.globalCompositeOperation = 'destination-out';
  ctx.fillStyle = '#000';
  for (const cut of cuts) {
    ctx.beginPath();
    if ('circle' in cut) ctx.arc(...cut.circle, 0, 2 * Math.PI);
    else ctx.roundRect(...cut.rounded);
    ctx.fill();
  }
  if (outsideRadius) {
    ctx.beginPath();
    ctx.rect(0, 0, size, size);
    ctx.arc(size / 2, size / 2, outsideRadius, 0, 2 * Math.PI, true);
    ctx.fill('evenodd');
  }
  return createImageBitmap(await canvas.convertToBlob({ type: 'image/png' }));
}

function box(cut: Cut): Rect {
  if ('circle' in cut) {
    const [cx, cy, r] = cut.circle;
    return { x: cx - r, y: cy - r, width: 2 * r, height: 2 * r };
  }
  const [x, y, width, height] = cut.rounded;
  return { x, y, width, height };
}

const frames: Record<string, { cuts: Cut[]; outsideRadius?: number }> = {
  'circle hole': { cuts: [{ circle: [540, 470, 330] }] },
  'rounded window': { cuts: [{ rounded: [190, 200, 700, 620, 60] }] },
  'round badge with clear corners': { cuts: [{ circle: [540, 540, 300] }], outsideRadius: 520 },
  'two windows': { cuts: [{ rounded: [620, 120, 400, 600, 40] }, { circle: [300, 400, 200] }] },
};

describe('analyzeFrameBitmap on decoded frames', () => {
  for (const [name, { cuts, outsideRadius }] of Object.entries(frames)) {
    it(`finds the holes of a ${name} with both engines`, async () => {
      const bitmap = await decodedFrame(cuts, outsideRadius);
      const wasm = await analyzeFrameBitmap(bitmap, { engine: 'wasm' });
      const ts = await analyzeFrameBitmap(bitmap, { engine: 'ts' });
      bitmap.close();
      expect(wasm).toEqual(ts);
      expect(wasm).toMatchObject({ width: 1080, height: 1080 });
      // Largest first; the badge's transparent outside is not a hole.
      const expected = cuts.map(box).sort((a, b) => b.width * b.height - a.width * a.height);
      expect(wasm.holes).toHaveLength(expected.length);
      wasm.holes.forEach((hole, i) => {
        // Anti-aliased edges: the alpha threshold lands within a pixel of the geometric edge.
        for (const key of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(hole[key] - expected[i]![key])).toBeLessThanOrEqual(2);
      });
      const holeShare = wasm.holes.reduce((sum, hole) => sum + hole.share, 0);
      if (outsideRadius) expect(wasm.transparentShare).toBeGreaterThan(holeShare + 0.1);
      else expect(wasm.transparentShare).toBeCloseTo(holeShare, 6);
    });
  }

  it('rejects a closed bitmap as FRAME_INVALID', async () => {
    const bitmap = await createImageBitmap(new ImageData(4, 4));
    bitmap.close();
    const error = await analyzeFrameBitmap(bitmap).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PipelineError);
    expect((error as PipelineError).code).toBe('FRAME_INVALID');
  });

  it('rejects an opaque decoded image as FRAME_NOT_TRANSPARENT', async () => {
    const canvas = new OffscreenCanvas(64, 64);
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#c33';
    ctx.fillRect(0, 0, 64, 64);
    const bitmap = await createImageBitmap(await canvas.convertToBlob({ type: 'image/png' }));
    const error = await analyzeFrameBitmap(bitmap).catch((e: unknown) => e);
    expect((error as PipelineError).code).toBe('FRAME_NOT_TRANSPARENT');
  });
});
