/**
 * Background choices: the photo layer with its background replaced behind the person.
 *
 *   replaceBackground({ photo, mask, choice, image?, window? }) → ImageBitmap | OffscreenCanvas (photo size)
 *     keep   → the photo itself
 *     blur   → the background blurred (Gaussian σ = choice.radius in *photo* pixels), person sharp
 *     color  → a CSS colour behind the person
 *     image  → `image` cover-fitted to the photo behind the person
 *     design → the person alone on transparency; the composite puts the campaign's design
 *              (aligned to the frame, not to the photo) underneath
 *   personAlpha(mask, width, height, window?) → Uint8ClampedArray    the refined mask at any size
 *   validateBackground({ mask, choice, image?, window? }) → void        throws RENDER_FAILED on bad input
 *   isColor(css) → boolean · tripleBox(plane, width, height, r) (in place; σ = tripleBoxSigma(r))
 *
 * `window` (fractions 0..1 of the whole photo, default all of it) says which part of the
 * whole photo `photo` is: the composite passes only the visible part, while the mask and
 * the cover fit of `image` keep referring to the whole photo.
 *
 * The mask (segmenter confidence over the whole photo, any resolution) is smoothed, upsampled
 * bilinearly and passed through a smoothstep centred a little above 0.5: edges stay soft
 * (feathered over about one mask pixel) and sit slightly inside the person, which keeps the
 * old background from showing as a halo. The blurred background is a normalised convolution
 * that leaves the person out, so no smeared copy of the person glows around them.
 */
import { resampleTo } from './resample.ts';
import type { Bitmap } from './resample.ts';
import { PipelineError } from '../core/pipelineTypes.ts';
import type { Rect, Size } from '../core/geometry.ts';
import type { BackgroundChoice, PersonMask } from '../core/pipelineTypes.ts';

/** Segmenter output: person confidence over the whole photo, 0..255 bytes (types.ts) or 0..1 floats, row-major. */
export type MaskInput = PersonMask | (Size & { data: Float32Array | Uint8ClampedArray });

export interface BackgroundInput {
  photo: Bitmap;
  mask: MaskInput;
  choice: BackgroundChoice;
  /** The uploaded picture for choice 'image'. */
  image?: Bitmap;
  /** The part of the whole photo that `photo` shows, as fractions of its size. */
  window?: Rect;
}

const WHOLE: Rect = { x: 0, y: 0, width: 1, height: 1 };

/** Confidence below `EDGE_LOW` is background, above `EDGE_HIGH` person. */
const EDGE_LOW = 0.4;
const EDGE_HIGH = 0.8;

function fail(message: string): never {
  throw new PipelineError('RENDER_FAILED', message);
}

function context(canvas: OffscreenCanvas): OffscreenCanvasRenderingContext2D {
  return canvas.getContext('2d') ?? fail('Canvas2D is not available.');
}

export function validateMask(mask: MaskInput): void {
  const { width, height, data } = mask;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) fail(`Invalid mask size ${width}×${height}.`);
  if (data.length !== width * height) fail(`Mask has ${data.length} values, expected ${width * height}.`);
}

/** Mask confidence as floats 0..1, lightly smoothed ([1 2 1] both ways) so upsampled edges have no steps. */
function smoothedConfidence(mask: MaskInput): Float32Array {
  const { width: w, height: h, data } = mask;
  const k = data instanceof Float32Array ? 1 : 1 / 255;
  const src = new Float32Array(w * h);
  for (let i = 0; i < src.length; i++) src[i] = Math.min(1, Math.max(0, (data[i] ?? 0) * k));
  const tmp = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) {
      const l = src[row + Math.max(0, x - 1)]!;
      const r = src[row + Math.min(w - 1, x + 1)]!;
      tmp[row + x] = (l + 2 * src[row + x]! + r) / 4;
    }
  }
  for (let y = 0; y < h; y++) {
    const up = Math.max(0, y - 1) * w;
    const down = Math.min(h - 1, y + 1) * w;
    for (let x = 0; x < w; x++) src[y * w + x] = (tmp[up + x]! + 2 * tmp[y * w + x]! + tmp[down + x]!) / 4;
  }
  return src;
}

/**
 * Source index and weight of the next sample for each target coordinate (pixel centres aligned);
 * the target spans [from, from + span) of the source, as fractions.
 */
function axisTaps(srcSize: number, dstSize: number, from: number, span: number): { i0: Int32Array; i1: Int32Array; t: Float32Array } {
  const i0 = new Int32Array(dstSize);
  const i1 = new Int32Array(dstSize);
  const t = new Float32Array(dstSize);
  for (let d = 0; d < dstSize; d++) {
    const s = Math.min(srcSize - 1, Math.max(0, (from + ((d + 0.5) / dstSize) * span) * srcSize - 0.5));
    const f = Math.floor(s);
    i0[d] = f;
    i1[d] = Math.min(srcSize - 1, f + 1);
    t[d] = s - f;
  }
  return { i0, i1, t };
}

