import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Rect } from '../../core/geometry.ts';
import { framePng } from '../testing/framePng.ts';
import { previewSampleMask, sampleRegions } from '../testing/previewSampleRegions.ts';
import { previewSample } from './previewSample.ts';
import { OG_IMAGE_SIZE, OG_SQUARE_SIZE, PREVIEW_BACKGROUND, renderCampaignPreviews, THUMBNAIL_SIZE, type CampaignPreviewInput } from './campaignImages.ts';

interface Decoded {
  width: number;
  height: number;
  at(x: number, y: number): number[];
  /** Pixels in rect whose channels are all at most `level` (the title's ink; the photo has few such). */
  dark(rect: Rect, level?: number): number;
  /** Pixels in rect within `tolerance` of colour. */
  near(rect: Rect, colour: readonly number[], tolerance?: number): number;
  /** Standard deviation of the grey level in rect: near 0 for a flat colour, tens for a photo. */
  spread(rect: Rect): number;
}

async function decode(image: Buffer): Promise<Decoded> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
  const pixels = (rect: Rect) => Array.from({ length: rect.width * rect.height }, (_, i) => at(rect.x + (i % rect.width), rect.y + Math.floor(i / rect.width)));
  const count = (rect: Rect, test: (pixel: number[]) => boolean) => pixels(rect).filter(test).length;
  return {
    width: info.width,
    height: info.height,
    at,
    dark: (rect, level = 70) => count(rect, (pixel) => pixel.every((value) => value <= level)),
    near: (rect, colour, tolerance = 14) => count(rect, (pixel) => pixel.every((value, i) => Math.abs(value - colour[i]!) <= tolerance)),
    spread: (rect) => {
      const levels = pixels(rect).map(([r = 0, g = 0, b = 0]) => (r + g + b) / 3);
      const mean = levels.reduce((sum, level) => sum + level, 0) / levels.length;
      return Math.sqrt(levels.reduce((sum, level) => sum + (level - mean) ** 2, 0) / levels.length);
    },
  };
}

const grey = [PREVIEW_BACKGROUND.r, PREVIEW_BACKGROUND.g, PREVIEW_BACKGROUND.b] as const;
const red = [200, 30, 40] as const;
const area = (rect: Rect) => rect.width * rect.height;
/** A rect shrunk by `by` pixels on every side (JPEG blurs edges). */
const inset = (rect: Rect, by = 4): Rect => ({ x: rect.x + by, y: rect.y + by, width: rect.width - 2 * by, height: rect.height - 2 * by });

/** A tall red frame (600×900) with one hole. In the wide image it is fitted to 380×570 at (125, 30); in the square to 285×428 at (158, 24). */
const tallHole = { x: 200, y: 300, width: 200, height: 300 };
const wideHoleInOg: Rect = { x: 125 + 127, y: 30 + 190, width: 127, height: 190 };
const squareHoleInSquare: Rect = { x: 158 + 95, y: 24 + 143, width: 95, height: 143 };

async function previews(overrides: Partial<CampaignPreviewInput> = {}) {
  const input: CampaignPreviewInput = { frame: await framePng({ width: 600, height: 900, holes: [tallHole] }), holes: [tallHole], type: 'frame', title: 'Merdeka 80', ...overrides };
  return renderCampaignPreviews(input);
}

