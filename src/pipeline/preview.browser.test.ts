/**
 * Issue 12 §5: the adjuster's preview is the result. For each background choice (and a fill), the preview
 * the worker composites from the proxy at the size it is shown is compared with the final render reduced
 * to that size: the same picture, up to resampling.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackgroundChoice, HoleFill } from '../../core/pipelineTypes.ts';
import { createPipeline } from './createPipeline.ts';
import type { LoadedFrame, LoadedPhoto, Pipeline } from './pipelineApi.ts';

const SIDE = 1080;
const PREVIEW_SCALE = 0.5;

async function canvasBlob(width: number, height: number, draw: (ctx: OffscreenCanvasRenderingContext2D) => void): Promise<Blob> {
  const canvas = new OffscreenCanvas(width, height);
  draw(canvas.getContext('2d')!);
  return canvas.convertToBlob({ type: 'image/png' });
}

/** A frame campaign's PNG: a dark green border around a round hole. */
const frameBlob = () =>
  canvasBlob(SIDE, SIDE, (ctx) => {
    ctx.fillStyle = '#0b5d3b';
    ctx.fillRect(0, 0, SIDE, SIDE);
    ctx.globalCompositeOperation = 'destination-out';
    ctx.beginPath();
    ctx.arc(540, 520, 420, 0, Math.PI * 2);
    ctx.fill();
  });

/** A background campaign's design: opaque, with stripes and a title band, so a misplaced layer shows. */
const designBlob = () =>
  canvasBlob(SIDE, SIDE, (ctx) => {
    for (let i = 0; i < 12; i++) {
      ctx.fillStyle = i % 2 ? '#f4c542' : '#e2493b';
      ctx.fillRect(i * 90, 0, 90, SIDE);
    }
    ctx.fillStyle = '#1d2b53';
    ctx.fillRect(0, 900, SIDE, 180);
  });

async function samplePhoto(): Promise<Blob> {
  const response = await fetch('/node_modules/@vladmandic/face-api/demo/sample6.jpg');
  expect(response.ok).toBe(true);
  return response.blob();
}

async function imageDataOf(source: Blob | ImageBitmap, width: number, height: number): Promise<ImageData> {
  const bitmap = source instanceof Blob ? await createImageBitmap(source) : source;
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d')!;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  return ctx.getImageData(0, 0, width, height);
}

/** Mean absolute difference per channel (RGBA), 0..255. */
function meanDifference(a: ImageData, b: ImageData): number {
  let sum = 0;
  for (let i = 0; i < a.data.length; i++) sum += Math.abs(a.data[i]! - b.data[i]!);
  return sum / a.data.length;
}

describe('the preview is the result (real workers)', () => {
  let pipeline: Pipeline;
  let frame: LoadedFrame;
  let design: LoadedFrame;
  let photo: LoadedPhoto;
  let backgroundImage: Blob;

  beforeAll(async () => {
    pipeline = createPipeline({ stageTimeoutMs: 30_000 });
    await pipeline.warm();
    frame = await pipeline.analyzeFrame(await frameBlob());
    design = await pipeline.analyzeFrame(await designBlob(), { kind: 'background' });
    photo = await pipeline.loadPhoto(await samplePhoto(), { frame });
    photo.proxy.close();
    backgroundImage = await canvasBlob(800, 600, (ctx) => {
      const gradient = ctx.createLinearGradient(0, 0, 800, 600);
      gradient.addColorStop(0, '#4a90d9');
      gradient.addColorStop(1, '#d94a8c');
      ctx.fillStyle = gradient;
      ctx.fillRect(0, 0, 800, 600);
    });
  }, 180_000);

  afterAll(() => pipeline.dispose());

  async function compare(loaded: LoadedFrame, options: { background?: BackgroundChoice; fill?: HoleFill; frameType?: 'frame' | 'background'; zoomOut?: number }) {
    const placements = await pipeline.place(photo, loaded);
    const slots = placements.map((transform) => ({ photoId: photo.photoId, transform: { ...transform, scale: transform.scale * (options.zoomOut ?? 1) } }));
    const picture = {
      frame: loaded,
      slots,
      ...(options.background ? { background: options.background } : {}),
      ...(options.fill ? { fill: options.fill } : {}),
      ...(options.frameType ? { frameType: options.frameType } : {}),
      ...(options.background?.kind === 'image' ? { backgroundImage } : {}),
    };
    const preview = await pipeline.preview({ ...picture, scale: PREVIEW_SCALE, format: 'png' });
    const size = { width: Math.round(SIDE * PREVIEW_SCALE), height: Math.round(SIDE * PREVIEW_SCALE) };
    expect([preview.width, preview.height]).toEqual([size.width, size.height]);
    const result = await pipeline.render({ ...picture, format: 'png' });
    return meanDifference(await imageDataOf(preview, size.width, size.height), await imageDataOf(result, size.width, size.height));
  }

  // What a wrong preview costs (the old adjuster: raw photo for "colour", 70 % opacity for "design"): far above these.
  const SAME_PICTURE = 4;

  it('matches on a frame campaign', async () => {
    expect(await compare(frame, {})).toBeLessThan(SAME_PICTURE);
  }, 60_000);

  it('matches with the photo zoomed out and the blurred fill', async () => {
    expect(await compare(frame, { zoomOut: 0.6, fill: { kind: 'blur' } })).toBeLessThan(SAME_PICTURE);
  }, 60_000);

  const choices: BackgroundChoice[] = [
    { kind: 'keep' },
    { kind: 'blur', radius: 12 },
    { kind: 'color', color: '#2a9d8f' },
    { kind: 'design' },
    { kind: 'image' },
  ];
  for (const background of choices) {
    it(`matches on a background campaign with the background "${background.kind}"`, async () => {
      expect(await compare(design, { background, frameType: 'background' })).toBeLessThan(SAME_PICTURE);
    }, 60_000);
  }

  it('matches with the watermark, which takes the same place in both', async () => {
    const watermark = { text: 'Made with Bingkai', logo: 'bingkai' as const, position: 'auto' as const };
    const placements = await pipeline.place(photo, design);
    const slots = placements.map((transform) => ({ photoId: photo.photoId, transform }));
    const size = Math.round(SIDE * PREVIEW_SCALE);
    for (const background of [{ kind: 'design' }, { kind: 'keep' }] as const) {
      const picture = { frame: design, slots, frameType: 'background' as const, background, watermark };
      const preview = await pipeline.preview({ ...picture, scale: PREVIEW_SCALE, format: 'png' });
      const result = await pipeline.render({ ...picture, format: 'png' });
      expect(meanDifference(await imageDataOf(preview, size, size), await imageDataOf(result, size, size)), background.kind).toBeLessThan(SAME_PICTURE);
    }
  }, 60_000);

  it('is far from the result when the background choice differs: the comparison can tell', async () => {
    const placements = await pipeline.place(photo, design);
    const slots = placements.map((transform) => ({ photoId: photo.photoId, transform }));
    const size = Math.round(SIDE * PREVIEW_SCALE);
    const preview = await pipeline.preview({ frame: design, slots, frameType: 'background', background: { kind: 'keep' }, scale: PREVIEW_SCALE, format: 'png' });
    const result = await pipeline.render({ frame: design, slots, frameType: 'background', background: { kind: 'color', color: '#2a9d8f' }, format: 'png' });
    expect(meanDifference(await imageDataOf(preview, size, size), await imageDataOf(result, size, size))).toBeGreaterThan(3 * SAME_PICTURE);
  }, 60_000);
});
