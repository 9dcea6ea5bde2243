/**
 * What fills the part of a hole its photo does not reach (the photo zoomed out so every face
 * fits, issue 12 §2). The compositor draws it under the photo, inside the hole's cover box.
 *
 *   validateHoleFill(fill) → void                              throws RENDER_FAILED on bad input
 *   holeFillSource(fill, frameType, background?) → FillSource | null   what core/holeFill.ts effectiveHoleFill draws
 *   holeFillLayer(source, place, photos) → Layer | null         the cover box's fill, in view pixels
 *   photoSamples() → PhotoSamples                              per composite: each photo's small copy and
 *                                                               edge colour, made once however many holes use it
 *
 * blur: the photo kept at its centre and rotation, scaled up just enough to cover the box, then
 * strongly blurred (σ = HOLE_FILL_BLUR_SHARE of the box's smaller side). The blur runs on a copy reduced
 * so that σ is a few pixels there, drawn from the photo's small copy; the renderer stretches it
 * back, which costs nothing visible. edge: the mean colour of the outermost pixel ring of a
 * EDGE_SAMPLE_SIDE px copy of the photo. The rules are core/holeFill.ts's; this file draws them.
 */
import { isColor, tripleBox, tripleBoxSigma } from './background.ts';
import { coverMatrix, renderLayersCanvas } from './compositeCanvas.ts';
import type { Layer } from './compositeCanvas.ts';
import { resampleTo } from './resample.ts';
import type { Bitmap } from './resample.ts';
import { EDGE_SAMPLE_SIDE, effectiveHoleFill, holeFillBlurSigma, ringMeanColor, sampleSize, stretchToCover } from '../core/holeFill.ts';
import { photoToFrameMatrix } from '../core/placement.ts';
import { PipelineError } from '../core/pipelineTypes.ts';
import type { Rect, Size } from '../core/geometry.ts';
import type { BackgroundChoice, HoleFill, PhotoTransform } from '../core/pipelineTypes.ts';

/** The box radius of the reduced blur (σ = tripleBoxSigma(2) ≈ 2.4 px there). */
const SMALL_RADIUS = 2;
/** The longest side of a photo's small copy: the reduced blur spans about 50 px of the box, so this is plenty. */
const SMALL_COPY_SIDE = 256;

export type FillSource = Exclude<HoleFill, { kind: 'transparent' }> | { kind: 'image'; image: Bitmap };

export interface PhotoSamples {
  /** The photo reduced to at most SMALL_COPY_SIDE px (the photo itself when smaller). */
  smallCopy(photo: Bitmap): Bitmap;
  /** CSS colour. */
  edgeColor(photo: Bitmap): string;
}

export interface FillPlace {
  photo: Bitmap;
  transform: PhotoTransform;
  /** Frame pixels. */
  cover: Rect;
  outputScale: number;
  /** The output pixels the layer is drawn into (the whole output, or a hole's cell). */
  view: Rect;
}

function fail(message: string): never {
  throw new PipelineError('RENDER_FAILED', message);
}

function context(canvas: OffscreenCanvas): OffscreenCanvasRenderingContext2D {
  return canvas.getContext('2d', { willReadFrequently: true }) ?? fail('Canvas2D is not available.');
}

export function validateHoleFill(fill: HoleFill): void {
  switch (fill.kind) {
    case 'blur':
    case 'edge':
    case 'transparent':
      return;
    case 'color':
      if (typeof fill.color !== 'string' || !isColor(fill.color)) fail(`Hole fill: "${String(fill.color)}" is not a colour.`);
      return;
    default:
      fail(`Unknown hole fill "${String((fill as { kind: unknown }).kind)}".`);
  }
}

/** What is drawn where the photo does not reach (null: nothing, so the design or see-through pixels show). */
export function holeFillSource(fill: HoleFill, frameType: 'frame' | 'background', background?: { choice: BackgroundChoice; image?: Bitmap }): FillSource | null {
  const shown = effectiveHoleFill(frameType, background?.choice, fill);
  switch (shown?.kind) {
    case undefined:
    case 'transparent':
      return null;
    case 'image':
      return background?.image ? { kind: 'image', image: background.image } : null;
    default:
      return shown;
  }
}

/** The cover box in whole output pixels (rounded outwards), inside the view. */
function outputBox(cover: Rect, outputScale: number, view: Rect): Rect | null {
  const x0 = Math.max(view.x, Math.floor(cover.x * outputScale + 1e-6));
  const y0 = Math.max(view.y, Math.floor(cover.y * outputScale + 1e-6));
  const x1 = Math.min(view.x + view.width, Math.ceil((cover.x + cover.width) * outputScale - 1e-6));
  const y1 = Math.min(view.y + view.height, Math.ceil((cover.y + cover.height) * outputScale - 1e-6));
  return x1 > x0 && y1 > y0 ? { x: x0, y: y0, width: x1 - x0, height: y1 - y0 } : null;
}

