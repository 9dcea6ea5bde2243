import { describe, expect, test } from 'vitest';
import { personAlpha, replaceBackground } from './background.ts';
import type { MaskInput } from './background.ts';
import type { BackgroundChoice } from '../core/pipelineTypes.ts';
import { bitmapOf, channelStats, pixelAt, pixelsOf } from './testing/pixels.ts';

const SIZE = 200;
const RADIUS = 60;

/** A red "person" disk on a background of 4 px green/black stripes. */
function scene() {
  return bitmapOf(SIZE, SIZE, (ctx) => {
    for (let x = 0; x < SIZE; x += 4) {
      ctx.fillStyle = (x / 4) % 2 ? '#000000' : '#00c000';
      ctx.fillRect(x, 0, 4, SIZE);
    }
    ctx.fillStyle = '#ff0000';
    ctx.beginPath();
    ctx.arc(SIZE / 2, SIZE / 2, RADIUS, 0, Math.PI * 2);
    ctx.fill();
  });
}

/** The segmenter's view of the scene: a hard-edged disk at a quarter of the resolution. */
function diskMask(kind: 'float' | 'byte'): MaskInput {
  const n = SIZE / 4;
  const inside = (i: number) => ((i % n) + 0.5 - n / 2) ** 2 + (Math.floor(i / n) + 0.5 - n / 2) ** 2 < (RADIUS / 4) ** 2;
  return kind === 'float'
    ? { width: n, height: n, data: new Float32Array(n * n).map((_, i) => (inside(i) ? 1 : 0)) }
    : { width: n, height: n, data: new Uint8Array(n * n).map((_, i) => (inside(i) ? 255 : 0)) };
}

/** Pixels on a circle around the centre. */
function ring(img: ImageData, radius: number): [number, number, number, number][] {
  return Array.from({ length: 24 }, (_, k) => pixelAt(img, SIZE / 2 + radius * Math.cos((k * Math.PI) / 12), SIZE / 2 + radius * Math.sin((k * Math.PI) / 12)));
}