/** The person's opacity at width × height, 0..255: smoothed, bilinear, smoothstep. */
export function personAlpha(mask: MaskInput, width: number, height: number, window: Rect = WHOLE): Uint8ClampedArray {
  validateMask(mask);
  const conf = smoothedConfidence(mask);
  const xs = axisTaps(mask.width, width, window.x, window.width);
  const ys = axisTaps(mask.height, height, window.y, window.height);
  // Smoothstep from EDGE_LOW to EDGE_HIGH, tabulated over 0..1 in 1/1024 steps.
  const curve = new Uint8ClampedArray(1025);
  for (let i = 0; i <= 1024; i++) {
    const c = Math.min(1, Math.max(0, (i / 1024 - EDGE_LOW) / (EDGE_HIGH - EDGE_LOW)));
    curve[i] = c * c * (3 - 2 * c) * 255;
  }
  const out = new Uint8ClampedArray(width * height);
  const row = new Float32Array(mask.width);
  for (let y = 0; y < height; y++) {
    // Separable bilinear: blend the two mask rows once, then along x.
    const r0 = ys.i0[y]! * mask.width;
    const r1 = ys.i1[y]! * mask.width;
    const ty = ys.t[y]!;
    for (let x = 0; x < mask.width; x++) row[x] = conf[r0 + x]! + (conf[r1 + x]! - conf[r0 + x]!) * ty;
    const base = y * width;
    for (let x = 0; x < width; x++) {
      const a = row[xs.i0[x]!]!;
      out[base + x] = curve[Math.round((a + (row[xs.i1[x]!]! - a) * xs.t[x]!) * 1024)]!;
    }
  }
  return out;
}

/** The photo with the refined mask as its alpha (one read and one write of the pixels). */
function cutout(photo: Bitmap, alpha: Uint8ClampedArray): OffscreenCanvas {
  const canvas = new OffscreenCanvas(photo.width, photo.height);
  const ctx = canvas.getContext('2d', { willReadFrequently: true }) ?? fail('Canvas2D is not available.');
  ctx.drawImage(photo, 0, 0);
  const pixels = ctx.getImageData(0, 0, photo.width, photo.height);
  // Multiplied, so a photo's own transparency survives.
  for (let i = 0; i < alpha.length; i++) pixels.data[i * 4 + 3] = (pixels.data[i * 4 + 3]! * alpha[i]!) / 255;
  ctx.putImageData(pixels, 0, 0);
  return canvas;
}

/** True when the canvas accepts `color` (it silently ignores invalid colours otherwise). */
export function isColor(color: string): boolean {
  const ctx = context(new OffscreenCanvas(1, 1));
  ctx.fillStyle = '#000000';
  ctx.fillStyle = color;
  if (ctx.fillStyle !== '#000000') return true;
  ctx.fillStyle = '#ffffff';
  ctx.fillStyle = color;
  return ctx.fillStyle !== '#ffffff';
}

export function validateBackground({ mask, choice, image, window = WHOLE }: Omit<BackgroundInput, 'photo'>): void {
  validateMask(mask);
  if (![window.x, window.y, window.width, window.height].every(Number.isFinite) || window.width <= 0 || window.height <= 0) fail('Invalid photo window.');
  switch (choice.kind) {
    case 'keep':
    case 'design':
      return;
    case 'color':
      if (typeof choice.color !== 'string' || !isColor(choice.color)) fail(`"${String(choice.color)}" is not a colour.`);
      return;
    case 'blur':
      if (!Number.isFinite(choice.radius) || choice.radius < 0) fail(`Invalid blur radius ${choice.radius}.`);
      return;
    case 'image':
      if (!image || image.width < 1 || image.height < 1) fail('Background image missing.');
      return;
    default:
      fail(`Unknown background choice "${String((choice as { kind: unknown }).kind)}".`);
  }
}

/** One box pass of radius r along a line (start, stride, n) of `plane`; edges repeat the border value. */
function boxLine(plane: Float32Array, padded: Float32Array, start: number, stride: number, n: number, r: number): void {
  const first = plane[start]!;
  const last = plane[start + (n - 1) * stride]!;
  for (let i = 0; i < r; i++) padded[i] = first;
  for (let i = 0; i < n; i++) padded[r + i] = plane[start + i * stride]!;
  for (let i = 0; i <= r; i++) padded[r + n + i] = last;
  const size = 2 * r + 1;
  const norm = 1 / size;
  let sum = 0;
  for (let i = 0; i < size; i++) sum += padded[i]!;
  for (let i = 0; i < n; i++) {
    plane[start + i * stride] = sum * norm;
    sum += padded[i + size]! - padded[i]!;
  }
}