function solid(size: Size, color: string): OffscreenCanvas {
  const canvas = new OffscreenCanvas(size.width, size.height);
  const ctx = context(canvas);
  ctx.fillStyle = color;
  ctx.fillRect(0, 0, size.width, size.height);
  return canvas;
}

/** Gaussian blur of premultiplied RGBA, in place. */
function blurPixels(pixels: ImageData, radius: number): void {
  const { width, height, data } = pixels;
  const n = width * height;
  const planes = [new Float32Array(n), new Float32Array(n), new Float32Array(n), new Float32Array(n)] as const;
  const [r, g, b, a] = planes;
  for (let i = 0; i < n; i++) {
    const alpha = data[i * 4 + 3]! / 255;
    r[i] = data[i * 4]! * alpha;
    g[i] = data[i * 4 + 1]! * alpha;
    b[i] = data[i * 4 + 2]! * alpha;
    a[i] = alpha;
  }
  for (const plane of planes) tripleBox(plane, width, height, radius);
  for (let i = 0; i < n; i++) {
    const alpha = a[i]!;
    const k = alpha > 0 ? 1 / alpha : 0;
    data[i * 4] = r[i]! * k;
    data[i * 4 + 1] = g[i]! * k;
    data[i * 4 + 2] = b[i]! * k;
    data[i * 4 + 3] = alpha * 255;
  }
}

/** The stretched, blurred photo over `box` (output pixels), at a reduced size. */
function blurredCopy({ photo, transform: t, outputScale }: FillPlace, box: Rect, photos: PhotoSamples): Bitmap {
  const sigma = holeFillBlurSigma(box);
  const k = Math.min(1, tripleBoxSigma(SMALL_RADIUS) / sigma);
  const width = Math.max(1, Math.round(box.width * k));
  const height = Math.max(1, Math.round(box.height * k));
  // One reduced pixel of margin, so the blur's edges repeat photo, not emptiness.
  const margin = box.width / width;
  const reach = { x: (box.x - margin) / outputScale, y: (box.y - margin) / outputScale, width: (box.width + 2 * margin) / outputScale, height: (box.height + 2 * margin) / outputScale };
  const m = photoToFrameMatrix(stretchToCover(t, photo, reach), photo);
  const source = photos.smallCopy(photo);
  const matrix = new DOMMatrix()
    .scale(width / box.width, height / box.height)
    .translate(-box.x, -box.y)
    .scale(outputScale)
    .multiply(new DOMMatrix([m.a, m.b, m.c, m.d, m.e, m.f]))
    .scale(photo.width / source.width, photo.height / source.height);
  const small = renderLayersCanvas({ width, height, layers: [{ source, matrix }] });
  const ctx = context(small);
  const pixels = ctx.getImageData(0, 0, width, height);
  const smallSigma = sigma * k;
  blurPixels(pixels, Math.max(0, Math.round((Math.sqrt(4 * smallSigma * smallSigma + 1) - 1) / 2)));
  ctx.putImageData(pixels, 0, 0);
  return small;
}

export function holeFillLayer(source: FillSource, place: FillPlace, photos: PhotoSamples): Layer | null {
  const box = outputBox(place.cover, place.outputScale, place.view);
  if (!box) return null;
  const fill = (() => {
    switch (source.kind) {
      case 'color':
        return solid(box, source.color);
      case 'edge':
        return solid(box, photos.edgeColor(place.photo));
      case 'image':
        return renderLayersCanvas({ width: box.width, height: box.height, layers: [{ source: source.image, matrix: coverMatrix(source.image, box.width, box.height) }] });
      case 'blur':
        return blurredCopy(place, box, photos);
    }
  })();
  const matrix = new DOMMatrix().translate(box.x - place.view.x, box.y - place.view.y).scale(box.width / fill.width, box.height / fill.height);
  return { source: fill, matrix };
}

/** A copy of `photo` whose longest side is at most `side` px. */
function reduced(photo: Bitmap, side: number): Bitmap {
  const { width, height } = sampleSize(photo, side);
  return resampleTo(photo, width, height);
}

/** The edge colour (core/holeFill.ts ringMeanColor) of a small copy. */
function edgeColor(copy: Bitmap): string {
  const { width, height } = copy;
  const canvas = new OffscreenCanvas(width, height);
  const ctx = context(canvas);
  ctx.drawImage(copy, 0, 0);
  return ringMeanColor(ctx.getImageData(0, 0, width, height).data, width, height);
}

/** Each photo's small copy and edge colour, made once for the calls sharing the result (one composite). */
export function photoSamples(): PhotoSamples {
  const copies = new Map<Bitmap, Bitmap>();
  const colors = new Map<Bitmap, string>();
  const smallCopy = (photo: Bitmap): Bitmap => {
    const copy = copies.get(photo) ?? reduced(photo, SMALL_COPY_SIDE);
    copies.set(photo, copy);
    return copy;
  };
  return {
    smallCopy,
    edgeColor(photo) {
      const color = colors.get(photo) ?? edgeColor(reduced(smallCopy(photo), EDGE_SAMPLE_SIDE));
      colors.set(photo, color);
      return color;
    },
  };
}
