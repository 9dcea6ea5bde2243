/**
 * What fills the part of a hole its photo does not reach (the photo zoomed out so every face
 * fits, issue 12 §2). The compositor draws it under the photo, inside the hole's cover box.
 *
 *   validateHoleFill(fill) → void                              throws RENDER_FAILED on bad input
 *   holeFillSource(fill, background?) → FillSource | null      a background choice continues, else `fill`
 *   holeFillLayer(source, place, photos) → Layer | null         the cover box's fill, in view pixels
 *   photoSamples() → PhotoSamples                              per composite: each photo's small copy and
 *                                                               edge colour, made once however many holes use it
 *
 * blur: the photo kept at its centre and rotation, scaled up just enough to cover the box, then
 * strongly blurred (σ = BLUR_SHARE of the box's smaller side). The blur runs on a copy reduced
 * so that σ is a few pixels there, drawn from the photo's small copy; the renderer stretches it
 * back, which costs nothing visible. edge: the mean colour of the outermost pixel ring of a
 * EDGE_SAMPLE_SIDE px copy of the photo.
 */
import { isColor, tripleBox, tripleBoxSigma } from './background.ts';
import { coverMatrix, renderLayersCanvas } from './compositeCanvas.ts';
import type { Layer } from './compositeCanvas.ts';
import { resampleTo } from './resample.ts';
import type { Bitmap } from './resample.ts';
import { photoToFrameMatrix } from '../core/placement.ts';
import { PipelineError } from '../core/pipelineTypes.ts';
import type { Rect, Size } from '../core/geometry.ts';
import type { BackgroundChoice, HoleFill, PhotoTransform } from '../core/pipelineTypes.ts';

/** Blur σ as a share of the cover box's smaller side. */
export const BLUR_SHARE = 0.05;
/** The box radius of the reduced blur (σ = tripleBoxSigma(2) ≈ 2.4 px there). */
const SMALL_RADIUS = 2;
/** The longest side of the copy the edge colour is read from. */
const EDGE_SAMPLE_SIDE = 64;
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

/**
 * The uncovered part continues the photo's background choice: none for 'design' (the design
 * shows), its colour, its blur or its image; with 'keep' or no choice, `fill` (null: nothing).
 */
export function holeFillSource(fill: HoleFill, background?: { choice: BackgroundChoice; image?: Bitmap }): FillSource | null {
  switch (background?.choice.kind) {
    case 'design':
      return null;
    case 'color':
      return { kind: 'color', color: background.choice.color };
    case 'blur':
      return { kind: 'blur' };
    case 'image':
      return background.image ? { kind: 'image', image: background.image } : null;
    default:
      return fill.kind === 'transparent' ? null : fill;
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

/** Smallest scale at which the photo, centre and rotation kept, covers `rect` (frame pixels). */
function coverScaleAbout(t: PhotoTransform, photo: Size, rect: Rect): number {
  const cos = Math.cos((t.rotation * Math.PI) / 180);
  const sin = Math.sin((t.rotation * Math.PI) / 180);
  let scale = 0;
  for (const [px, py] of [
    [rect.x, rect.y],
    [rect.x + rect.width, rect.y],
    [rect.x, rect.y + rect.height],
    [rect.x + rect.width, rect.y + rect.height],
  ] as const) {
    const ox = px - t.x;
    const oy = py - t.y;
    scale = Math.max(scale, (2 * Math.abs(ox * cos + oy * sin)) / photo.width, (2 * Math.abs(-ox * sin + oy * cos)) / photo.height);
  }
  return scale;
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
  const sigma = BLUR_SHARE * Math.min(box.width, box.height);
  const k = Math.min(1, tripleBoxSigma(SMALL_RADIUS) / sigma);
  const width = Math.max(1, Math.round(box.width * k));
  const height = Math.max(1, Math.round(box.height * k));
  // One reduced pixel of margin, so the blur's edges repeat photo, not emptiness.
  const margin = box.width / width;
  const reach = { x: (box.x - margin) / outputScale, y: (box.y - margin) / outputScale, width: (box.width + 2 * margin) / outputScale, height: (box.height + 2 * margin) / outputScale };
  const stretched = { ...t, scale: Math.max(t.scale, coverScaleAbout(t, photo, reach)) };
  const m = photoToFrameMatrix(stretched, photo);
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
  const k = Math.min(1, side / Math.max(photo.width, photo.height));
  return resampleTo(photo, Math.max(1, Math.round(photo.width * k)), Math.max(1, Math.round(photo.height * k)));
}

/** Mean colour of the outermost pixel ring of a small copy (alpha-weighted). */
function edgeColor(copy: Bitmap): string {
  const { width, height } = copy;
  const canvas = new OffscreenCanvas(width, height);
  const ctx = context(canvas);
  ctx.drawImage(copy, 0, 0);
  const { data } = ctx.getImageData(0, 0, width, height);
  let r = 0;
  let g = 0;
  let b = 0;
  let a = 0;
  let n = 0;
  for (let y = 0; y < height; y++) {
    const ring = y === 0 || y === height - 1;
    for (let x = 0; x < width; x += ring || width === 1 ? 1 : width - 1) {
      const i = (y * width + x) * 4;
      const alpha = data[i + 3]!;
      r += data[i]! * alpha;
      g += data[i + 1]! * alpha;
      b += data[i + 2]! * alpha;
      a += alpha;
      n++;
    }
  }
  if (a === 0) return 'rgba(0, 0, 0, 0)';
  return `rgba(${Math.round(r / a)}, ${Math.round(g / a)}, ${Math.round(b / a)}, ${(a / n / 255).toFixed(3)})`;
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
