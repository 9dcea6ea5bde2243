/**
 * Canvas2D renderer of a layer plan (the reference path, and the fallback when WebGL2 is missing).
 *
 *   renderLayersCanvas(plan: LayerPlan) → OffscreenCanvas (2D, plan.width × plan.height)
 *
 * A layer is drawn with `matrix` (source pixels → output pixels). Before a layer is
 * reduced, its visible part is resampled by halving to about its final size (resample.ts),
 * so the last draw only rotates and places it at roughly 1:1.
 *   visibleRegion(matrix, source, output, margin) → Rect | null   source pixels inside the output
 *   coverMatrix(source, width, height) → DOMMatrix                 scales `source` to cover width × height, centred
 */
import { resampleTo } from './resample.ts';
import type { Bitmap } from './resample.ts';
import type { Rect, Size } from '../core/geometry.ts';
import { PipelineError } from '../core/pipelineTypes.ts';

export interface Layer {
  source: Bitmap;
  /** Maps source pixels to output pixels. */
  matrix: DOMMatrixReadOnly;
}

/** Layers bottom first, drawn with source-over onto a transparent canvas. */
export interface LayerPlan {
  width: number;
  height: number;
  layers: Layer[];
}

/** How many output pixels one source pixel spans along the source's x and y axes. */
export function layerScale(matrix: DOMMatrixReadOnly): { x: number; y: number } {
  return { x: Math.hypot(matrix.a, matrix.b), y: Math.hypot(matrix.c, matrix.d) };
}

/** Scales `source` to cover width × height, centred. */
export function coverMatrix(source: Size, width: number, height: number): DOMMatrix {
  const k = Math.max(width / source.width, height / source.height);
  return new DOMMatrix().translate((width - source.width * k) / 2, (height - source.height * k) / 2).scale(k);
}

/** The part of a source (its pixels, whole, widened by `margin`) that `matrix` puts inside the output. */
export function visibleRegion(matrix: DOMMatrixReadOnly, source: Size, output: Size, margin: number): Rect | null {
  const inverse = matrix.inverse();
  const corners = [
    [0, 0],
    [output.width, 0],
    [0, output.height],
    [output.width, output.height],
  ].map(([x = 0, y = 0]) => inverse.transformPoint({ x, y }));
  const xs = corners.map((p) => p.x);
  const ys = corners.map((p) => p.y);
  const x0 = Math.max(0, Math.floor(Math.min(...xs) - margin));
  const y0 = Math.max(0, Math.floor(Math.min(...ys) - margin));
  const x1 = Math.min(source.width, Math.ceil(Math.max(...xs) + margin));
  const y1 = Math.min(source.height, Math.ceil(Math.max(...ys) + margin));
  return x1 > x0 && y1 > y0 ? { x: x0, y: y0, width: x1 - x0, height: y1 - y0 } : null;
}

/**
 * The layer resampled so that it is not reduced by more than a little when drawn, with its
 * matrix adjusted; only its visible part is resampled.
 */
export function prepareLayer(layer: Layer, output: Size): Layer | null {
  const { source, matrix } = layer;
  const scale = layerScale(matrix);
  if (scale.x >= 1 && scale.y >= 1) return layer;
  // Two output pixels of margin keep the resampling filter's support and the antialiased edge.
  const region = visibleRegion(matrix, source, output, 2 / Math.min(scale.x, scale.y));
  if (!region) return null;
  const width = Math.min(region.width, Math.max(1, Math.ceil(region.width * scale.x)));
  const height = Math.min(region.height, Math.max(1, Math.ceil(region.height * scale.y)));
  const resampled = resampleTo(source, width, height, region);
  return { source: resampled, matrix: matrix.translate(region.x, region.y).scale(region.width / width, region.height / height) };
}

export function renderLayersCanvas(plan: LayerPlan): OffscreenCanvas {
  const canvas = new OffscreenCanvas(plan.width, plan.height);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new PipelineError('RENDER_FAILED', 'Canvas2D is not available.');
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  for (const layer of plan.layers) {
    const prepared = prepareLayer(layer, plan);
    if (!prepared) continue;
    ctx.setTransform(prepared.matrix);
    ctx.drawImage(prepared.source, 0, 0);
  }
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  return canvas;
}