/** Three box passes of radius r per axis: a Gaussian of σ = √(r² + r), in place. */
export function tripleBox(plane: Float32Array, width: number, height: number, r: number): void {
  if (r < 1) return;
  const padded = new Float32Array(Math.max(width, height) + 2 * r + 1);
  for (let pass = 0; pass < 3; pass++) {
    for (let y = 0; y < height; y++) boxLine(plane, padded, y * width, 1, width, r);
    for (let x = 0; x < width; x++) boxLine(plane, padded, x, width, height, r);
  }
}

/** σ of three box passes of radius r (variance of one box: ((2r+1)² − 1) / 12). */
export const tripleBoxSigma = (r: number): number => Math.sqrt(r * r + r);

/** The background blurred without the person: blur(colour × w) / blur(w), w = 1 − person (plus a trace). */
function blurredBackground(photo: Bitmap, mask: MaskInput, window: Rect, sigma: number): Bitmap {
  // Blur at a reduced size where three radius-3 boxes are exactly σ (and at most 512 px): same look, a fraction of the work.
  const k = Math.min(1, tripleBoxSigma(3) / Math.max(sigma, 1e-6), 512 / Math.max(photo.width, photo.height));
  const w = Math.max(8, Math.round(photo.width * k));
  const h = Math.max(8, Math.round(photo.height * k));
  const small = resampleTo(photo, Math.min(w, photo.width), Math.min(h, photo.height));
  const sw = small.width;
  const sh = small.height;
  const pixels = (() => {
    if (small instanceof OffscreenCanvas) return context(small).getImageData(0, 0, sw, sh);
    const c = new OffscreenCanvas(sw, sh);
    const ctx = context(c);
    ctx.drawImage(small, 0, 0);
    return ctx.getImageData(0, 0, sw, sh);
  })();
  const alpha = personAlpha(mask, sw, sh, window);
  const n = sw * sh;
  const planes = [new Float32Array(n), new Float32Array(n), new Float32Array(n), new Float32Array(n)] as const;
  const [r, g, b, weight] = planes;
  const px = pixels.data;
  for (let i = 0; i < n; i++) {
    // A trace of weight on the person keeps the result defined deep inside large people.
    const w = 1 - alpha[i]! / 255 + 0.002;
    r[i] = px[i * 4]! * w;
    g[i] = px[i * 4 + 1]! * w;
    b[i] = px[i * 4 + 2]! * w;
    weight[i] = w;
  }
  const smallSigma = sigma * (sw / photo.width);
  // σ² = r² + r solved for the box radius.
  const radius = Math.max(0, Math.round((Math.sqrt(4 * smallSigma * smallSigma + 1) - 1) / 2));
  for (const plane of planes) tripleBox(plane, sw, sh, radius);
  for (let i = 0; i < n; i++) {
    const w = weight[i]!;
    px[i * 4] = r[i]! / w;
    px[i * 4 + 1] = g[i]! / w;
    px[i * 4 + 2] = b[i]! / w;
    px[i * 4 + 3] = 255;
  }
  const out = new OffscreenCanvas(sw, sh);
  context(out).putImageData(pixels, 0, 0);
  return out;
}

export function replaceBackground(input: BackgroundInput): Bitmap {
  validateBackground(input);
  const { photo, mask, choice, image, window = WHOLE } = input;
  if (choice.kind === 'keep') return photo;
  const alpha = personAlpha(mask, photo.width, photo.height, window);
  if (choice.kind === 'design') return cutout(photo, alpha);

  const canvas = new OffscreenCanvas(photo.width, photo.height);
  const ctx = context(canvas);
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  if (choice.kind === 'color') {
    ctx.fillStyle = choice.color;
    ctx.fillRect(0, 0, photo.width, photo.height);
  } else if (choice.kind === 'blur') {
    ctx.drawImage(blurredBackground(photo, mask, window, choice.radius), 0, 0, photo.width, photo.height);
  } else if (image) {
    // Cover the whole photo, centred; the canvas crops what lies outside the window.
    const fullW = photo.width / window.width;
    const fullH = photo.height / window.height;
    const k = Math.max(fullW / image.width, fullH / image.height);
    const w = Math.max(1, Math.round(image.width * k));
    const h = Math.max(1, Math.round(image.height * k));
    ctx.drawImage(resampleTo(image, w, h), Math.round((fullW - w) / 2 - window.x * fullW), Math.round((fullH - h) / 2 - window.y * fullH));
  }
  ctx.drawImage(cutout(photo, alpha), 0, 0);
  return canvas;
}
