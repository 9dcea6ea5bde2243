import { describe, expect, test } from 'vitest';
import { WATERMARK_FONT_FAMILY } from './fonts/watermarkFont.ts';
import { drawWatermark, loadWatermarkFont } from './watermark.ts';
import type { WatermarkPosition, WatermarkSpec } from './watermark.ts';

/** Draws the watermark on a mid-grey canvas and returns the pixels. */
function render(spec: WatermarkSpec, width = 1080, height = 1080): ImageData {
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d context');
  ctx.fillStyle = 'rgb(128, 128, 128)';
  ctx.fillRect(0, 0, width, height);
  drawWatermark(ctx, spec, { width, height });
  return ctx.getImageData(0, 0, width, height);
}

/** Bounding box of the pixels that are no longer the background grey, with counts of darker and lighter ones. */
function changes(img: ImageData) {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  let darker = 0;
  let lighter = 0;
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      const v = img.data[(y * img.width + x) * 4] ?? 0;
      if (v === 128) continue;
      if (v < 128) darker++;
      else lighter++;
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x + 1);
      y1 = Math.max(y1, y + 1);
    }
  }
  return { x0, y0, x1, y1, darker, lighter };
}

function sameBytes(a: ImageData, b: ImageData): boolean {
  return a.data.length === b.data.length && a.data.every((v, i) => v === b.data[i]);
}

/** The test page is a window (workers/ is type-checked against the worker lib). */
const fonts = (globalThis as unknown as { document: { fonts: FontFaceSet } }).document.fonts;

const spec: WatermarkSpec = { text: 'Made with Bingkai', logo: 'bingkai', position: 'bottom-right' };

describe('drawWatermark', () => {
  // Runs first: the module has not loaded its font yet.
  test('refuses to draw before the bundled font is loaded (no system-font fallback)', () => {
    expect(() => render(spec)).toThrow(/font is not loaded/);
  });

  test('loads the bundled font from a same-origin URL', async () => {
    await loadWatermarkFont();
    expect(fonts.check(`600 20px "${WATERMARK_FONT_FAMILY}"`)).toBe(true);
    const face = [...fonts].find((f) => f.family.replaceAll('"', '') === WATERMARK_FONT_FAMILY);
    expect(face?.status).toBe('loaded');
  });

  test('draws a dark pill with light text in the corner, and nothing elsewhere', () => {
    const box = changes(render(spec));
    expect(box.x0).toBeGreaterThan(540);
    expect(box.y0).toBeGreaterThan(900);
    expect(box.x1).toBeLessThanOrEqual(1080 - 20);
    expect(box.y1).toBeLessThanOrEqual(1080 - 20);
    expect(box.darker).toBeGreaterThan(5000);
    expect(box.lighter).toBeGreaterThan(1000);
  });

  test('same input, same pixels', () => {
    const a = render(spec);
    const b = render(spec);
    expect(sameBytes(a, b)).toBe(true);
  });

  test('a worker loads the font from this origin and draws the same pixels', async () => {
    const worker = new Worker(new URL('./watermark.testWorker.ts', import.meta.url), { type: 'module' });
    try {
      const reply = await new Promise<{ pixels?: Uint8ClampedArray; resources?: string[]; error?: string }>((resolve, reject) => {
        worker.onmessage = (event) => resolve(event.data);
        worker.onerror = (event) => reject(new Error(event.message));
        worker.postMessage({ spec, width: 1080, height: 1080 });
      });
      expect(reply.error).toBeUndefined();
      const fontRequests = (reply.resources ?? []).filter((url) => url.includes('.woff2'));
      expect(fontRequests.length).toBeGreaterThan(0);
      for (const url of fontRequests) expect(new URL(url).origin).toBe(location.origin);
      const here = render(spec);
      expect(reply.pixels?.length).toBe(here.data.length);
      expect(reply.pixels?.every((v, i) => v === here.data[i])).toBe(true);
    } finally {
      worker.terminate();
    }
  });

  test('differs when the text differs', () => {
    const a = render(spec);
    const b = render({ ...spec, text: 'Made with Bingkai!' });
    expect(sameBytes(a, b)).toBe(false);
  });

  test.each<[WatermarkPosition, (b: ReturnType<typeof changes>) => boolean]>([
    ['top-left', (b) => b.x0 < 100 && b.y0 < 100 && b.x1 < 540 && b.y1 < 200],
    ['top-right', (b) => b.x0 > 540 && b.y0 < 100 && b.x1 > 980 && b.y1 < 200],
    ['bottom-left', (b) => b.x0 < 100 && b.y0 > 880 && b.x1 < 540 && b.y1 > 980],
    ['bottom-right', (b) => b.x0 > 540 && b.y0 > 880 && b.x1 > 980 && b.y1 > 980],
  ])('sits in the %s corner', (position, inCorner) => {
    expect(inCorner(changes(render({ ...spec, position })))).toBe(true);
  });

  test('scales with the output size', () => {
    const one = changes(render(spec, 1080, 1080));
    const two = changes(render(spec, 2160, 2160));
    const w1 = one.x1 - one.x0;
    const w2 = two.x1 - two.x0;
    expect(Math.abs(w2 / w1 - 2)).toBeLessThan(0.03);
    expect(Math.abs((two.y1 - two.y0) / (one.y1 - one.y0) - 2)).toBeLessThan(0.05);
  });

  test('a long text on a narrow picture shrinks to fit', () => {
    const box = changes(render({ ...spec, text: 'A rather long watermark text for a narrow picture' }, 400, 900));
    expect(box.x0).toBeGreaterThanOrEqual(0);
    expect(box.x1).toBeLessThanOrEqual(400);
  });

  test('draws the logo alone', () => {
    const box = changes(render({ text: '', logo: 'bingkai', position: 'top-left' }));
    expect(box.x1 - box.x0).toBeLessThan(100);
    expect(box.lighter).toBeGreaterThan(100);
  });

  test('bad specs are rejected', () => {
    expect(() => render({ text: '', position: 'bottom-right' })).toThrow(/needs a text or a logo/);
    expect(() => render({ text: 'x', position: 'middle' as WatermarkPosition })).toThrow(/Unknown watermark position/);
    expect(() => render({ text: 'x'.repeat(81), position: 'top-left' })).toThrow(/at most 80 characters/);
    expect(() => render({ text: 'x', logo: 'other' as 'bingkai', position: 'top-left' })).toThrow(/Unknown watermark logo/);
  });
});
