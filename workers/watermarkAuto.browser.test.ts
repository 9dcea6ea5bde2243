import { beforeAll, describe, expect, test } from 'vitest';
import { WATERMARK_FONT_FAMILY } from './fonts/watermarkFont.ts';
import { drawWatermark, loadWatermarkFont } from './watermark.ts';
import type { WatermarkSpec } from './watermark.ts';
import { MIN_CONTRAST, relativeLuminance } from './watermarkLegibility.ts';
import type { Rgb } from './watermarkLegibility.ts';

type Paint = (ctx: OffscreenCanvasRenderingContext2D, width: number, height: number) => void;
interface Box { x0: number; y0: number; x1: number; y1: number }

const auto: WatermarkSpec = { text: 'Made with Bingkai', logo: 'bingkai', position: 'auto' };

/** Paints a picture, then draws the watermark over it; returns the pixels before and after. */
function render(paint: Paint, spec: WatermarkSpec = auto, width = 1080, height = 1080): { before: ImageData; after: ImageData } {
  const ctx = new OffscreenCanvas(width, height).getContext('2d');
  if (!ctx) throw new Error('no 2d context');
  paint(ctx, width, height);
  const before = ctx.getImageData(0, 0, width, height);
  drawWatermark(ctx, spec, { width, height });
  return { before, after: ctx.getImageData(0, 0, width, height) };
}

const flat = (color: string): Paint => (ctx, width, height) => {
  ctx.fillStyle = color;
  ctx.fillRect(0, 0, width, height);
};

/** Mid grey with seeded grey noise (cells of `cell` px) inside the given boxes. */
function noisy(boxes: Box[], cell = 1): Paint {
  return (ctx, width, height) => {
    flat('rgb(128, 128, 128)')(ctx, width, height);
    const img = ctx.getImageData(0, 0, width, height);
    for (const b of boxes) {
      for (let y = b.y0; y < b.y1; y++) {
        for (let x = b.x0; x < b.x1; x++) {
          // A fixed hash of the cell, so the picture is the same on every run.
          let h = Math.imul(Math.floor(x / cell) + 7919, 0x9e3779b1) ^ Math.imul(Math.floor(y / cell) + 104729, 0x85ebca6b);
          h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
          const i = (y * width + x) * 4;
          img.data[i] = img.data[i + 1] = img.data[i + 2] = (h >>> 24) & 255;
        }
      }
    }
    ctx.putImageData(img, 0, 0);
  };
}

/** Bounding box of the pixels the watermark changed, and how many. */
function changed(before: ImageData, after: ImageData): Box & { count: number } {
  const box = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity, count: 0 };
  for (let y = 0; y < after.height; y++) {
    for (let x = 0; x < after.width; x++) {
      const i = (y * after.width + x) * 4;
      if (after.data[i] === before.data[i] && after.data[i + 1] === before.data[i + 1] && after.data[i + 2] === before.data[i + 2]) continue;
      box.count++;
      box.x0 = Math.min(box.x0, x);
      box.y0 = Math.min(box.y0, y);
      box.x1 = Math.max(box.x1, x + 1);
      box.y1 = Math.max(box.y1, y + 1);
    }
  }
  return box;
}

