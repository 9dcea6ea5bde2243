import { describe, expect, test } from 'vitest';
import { compositeResult } from './composite.ts';
import type { PhotoSlot } from './composite.ts';
import { ownerCells } from './ownerCells.ts';
import { bitmapOf, meanAbsDiff, pixelAt, pixelsOf, samplePhoto } from './testing/pixels.ts';

function solid(width: number, height: number, color: string) {
  return bitmapOf(width, height, (ctx) => {
    ctx.fillStyle = color;
    ctx.fillRect(0, 0, width, height);
  });
}

test('each hole gets the box of the pixels it owns, and a mask opaque exactly on them', () => {
  // 6 × 4: hole 1 owns an L in the top-left, hole 2 the rest; hole 3 owns nothing.
  const rows = ['112222', '122222', '122222', '222222'];
  const owner = { width: 6, height: 4, data: Uint8Array.from(rows.join(''), Number) };
  const [one, two, three] = ownerCells(owner, 3);
  expect(one?.box).toEqual({ x: 0, y: 0, width: 2, height: 3 });
  expect(two?.box).toEqual({ x: 0, y: 0, width: 6, height: 4 });
  expect(three).toBeNull();
  const alpha = (cell: typeof one) => Array.from(pixelsOf(cell!.mask).data.filter((_, i) => i % 4 === 3), (a) => (a ? 1 : 0)).join('');
  expect(alpha(one)).toBe('11' + '10' + '10');
  expect(alpha(two)).toBe('001111' + '011111' + '011111' + '111111');
});

describe('compositeResult with several holes', () => {
  test.each([
    ['canvas', 1],
    ['webgl', 1],
    ['canvas', 2],
    ['webgl', 2],
  ] as const)('two holes with two photos: each shows only in its own hole (%s, output ×%i)', async (renderer, outputScale) => {
    // Hole 1 a rectangle on the left, hole 2 a circle on the right; the owner map splits the frame at x = 160.
    const frame = await bitmapOf(300, 200, (ctx) => {
      ctx.fillStyle = '#808080';
      ctx.fillRect(0, 0, 300, 200);
      ctx.clearRect(30, 40, 100, 120);
      ctx.globalCompositeOperation = 'destination-out';
      ctx.beginPath();
      ctx.arc(220, 100, 55, 0, Math.PI * 2);
      ctx.fill();
    });
    const owner = { width: 300, height: 200, data: new Uint8Array(300 * 200).map((_, i) => (i % 300 < 160 ? 1 : 2)) };
    // Each photo reaches far into the other hole: only the owner map keeps them apart.
    const red: PhotoSlot = { photo: await solid(50, 50, '#e00000'), transform: { x: 80, y: 100, scale: 4, rotation: 0 }, cover: { x: 30, y: 40, width: 100, height: 120 } };
    const blue: PhotoSlot = { photo: await solid(80, 40, '#0000e0'), transform: { x: 220, y: 100, scale: 8, rotation: 10 }, cover: { x: 165, y: 45, width: 110, height: 110 } };
    const out = pixelsOf(await compositeResult({ frame, frameType: 'frame', slots: [red, blue], owner, outputScale, renderer }));
    const alpha = pixelsOf(frame);
    const clear = (x: number, y: number) => (alpha.data[(y * 300 + x) * 4 + 3] ?? 255) === 0;
    const counted = [0, 0];
    for (let y = 1; y < 199; y++) {
      for (let x = 1; x < 299; x++) {
        const a = alpha.data[(y * 300 + x) * 4 + 3] ?? 255;
        // At 2× the upscaled frame blends its edge pixels with their neighbours: check the inner ones there.
        const inside = outputScale === 1 ? a < 128 : [-1, 0, 1].every((dy) => [-1, 0, 1].every((dx) => clear(x + dx, y + dy)));
        if (!inside) continue;
        const [r = 0, g = 0, b = 0] = pixelAt(out, x * outputScale + outputScale - 1, y * outputScale + outputScale - 1);
        const hole = x < 160 ? 0 : 1;
        counted[hole]!++;
        if (hole === 0) expect(r > g + 100 && r > b + 100, `(${x}, ${y}) is red-ish: ${[r, g, b]}`).toBe(true);
        else expect(b > r + 100 && b > g + 100, `(${x}, ${y}) is blue-ish: ${[r, g, b]}`).toBe(true);
      }
    }
    expect(counted[0]).toBeGreaterThan(9000);
    expect(counted[1]).toBeGreaterThan(7000);
  });

  test.each([1, 2])('the same photo in two cells that split one hole draws the one-hole picture, with either renderer (output ×%i)', async (outputScale) => {
    const photo = await samplePhoto('sample2.jpg');
    const frame = await bitmapOf(240, 200, (ctx) => {
      ctx.fillStyle = '#1d4ed8';
      ctx.fillRect(0, 0, 240, 200);
      ctx.clearRect(20, 20, 200, 160);
    });
    const slot: PhotoSlot = { photo, transform: { x: 120, y: 100, scale: 0.13, rotation: 9 }, cover: { x: 20, y: 20, width: 200, height: 160 } };
    const owner = { width: 240, height: 200, data: new Uint8Array(240 * 200).map((_, i) => (i % 240 < 117 ? 1 : 2)) };
    const one = pixelsOf(await compositeResult({ frame, frameType: 'frame', slots: [slot], outputScale, renderer: 'canvas' }));
    const two = pixelsOf(await compositeResult({ frame, frameType: 'frame', slots: [slot, slot], owner, outputScale, renderer: 'canvas' }));
    expect(meanAbsDiff(one, two)).toBeLessThan(0.5);
    const gl = pixelsOf(await compositeResult({ frame, frameType: 'frame', slots: [slot, slot], owner, outputScale, renderer: 'webgl' }));
    expect(meanAbsDiff(gl, two)).toBeLessThan(1.5);
  });
});