describe('renderCampaignPreviews', () => {
  it('renders a 600×600 WebP thumbnail, a 1200×630 JPEG and a 600×600 JPEG, each small enough for WhatsApp', async () => {
    const { thumbnail, ogImage, ogSquare } = await previews();
    const formats = await Promise.all([thumbnail, ogImage, ogSquare].map(async (image) => {
      const meta = await sharp(image).metadata();
      return [meta.format, meta.width, meta.height];
    }));
    expect(formats).toEqual([
      ['webp', THUMBNAIL_SIZE, THUMBNAIL_SIZE],
      ['jpeg', OG_IMAGE_SIZE.width, OG_IMAGE_SIZE.height],
      ['jpeg', OG_SQUARE_SIZE, OG_SQUARE_SIZE],
    ]);
    // WhatsApp shows no image past 300 KB.
    expect(ogImage.length).toBeLessThan(300 * 1024);
    expect(ogSquare.length).toBeLessThan(300 * 1024);
  });

  it('renders the frame alone at display size, as WebP keeping its transparency', async () => {
    const { frameDisplay } = await previews();
    const { data, info } = await sharp(frameDisplay).raw().toBuffer({ resolveWithObject: true });
    const meta = await sharp(frameDisplay).metadata();
    // 600×900 fitted inside FRAME_DISPLAY_SIZE (768): 512×768, its hole (200, 300, 200, 300) scaled by 768/900.
    expect([meta.format, info.width, info.height, info.channels]).toEqual(['webp', 512, 768, 4]);
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4)];
    expect(pixel(256, 384)[3]).toBe(0);
    const [r = 0, g = 0, b = 0, alpha] = pixel(40, 40);
    expect(alpha).toBe(255);
    expect(Math.abs(r - red[0]) + Math.abs(g - red[1]) + Math.abs(b - red[2])).toBeLessThan(30);
    // Three pixels inside the hole's edge it is clear, three outside opaque (resampling softens the edge itself).
    const edge = Math.round(200 * (768 / 900));
    expect(pixel(edge + 3, 384)[3]).toBeLessThan(5);
    expect(pixel(edge - 3, 384)[3]).toBeGreaterThan(250);
  });

  it('keeps the thumbnail as the frame over the neutral grey', async () => {
    const thumbnail = await decode((await previews()).thumbnail);
    // The hole (centre) and the letterbox (left edge) show the background; the frame body is red.
    expect(thumbnail.near(inset({ x: 290, y: 290, width: 20, height: 20 }, 0), grey)).toBe(400);
    expect(thumbnail.near({ x: 5, y: 290, width: 10, height: 20 }, grey)).toBe(200);
    expect(thumbnail.near({ x: 290, y: 35, width: 20, height: 10 }, red, 25)).toBe(200);
  });

  it('shows the sample person in the hole and the title beside the frame', async () => {
    const og = await decode((await previews()).ogImage);
    // The frame stays red around the hole; the letterbox beside it is grey.
    expect(og.near({ x: 140, y: 60, width: 300, height: 100 }, red, 25)).toBeGreaterThan(0.95 * 300 * 100);
    expect(og.near({ x: 40, y: 100, width: 60, height: 400 }, grey)).toBeGreaterThan(0.95 * 60 * 400);
    // The hole is a photo: neither the grey of an empty hole nor the frame's red, and not flat.
    const hole = inset(wideHoleInOg);
    expect(og.near(hole, grey)).toBeLessThan(0.05 * area(hole));
    expect(og.near(hole, red, 25)).toBeLessThan(0.05 * area(hole));
    expect(og.spread(hole)).toBeGreaterThan(25);
    // The title's dark ink lies in the text column right of the frame, and nowhere else outside the photo.
    expect(og.dark({ x: 640, y: 30, width: 520, height: 570 })).toBeGreaterThan(2000);
    expect(og.dark({ x: 0, y: 0, width: 1200, height: 30 })).toBe(0);
    expect(og.dark({ x: 1165, y: 0, width: 35, height: 630 })).toBe(0);
  });

  it('puts the title under the frame in the square variant', async () => {
    const square = await decode((await previews()).ogSquare);
    const hole = inset(squareHoleInSquare);
    expect(square.near(hole, grey)).toBeLessThan(0.05 * area(hole));
    expect(square.near(hole, red, 25)).toBeLessThan(0.05 * area(hole));
    expect(square.spread(hole)).toBeGreaterThan(25);
    expect(square.dark({ x: 24, y: 464, width: 552, height: 112 })).toBeGreaterThan(800);
    expect(square.dark({ x: 0, y: 0, width: 600, height: 20 })).toBe(0);
    expect(square.dark({ x: 0, y: 582, width: 600, height: 18 })).toBe(0);
  });

  it('fills every hole of the frame', async () => {
    const holes = [
      { x: 100, y: 100, width: 400, height: 600 },
      { x: 700, y: 200, width: 400, height: 400 },
    ];
    const og = await decode((await previews({ frame: await framePng({ width: 1200, height: 800, holes }), holes, title: 'Dua lubang' })).ogImage);
    // 1200×800 fitted to 570×380 at (30, 125): k = 0.475.
    for (const hole of holes) {
      const inOg = inset({ x: 30 + Math.round(hole.x * 0.475), y: 125 + Math.round(hole.y * 0.475), width: Math.round(hole.width * 0.475), height: Math.round(hole.height * 0.475) });
      expect(og.near(inOg, grey)).toBeLessThan(0.05 * area(inOg));
      expect(og.near(inOg, red, 25)).toBeLessThan(0.05 * area(inOg));
      expect(og.spread(inOg)).toBeGreaterThan(25);
    }
  });

  it('shows a frame without stored holes without the sample', async () => {
    const og = await decode((await previews({ holes: [] })).ogImage);
    const hole = inset(wideHoleInOg);
    expect(og.near(hole, grey)).toBe(area(hole));
  });

  it('stands the cut-out sample on a background design where a supporter would stand, the design unchanged around her', async () => {
    const sample = (await previewSample())!;
    const mask = await previewSampleMask();
    // An opaque teal design without holes (900×900): in the wide image it fills the 570×570 frame box at (30, 30).
    const teal = [20, 120, 160] as const;
    const design = await framePng({ width: 900, height: 900, holes: [], colour: [...teal] });
    const { ogImage, ogSquare } = await previews({ frame: design, holes: [], type: 'background', title: 'Latar Merdeka' });
    const og = await decode(ogImage);
    const box = { x: 30, y: 30, width: 570, height: 570 };
    // The whole design is her hole, as in the supporter's compositor.
    const { solid, clear, face } = sampleRegions(sample, mask, { x: 0, y: 0, width: box.width, height: box.height }, box, box);
    expect(solid.length).toBeGreaterThan(0.2 * area(box));
    expect(clear.length).toBeGreaterThan(0.1 * area(box));
    // Around her, the design as it is (JPEG-close); where the mask is solid, hardly ever the design's colour.
    const designAt = (points: { x: number; y: number }[]) => points.filter(({ x, y }) => og.at(x, y).every((value, i) => Math.abs(value - teal[i]!) <= 14)).length;
    expect(designAt(clear)).toBeGreaterThan(0.98 * clear.length);
    expect(designAt(solid)).toBeLessThan(0.02 * solid.length);
    // Her face is a photo there: lit, not flat.
    expect(og.spread({ x: face.x - 40, y: face.y - 40, width: 80, height: 80 })).toBeGreaterThan(10);
    expect(og.near({ x: face.x - 10, y: face.y - 10, width: 20, height: 20 }, teal, 40)).toBe(0);
    // The title is still beside the design, and the square variant shows her too.
    expect(og.dark({ x: 640, y: 30, width: 520, height: 570 })).toBeGreaterThan(2000);
    const square = await decode(ogSquare);
    // 900×900 fitted to 428×428 at (86, 24).
    const squareBox = { x: 86, y: 24, width: 428, height: 428 };
    const inSquare = sampleRegions(sample, mask, { x: 0, y: 0, width: 428, height: 428 }, squareBox, squareBox);
    expect(inSquare.solid.filter(({ x, y }) => square.at(x, y).every((value, i) => Math.abs(value - teal[i]!) <= 14)).length).toBeLessThan(0.02 * inSquare.solid.length);
    expect(square.dark({ x: 24, y: 464, width: 552, height: 112 })).toBeGreaterThan(800);
  });

  it('wraps and cuts a long title inside its column, and sets any script without failing', async () => {
    const titles = ['Dirgahayu Republik Indonesia ke-80 '.repeat(3).trim(), 'x'.repeat(100), 'مرحبا بالعالم — 你好，世界 — Привет', `"><script>alert('x')</script> & <b>`];
    for (const title of titles) {
      const { ogImage, ogSquare } = await previews({ title });
      const og = await decode(ogImage);
      const square = await decode(ogSquare);
      expect(og.dark({ x: 640, y: 30, width: 520, height: 570 }), title).toBeGreaterThan(1000);
      expect(og.dark({ x: 0, y: 0, width: 1200, height: 30 }), title).toBe(0);
      expect(og.dark({ x: 0, y: 600, width: 1200, height: 30 }), title).toBe(0);
      expect(og.dark({ x: 1165, y: 0, width: 35, height: 630 }), title).toBe(0);
      expect(square.dark({ x: 24, y: 464, width: 552, height: 112 }), title).toBeGreaterThan(500);
      expect(square.dark({ x: 0, y: 582, width: 600, height: 18 }), title).toBe(0);
    }
  });
});
