import { describe, expect, test } from 'vitest';
import { resampleTo } from './resample.ts';
import { bitmapOf, channelStats, checkerboard, pixelsOf } from './testing/pixels.ts';

describe('resampleTo', () => {
  test('an 8× reduction of a 1 px checkerboard is an even grey at the source average', async () => {
    const board = await bitmapOf(1024, 1024, (ctx) => checkerboard(ctx, 1024, 1024));
    const reference = channelStats(pixelsOf(board), 0).mean;
    const small = resampleTo(board, 128, 128);
    expect([small.width, small.height]).toEqual([128, 128]);
    const stats = channelStats(pixelsOf(small), 0);
    expect(Math.abs(stats.mean - reference)).toBeLessThan(2);
    expect(stats.std).toBeLessThan(3);
    // The pattern is a fair test: sampling it without filtering gives flat black or white, not grey.
    const naive = new OffscreenCanvas(128, 128);
    const ctx = naive.getContext('2d');
    if (!ctx) throw new Error('no 2d context');
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(board, 0, 0, 128, 128);
    expect(Math.abs(channelStats(ctx.getImageData(0, 0, 128, 128), 0).mean - reference)).toBeGreaterThan(100);
  });

  test('1 px lines reduced by a non-integer factor show no moiré', async () => {
    const stripes = await bitmapOf(1000, 600, (ctx) => {
      ctx.fillStyle = '#000';
      ctx.fillRect(0, 0, 1000, 600);
      ctx.fillStyle = '#fff';
      for (let x = 0; x < 1000; x += 2) ctx.fillRect(x, 0, 1, 600);
    });
    const reference = channelStats(pixelsOf(stripes), 0).mean;
    const stats = channelStats(pixelsOf(resampleTo(stripes, 117, 70)), 0, 1, 1, 116, 69);
    expect(Math.abs(stats.mean - reference)).toBeLessThan(2);
    expect(stats.max - stats.min).toBeLessThan(4);
  });

  test('crops a region while reducing it', async () => {
    const img = await bitmapOf(400, 200, (ctx) => {
      ctx.fillStyle = '#ff0000';
      ctx.fillRect(0, 0, 200, 200);
      ctx.fillStyle = '#0000ff';
      ctx.fillRect(200, 0, 200, 200);
    });
    const out = pixelsOf(resampleTo(img, 50, 25, { x: 100, y: 50, width: 200, height: 100 }));
    expect(Array.from(out.data.slice(0, 4))).toEqual([255, 0, 0, 255]);
    const last = (25 * 50 - 1) * 4;
    expect(Array.from(out.data.slice(last, last + 4))).toEqual([0, 0, 255, 255]);
    expect(() => resampleTo(img, 10, 10, { x: 350, y: 0, width: 100, height: 10 })).toThrow(/Invalid resample region/);
  });

  test('returns the source untouched at its own size and rejects bad sizes', async () => {
    const img = await bitmapOf(10, 10, (ctx) => ctx.fillRect(0, 0, 10, 10));
    expect(resampleTo(img, 10, 10)).toBe(img);
    expect(() => resampleTo(img, 0, 10)).toThrow(/Invalid resample size/);
    expect(() => resampleTo(img, 2.5, 10)).toThrow(/Invalid resample size/);
  });
});