describe('replaceBackground', () => {
  test.each(['float', 'byte'] as const)('a colour fills everything outside the person (%s mask), without a halo', async (kind) => {
    const photo = await scene();
    const out = pixelsOf(replaceBackground({ photo, mask: diskMask(kind), choice: { kind: 'color', color: '#0000ff' } }));
    expect(pixelAt(out, 5, 5)).toEqual([0, 0, 255, 255]);
    expect(pixelAt(out, 100, 100)).toEqual([255, 0, 0, 255]);
    // Just outside the edge: the new colour only, no fringe of the old green.
    for (const [r, g, b, a] of ring(out, RADIUS + 6)) expect([r, g, b, a]).toEqual([0, 0, 255, 255]);
    for (const [r, g, b] of ring(out, RADIUS - 8)) expect([r, g, b]).toEqual([255, 0, 0]);
    // The edge itself is feathered: some pixels are neither pure colour.
    const edge = ring(out, RADIUS - 1).filter(([r, , b]) => r > 10 && b > 10);
    expect(edge.length).toBeGreaterThan(0);
  });

  test('keep returns the photo untouched', async () => {
    const photo = await scene();
    const out = replaceBackground({ photo, mask: diskMask('byte'), choice: { kind: 'keep' } });
    expect(out).toBe(photo);
  });

  test('blur smooths the background, keeps the person sharp and does not smear them outwards', async () => {
    const photo = await scene();
    const before = pixelsOf(photo);
    const out = pixelsOf(replaceBackground({ photo, mask: diskMask('float'), choice: { kind: 'blur', radius: 20 } }));
    // The stripes (green 0/192) average out far from the person.
    expect(channelStats(before, 1, 0, 0, 30, 30).std).toBeGreaterThan(80);
    const corner = channelStats(out, 1, 0, 0, 30, 30);
    expect(corner.std).toBeLessThan(10);
    // An average of the stripes (96), give or take the border, which repeats its edge pixels.
    expect(Math.abs(corner.mean - 96)).toBeLessThan(30);
    expect(pixelAt(out, 100, 100)).toEqual([255, 0, 0, 255]);
    for (const [r, g, b] of ring(out, RADIUS - 8)) expect([r, g, b]).toEqual([255, 0, 0]);
    // A plain blur of σ 20 would tint this ring red (≈ 30 % of the person); the person is left out of the blur.
    for (const [r, , , a] of ring(out, RADIUS + 10)) {
      expect(r).toBeLessThan(12);
      expect(a).toBe(255);
    }
  });

  test('the blur is Gaussian with σ = radius: a step edge rises from 16 % to 84 % over 2σ', async () => {
    const step = await bitmapOf(600, 60, (ctx) => {
      ctx.fillStyle = '#000000';
      ctx.fillRect(0, 0, 600, 60);
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(300, 0, 300, 60);
    });
    const nobody: MaskInput = { width: 60, height: 6, data: new Uint8Array(360) };
    for (const sigma of [6, 15]) {
      const out = pixelsOf(replaceBackground({ photo: step, mask: nobody, choice: { kind: 'blur', radius: sigma } }));
      const row = Array.from({ length: 600 }, (_, x) => pixelAt(out, x, 30)[0]);
      const crossing = (level: number) => row.findIndex((v) => v >= level);
      expect(Math.abs(crossing(255 * 0.8413) - crossing(255 * 0.1587) - 2 * sigma)).toBeLessThan(0.2 * sigma + 1);
      expect(row[0]).toBe(0);
      expect(row[599]).toBe(255);
    }
  });

  test('an uploaded image is cover-fitted behind the person', async () => {
    const photo = await scene();
    const image = await bitmapOf(100, 50, (ctx) => {
      ctx.fillStyle = '#0000ff';
      ctx.fillRect(0, 0, 50, 50);
      ctx.fillStyle = '#ffff00';
      ctx.fillRect(50, 0, 50, 50);
    });
    const out = pixelsOf(replaceBackground({ photo, mask: diskMask('byte'), choice: { kind: 'image' }, image }));
    // Cover: 4× → 400 × 200, centred, so the photo sees the middle half: blue left, yellow right.
    expect(pixelAt(out, 5, 5)).toEqual([0, 0, 255, 255]);
    expect(pixelAt(out, 195, 195)).toEqual([255, 255, 0, 255]);
    expect(pixelAt(out, 100, 100)).toEqual([255, 0, 0, 255]);
  });

  test('design leaves the person alone on transparency', async () => {
    const photo = await scene();
    const out = pixelsOf(replaceBackground({ photo, mask: diskMask('byte'), choice: { kind: 'design' } }));
    expect(pixelAt(out, 5, 5)[3]).toBe(0);
    expect(pixelAt(out, 100, 100)).toEqual([255, 0, 0, 255]);
    for (const px of ring(out, RADIUS + 6)) expect(px[3]).toBe(0);
  });

  test('bad input is rejected with a clear error', async () => {
    const photo = await scene();
    const mask = diskMask('byte');
    expect(() => replaceBackground({ photo, mask: { width: 10, height: 10, data: new Uint8Array(99) }, choice: { kind: 'keep' } })).toThrow(/Mask has 99 values, expected 100/);
    expect(() => replaceBackground({ photo, mask: { width: 0, height: 10, data: new Uint8Array(0) }, choice: { kind: 'keep' } })).toThrow(/Invalid mask size/);
    expect(() => replaceBackground({ photo, mask, choice: { kind: 'color', color: 'not-a-colour' } })).toThrow(/is not a colour/);
    expect(() => replaceBackground({ photo, mask, choice: { kind: 'blur', radius: -1 } })).toThrow(/Invalid blur radius/);
    expect(() => replaceBackground({ photo, mask, choice: { kind: 'image' } })).toThrow(/Background image missing/);
    expect(() => replaceBackground({ photo, mask, choice: { kind: 'sparkle' } as unknown as BackgroundChoice })).toThrow(/Unknown background choice/);
    expect(() => replaceBackground({ photo, mask, choice: { kind: 'keep' }, window: { x: 0, y: 0, width: 0, height: 1 } })).toThrow(/Invalid photo window/);
  });
});

describe('personAlpha', () => {
  test('upsamples a hard step into a smooth, monotone ramp', () => {
    const alpha = personAlpha({ width: 8, height: 1, data: new Float32Array([0, 0, 0, 0, 1, 1, 1, 1]) }, 64, 1);
    expect(alpha[0]).toBe(0);
    expect(alpha[63]).toBe(255);
    for (let i = 1; i < 64; i++) expect(alpha[i]!).toBeGreaterThanOrEqual(alpha[i - 1]!);
    const partial = Array.from(alpha).filter((v) => v > 0 && v < 255);
    expect(partial.length).toBeGreaterThanOrEqual(6);
    // No single jump across most of the range: the edge is feathered, not stepped.
    for (let i = 1; i < 64; i++) expect(alpha[i]! - alpha[i - 1]!).toBeLessThan(80);
  });
});
