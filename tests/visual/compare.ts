/**
 * Image and face comparison of the golden tests (node side).
 *
 * Tolerance: pixelmatch threshold PIXEL_THRESHOLD (YIQ colour distance, 0..1; anti-aliased pixels
 * are not counted) and at most MAX_DIFF_SHARE of the pixels differing. The software renderer is
 * deterministic run to run (0 differing pixels measured), JPEG decode differences between
 * EXIF-rotated copies stay well below the limit, while moving the photo by 2 px changes several
 * percent of the pixels (proved by the spec's negative test).
 */
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import type { Rect } from '../../core/geometry.ts';

export const PIXEL_THRESHOLD = 0.1;
export const MAX_DIFF_SHARE = 0.005;
/** A detected face matches an expected one at this intersection over union. */
export const MIN_FACE_IOU = 0.5;
/** Hand-marked boxes (brow to chin) are tighter than MediaPipe's: a looser bound. */
export const MIN_HAND_IOU = 0.3;

export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8Array;
}

export function readPng(bytes: Uint8Array): RgbaImage {
  const png = PNG.sync.read(Buffer.from(bytes));
  return { width: png.width, height: png.height, data: new Uint8Array(png.data.buffer, png.data.byteOffset, png.data.length) };
}

export function writePng(image: RgbaImage): Buffer {
  const png = new PNG({ width: image.width, height: image.height });
  png.data = Buffer.from(image.data.buffer, image.data.byteOffset, image.data.length);
  return PNG.sync.write(png, { deflateLevel: 9 });
}

export interface ImageComparison {
  pass: boolean;
  diffPixels: number;
  diffShare: number;
  /** Red where pixels differ, over a faded copy of the expected image. */
  diff: RgbaImage;
  reason?: string;
}

export function compareImages(expected: RgbaImage, actual: RgbaImage): ImageComparison {
  const { width, height } = expected;
  const diff = { width, height, data: new Uint8Array(width * height * 4) };
  if (actual.width !== width || actual.height !== height) {
    return { pass: false, diffPixels: width * height, diffShare: 1, diff, reason: `size ${actual.width}×${actual.height}, expected ${width}×${height}` };
  }
  const diffPixels = pixelmatch(expected.data, actual.data, diff.data, width, height, { threshold: PIXEL_THRESHOLD });
  const diffShare = diffPixels / (width * height);
  const pass = diffShare <= MAX_DIFF_SHARE;
  return { pass, diffPixels, diffShare, diff, ...(pass ? {} : { reason: `${(diffShare * 100).toFixed(3)} % of pixels differ (limit ${MAX_DIFF_SHARE * 100} %)` }) };
}

export function iou(a: Rect, b: Rect): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  return inter / (a.width * a.height + b.width * b.height - inter);
}

/** For each actual box, the best IoU with any expected box (greedy one-to-one, best pairs first). */
export function matchBoxes(expected: Rect[], actual: Rect[]): { ious: number[]; unmatchedExpected: number } {
  const pairs = actual.flatMap((a, i) => expected.map((e, j) => ({ i, j, value: iou(e, a) }))).sort((p, q) => q.value - p.value);
  const ious = actual.map(() => 0);
  const usedActual = new Set<number>();
  const usedExpected = new Set<number>();
  for (const { i, j, value } of pairs) {
    if (value <= 0 || usedActual.has(i) || usedExpected.has(j)) continue;
    usedActual.add(i);
    usedExpected.add(j);
    ious[i] = value;
  }
  return { ious, unmatchedExpected: expected.length - usedExpected.size };
}

export const scaleBox = (box: Rect, k: number): Rect => ({ x: box.x * k, y: box.y * k, width: box.width * k, height: box.height * k });

export interface Placement {
  x: number;
  y: number;
  scale: number;
  rotation: number;
}

/**
 * A box in working-image pixels → its bounding box in output pixels, with the placement's
 * photo → frame mapping (core/placement.ts photoToFrameMatrix) times the output scale.
 */
export function boxToOutput(box: Rect, t: Placement, photo: { width: number; height: number }, outputScale: number): Rect {
  const rad = (t.rotation * Math.PI) / 180;
  const cos = Math.cos(rad) * t.scale;
  const sin = Math.sin(rad) * t.scale;
  const map = (px: number, py: number) => {
    const dx = px - photo.width / 2;
    const dy = py - photo.height / 2;
    return [(t.x + cos * dx - sin * dy) * outputScale, (t.y + sin * dx + cos * dy) * outputScale] as const;
  };
  const corners = [map(box.x, box.y), map(box.x + box.width, box.y), map(box.x, box.y + box.height), map(box.x + box.width, box.y + box.height)];
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}