function overlaps(a: Box, b: Box): boolean {
  return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

function rgbAt(img: ImageData, x: number, y: number): Rgb {
  const i = (y * img.width + x) * 4;
  return [img.data[i] ?? 0, img.data[i + 1] ?? 0, img.data[i + 2] ?? 0];
}

function pixelsIn(img: ImageData, box: Box, keep: (x: number, y: number) => boolean = () => true): Rgb[] {
  const out: Rgb[] = [];
  for (let y = box.y0; y < box.y1; y++) for (let x = box.x0; x < box.x1; x++) if (keep(x, y)) out.push(rgbAt(img, x, y));
  return out;
}

/**
 * Contrast of the text against its background, on pixels: the ink is the 200th pixel of the text
 * area furthest in luminance from the background (a glyph's inside, not its anti-aliased edge),
 * and the background its pixel closest to the ink.
 */
function measuredContrast(textArea: Rgb[], background: Rgb[]): number {
  const bg = background.map(relativeLuminance);
  const mean = bg.reduce((s, l) => s + l, 0) / bg.length;
  const ink = textArea.map(relativeLuminance).sort((a, b) => Math.abs(b - mean) - Math.abs(a - mean))[199] ?? mean;
  return ink > mean ? (ink + 0.05) / (Math.max(...bg) + 0.05) : (Math.min(...bg) + 0.05) / (ink + 0.05);
}

/** On a flat picture the pill sits in the bottom-right corner: all of it, and a patch of its right end past the text. */
const PILL_AREA: Box = { x0: 690, y0: 985, x1: 1060, y1: 1060 };
const PILL_END: Box = { x0: 1034, y0: 1012, x1: 1046, y1: 1035 };

function pillContrast(after: ImageData): number {
  return measuredContrast(pixelsIn(after, PILL_AREA), pixelsIn(after, PILL_END));
}

function sameBytes(a: ImageData, b: ImageData): boolean {
  return a.data.length === b.data.length && a.data.every((v, i) => v === b.data[i]);
}

beforeAll(() => loadWatermarkFont());

describe("drawWatermark 'auto'", () => {
  test('on a calm picture it is today’s bottom-right pill, pixel for pixel', () => {
    const calm = flat('rgb(128, 128, 128)');
    expect(sameBytes(render(calm).after, render(calm, { ...auto, position: 'bottom-right' }).after)).toBe(true);
  });

  test('leaves a busy bottom-right corner for the calm bottom-left one', () => {
    const busy = { x0: 700, y0: 900, x1: 1080, y1: 1080 };
    const { before, after } = render(noisy([busy]));
    const box = changed(before, after);
    expect(box.count).toBeGreaterThan(5000);
    expect(box.x0).toBeLessThan(60);
    expect(box.x1).toBeLessThan(540);
    expect(box.y0).toBeGreaterThan(900);
    expect(overlaps(box, busy)).toBe(false);
  });

  test('finds the one calm place left, the top-left corner', () => {
    const { before, after } = render(noisy([{ x0: 540, y0: 0, x1: 1080, y1: 1080 }, { x0: 0, y0: 200, x1: 540, y1: 1080 }]));
    const box = changed(before, after);
    expect(box.x0).toBeLessThan(60);
    expect(box.y0).toBeLessThan(60);
    expect(box.x1).toBeLessThanOrEqual(540);
    expect(box.y1).toBeLessThanOrEqual(200);
  });

  test('stays off a frame’s own artwork: corner circles and a caption', () => {
    const art: Box[] = [];
    const frame: Paint = (ctx, width, height) => {
      const sky = ctx.createLinearGradient(0, 0, width, height);
      sky.addColorStop(0, '#0f766e');
      sky.addColorStop(1, '#1e3a8a');
      ctx.fillStyle = sky;
      ctx.fillRect(0, 0, width, height);
      for (const [x, y, r, color] of [[90, 90, 50, '#f97316'], [990, 90, 36, '#facc15']] as const) {
        ctx.fillStyle = color;
        ctx.beginPath();
        ctx.arc(x, y, r, 0, Math.PI * 2);
        ctx.fill();
        art.push({ x0: x - r, y0: y - r, x1: x + r, y1: y + r });
      }
      ctx.font = `600 36px "${WATERMARK_FONT_FAMILY}"`;
      ctx.textAlign = 'center';
      ctx.fillStyle = '#facc15';
      const caption = '#JagaBumi bersama Bingkai';
      ctx.fillText(caption, width / 2, 1040);
      const m = ctx.measureText(caption);
      art.push({ x0: width / 2 - m.actualBoundingBoxLeft, y0: 1040 - m.actualBoundingBoxAscent, x1: width / 2 + m.actualBoundingBoxRight, y1: 1040 + m.actualBoundingBoxDescent });
    };
    const { before, after } = render(frame);
    const box = changed(before, after);
    expect(box.count).toBeGreaterThan(5000);
    for (const a of art) expect(overlaps(box, a)).toBe(false);
    expect(measuredContrast(pixelsIn(after, box), pixelsIn(after, { x0: box.x0 + 12, y0: box.y0 + 10, x1: box.x0 + 20, y1: box.y1 - 10 }))).toBeGreaterThanOrEqual(MIN_CONTRAST);
  });

  test('puts the mark on a strip along the bottom when every place is busy', () => {
    const { before, after } = render(noisy([{ x0: 0, y0: 0, x1: 1080, y1: 1080 }]));
    const box = changed(before, after);
    // The band: the full width, 4–5 % of the height, nothing changed above it.
    expect(box).toMatchObject({ x0: 0, x1: 1080, y1: 1080 });
    expect(box.y0).toBeGreaterThanOrEqual(1080 - 0.05 * 1080);
    expect(box.y0).toBeLessThanOrEqual(1080 - 0.04 * 1080);
    // Every pixel of it, but for the few the band's blend happens to leave as they were.
    expect(box.count).toBeGreaterThan(0.99 * 1080 * (1080 - box.y0));
    // Legible on the noise: the mark in the middle against the band's plain ends.
    const ends = pixelsIn(after, box, (x) => x < 150 || x >= 930);
    const middle = pixelsIn(after, { ...box, x0: 300, x1: 780 });
    expect(measuredContrast(middle, ends)).toBeGreaterThanOrEqual(MIN_CONTRAST);
  });

  test.each([
    ['white', 'rgb(255, 255, 255)'],
    ['pale yellow', 'rgb(250, 225, 120)'],
    ['mid grey', 'rgb(128, 128, 128)'],
    ['near black', 'rgb(16, 16, 24)'],
    ['saturated red', 'rgb(220, 20, 40)'],
  ])('keeps its text at ≥ 4.5:1 against the pill on %s', (_name, color) => {
    const { before, after } = render(flat(color));
    const box = changed(before, after);
    expect(box.count).toBeGreaterThan(1000);
    expect(box).toSatisfy((b: Box) => b.x0 >= PILL_AREA.x0 && b.y0 >= PILL_AREA.y0 && b.x1 <= PILL_AREA.x1 && b.y1 <= PILL_AREA.y1);
    expect(pillContrast(after)).toBeGreaterThanOrEqual(MIN_CONTRAST);
  });

  test('chooses a light pill on a light picture (the fixed dark corner pill falls short there)', () => {
    const white = flat('rgb(255, 255, 255)');
    const { after } = render(white);
    // The pill stays white on white; its text is near black.
    expect(relativeLuminance(rgbAt(after, 1040, 1023))).toBe(1);
    expect(Math.min(...pixelsIn(after, PILL_AREA).map(relativeLuminance))).toBeLessThan(0.01);
    const corner = render(white, { ...auto, position: 'bottom-right' });
    expect(relativeLuminance(rgbAt(corner.after, 1040, 1023))).toBeLessThan(0.4);
    expect(pillContrast(corner.after)).toBeLessThan(MIN_CONTRAST);
  });

  test('same input, same pixels', () => {
    const picture = noisy([{ x0: 700, y0: 900, x1: 1080, y1: 1080 }]);
    expect(sameBytes(render(picture).after, render(picture).after)).toBe(true);
    const busy = noisy([{ x0: 0, y0: 0, x1: 1080, y1: 1080 }]);
    expect(sameBytes(render(busy).after, render(busy).after)).toBe(true);
  });

  test('makes the same choice at twice the size, at twice the size', () => {
    const one = render(noisy([{ x0: 700, y0: 900, x1: 1080, y1: 1080 }]));
    const two = render(noisy([{ x0: 1400, y0: 1800, x1: 2160, y1: 2160 }], 2), auto, 2160, 2160);
    const a = changed(one.before, one.after);
    const b = changed(two.before, two.after);
    expect(b.x1).toBeLessThan(1080);
    expect(b.y0).toBeGreaterThan(1800);
    expect(Math.abs((b.x1 - b.x0) / (a.x1 - a.x0) - 2)).toBeLessThan(0.03);
    expect(Math.abs((b.y1 - b.y0) / (a.y1 - a.y0) - 2)).toBeLessThan(0.05);
  });
});
