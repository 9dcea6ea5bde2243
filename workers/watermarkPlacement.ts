/**
 * Where the watermark goes when its position is 'auto': the place on the finished picture where
 * it covers the least detail, or a strip along the bottom when every place is busy.
 *
 *   AUTO_PLACES                                 the six candidates, in order of preference
 *   placeBox(place, mark: Size, out: Size, margin) → Rect
 *   measureRegion(pixels, unit) → RegionStats   detail under a box, and its mean and extreme colours
 *   chooseCalmest(details: number[]) → index, or -1 for the strip
 *
 * Detail is the mean colour gradient: the step to the right plus the step below, each the mean
 * |Δ| over R, G and B less a small noise floor (so a smooth gradation or sensor noise counts as
 * calm, a colour edge counts even where both sides are equally bright). In 0..255 levels per
 * pixel of a 1080-px picture: a larger output is averaged down in blocks first, a smaller one
 * scaled up, so the same artwork gives the same choice at any output size.
 */
import type { Rect, Size } from '../core/geometry.ts';
import type { ColorRange } from './watermarkLegibility.ts';

export type AutoPlace = 'bottom-right' | 'bottom-left' | 'top-right' | 'top-left' | 'bottom-center' | 'top-center';

/** Today's corner first, so a calm picture keeps it; the middle of the top edge, where titles sit, last. */
export const AUTO_PLACES: readonly AutoPlace[] = ['bottom-right', 'bottom-left', 'top-right', 'top-left', 'bottom-center', 'top-center'];

/**
 * Above this everywhere, the mark goes on a strip. 12 levels per pixel is about one full-contrast
 * edge every 20 px: lettering or a pattern. Measured over pill-sized boxes, a
 * photo's texture (faces, hair, stairs in the face-api demo photos) gives 1–6 and a cluttered
 * backdrop up to 16–28, a frame's pair of thin border lines across the pill 8–10, the edge of
 * its caption 13–26, a flat or graded background 0.
 */
export const BUSY_DETAIL = 12;
/** Places this close to the calmest count as calm too, and the preferred one among them wins. */
export const CALM_TOLERANCE = 0.1;
/** Steps of up to this many levels between neighbours are gradation or noise, not detail. */
export const NOISE_FLOOR = 3;

export interface PixelRegion extends Size {
  /** RGBA, row-major, as ImageData holds it. */
  data: Uint8ClampedArray;
}

export interface RegionStats extends ColorRange {
  detail: number;
}

export function placeBox(place: AutoPlace, mark: Size, out: Size, margin: number): Rect {
  const x = place.endsWith('left') ? margin : place.endsWith('right') ? out.width - margin - mark.width : (out.width - mark.width) / 2;
  const y = place.startsWith('top') ? margin : out.height - margin - mark.height;
  return { x, y, width: mark.width, height: mark.height };
}

/** Mean colour of each block × block cell (the cells at the right and bottom edges may be smaller), RGB interleaved. */
function blockColors(pixels: PixelRegion, block: number): { rgb: Float64Array; width: number; height: number } {
  const width = Math.ceil(pixels.width / block);
  const height = Math.ceil(pixels.height / block);
  const rgb = new Float64Array(width * height * 3);
  const count = new Uint32Array(width * height);
  const d = pixels.data;
  for (let y = 0; y < pixels.height; y++) {
    const row = Math.floor(y / block) * width;
    for (let x = 0; x < pixels.width; x++) {
      const i = (y * pixels.width + x) * 4;
      const cell = row + Math.floor(x / block);
      for (let c = 0; c < 3; c++) rgb[cell * 3 + c] = (rgb[cell * 3 + c] ?? 0) + (d[i + c] ?? 0);
      count[cell] = (count[cell] ?? 0) + 1;
    }
  }
  for (let c = 0; c < rgb.length; c++) rgb[c] = (rgb[c] ?? 0) / (count[Math.floor(c / 3)] || 1);
  return { rgb, width, height };
}

/** The step between two cells above the noise floor: mean |Δ| over R, G and B, less NOISE_FLOOR. */
function step(rgb: Float64Array, a: number, b: number): number {
  let sum = 0;
  for (let c = 0; c < 3; c++) sum += Math.abs((rgb[a * 3 + c] ?? 0) - (rgb[b * 3 + c] ?? 0));
  return Math.max(0, sum / 3 - NOISE_FLOOR);
}

function meanGradient({ rgb, width, height }: { rgb: Float64Array; width: number; height: number }): number {
  let dx = 0;
  let dy = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const cell = y * width + x;
      if (x + 1 < width) dx += step(rgb, cell + 1, cell);
      if (y + 1 < height) dy += step(rgb, cell + width, cell);
    }
  }
  const pairsX = (width - 1) * height;
  const pairsY = width * (height - 1);
  return (pairsX > 0 ? dx / pairsX : 0) + (pairsY > 0 ? dy / pairsY : 0);
}

function colorRange(pixels: PixelRegion): ColorRange {
  const sum: [number, number, number] = [0, 0, 0];
  const min: [number, number, number] = [255, 255, 255];
  const max: [number, number, number] = [0, 0, 0];
  const d = pixels.data;
  const n = pixels.width * pixels.height;
  for (let i = 0; i < n * 4; i += 4) {
    const r = d[i] ?? 0;
    const g = d[i + 1] ?? 0;
    const b = d[i + 2] ?? 0;
    sum[0] += r;
    sum[1] += g;
    sum[2] += b;
    min[0] = Math.min(min[0], r);
    min[1] = Math.min(min[1], g);
    min[2] = Math.min(min[2], b);
    max[0] = Math.max(max[0], r);
    max[1] = Math.max(max[1], g);
    max[2] = Math.max(max[2], b);
  }
  return { mean: [sum[0] / n, sum[1] / n, sum[2] / n], min, max };
}

/** `unit` is min(width, height) / 1080 of the whole picture. */
export function measureRegion(pixels: PixelRegion, unit: number): RegionStats {
  const block = Math.max(1, Math.floor(unit));
  return { detail: (meanGradient(blockColors(pixels, block)) * unit) / block, ...colorRange(pixels) };
}

export function chooseCalmest(details: readonly number[]): number {
  const calmest = Math.min(...details);
  if (!(calmest <= BUSY_DETAIL)) return -1;
  return details.findIndex((detail) => detail <= calmest + CALM_TOLERANCE);
}
