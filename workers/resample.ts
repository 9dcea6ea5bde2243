/**
 * High-quality Canvas2D downscaling.
 *
 *   resampleTo(source, width, height, region?) → OffscreenCanvas | source
 *     Halves repeatedly (imageSmoothingQuality 'high'), then one last step of less than 2×,
 *     so a strong reduction averages every source pixel instead of skipping most of them
 *     (one 8× drawImage aliases). `region` (source pixels, default all) crops in the first
 *     step. Returns the source itself when nothing is to be done.
 */
import type { Rect } from '../core/geometry.ts';
import { PipelineError } from '../core/pipelineTypes.ts';

export type Bitmap = ImageBitmap | OffscreenCanvas;

function draw(source: Bitmap, width: number, height: number, region: Rect): OffscreenCanvas {
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new PipelineError('RENDER_FAILED', 'Canvas2D is not available.');
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(source, region.x, region.y, region.width, region.height, 0, 0, width, height);
  return canvas;
}

export function resampleTo(source: Bitmap, width: number, height: number, region: Rect = { x: 0, y: 0, width: source.width, height: source.height }): Bitmap {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new PipelineError('RENDER_FAILED', `Invalid resample size ${width}×${height}.`);
  }
  const { x, y } = region;
  if (![x, y, region.width, region.height].every(Number.isInteger) || x < 0 || y < 0 || region.width < 1 || region.height < 1 || x + region.width > source.width || y + region.height > source.height) {
    throw new PipelineError('RENDER_FAILED', 'Invalid resample region.');
  }
  let current = source;
  let from = region;
  // Each axis halves on its own, so an anisotropic reduction stays sharp on the other axis.
  while (from.width >= 2 * width || from.height >= 2 * height) {
    const w = from.width >= 2 * width ? Math.ceil(from.width / 2) : from.width;
    const h = from.height >= 2 * height ? Math.ceil(from.height / 2) : from.height;
    current = draw(current, w, h, from);
    from = { x: 0, y: 0, width: w, height: h };
  }
  const whole = from.x === 0 && from.y === 0 && from.width === current.width && from.height === current.height;
  if (whole && current.width === width && current.height === height) return current;
  return draw(current, width, height, from);
}
