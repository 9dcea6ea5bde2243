/**
 * Pixel checks on a downloaded result, decoded in Node with sharp: where the watermark is, and
 * where the pipeline's own face detection (the diagnostics page /test/test/test) finds faces.
 */
import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { Rect, Size } from '../../core/geometry.ts';

/** tests/fixtures/generated/frame-circle.png (scripts/buildFixtures.ts): 1080², circular hole centred (540, 500), r 380. */
export const CIRCLE_FRAME = { width: 1080, height: 1080, hole: { cx: 540, cy: 500, r: 380 } } as const;

export async function imageSize(file: string | Buffer): Promise<Size> {
  const { width, height } = await sharp(file).metadata();
  return { width, height };
}

/** Near-white: how the watermark's text and logo look (95 % white over the dark pill). */
const isNearWhite = (r: number, g: number, b: number) => Math.min(r, g, b) >= 215;
/** Clearly not white in the frame, so a near-white result pixel there cannot be the frame's own. */
const isDarkish = (r: number, g: number, b: number) => Math.max(r, g, b) < 200;

/** The top or the bottom band of a result, where the watermark goes (a corner, the middle of the edge, or a strip). */
export type Band = 'top' | 'bottom';

export interface NewWhitePixels {
  count: number;
  /** Leftmost and rightmost x of those pixels (−1 when there are none). */
  minX: number;
  maxX: number;
}

/**
 * Per band (the top and bottom 10 % of the result), the pixels that are near-white in the result but clearly
 * not white in the frame at the same place, where the frame is opaque (so the result must equal the frame
 * there). Only the watermark adds such pixels: its text and logo are drawn in white on a dark pill, wherever
 * its 'auto' position put it. The bands stay clear of the hole of the circle frame, so the photo never shows in them.
 */
export async function newWhitePixelsPerBand(resultFile: string, frameFile: string): Promise<Record<Band, NewWhitePixels>> {
  const result = await sharp(resultFile).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = result.info;
  // The frame at the result's size (a 2× result is compared with the frame scaled up).
  const frame = await sharp(frameFile).resize(width, height, { fit: 'fill' }).ensureAlpha().raw().toBuffer();
  const bandHeight = Math.round(height * 0.1);
  const bands = {} as Record<Band, NewWhitePixels>;
  for (const band of ['top', 'bottom'] as const) {
    const top = band === 'top' ? 0 : height - bandHeight;
    const found: NewWhitePixels = { count: 0, minX: -1, maxX: -1 };
    for (let y = top; y < top + bandHeight; y++) {
      for (let x = 0; x < width; x++) {
        const i = y * width + x;
        const [r, g, b] = [result.data[i * 3]!, result.data[i * 3 + 1]!, result.data[i * 3 + 2]!];
        const [fr, fg, fb, fa] = [frame[i * 4]!, frame[i * 4 + 1]!, frame[i * 4 + 2]!, frame[i * 4 + 3]!];
        if (!(fa === 255 && isDarkish(fr, fg, fb) && isNearWhite(r, g, b))) continue;
        found.count++;
        found.minX = found.minX === -1 ? x : Math.min(found.minX, x);
        found.maxX = Math.max(found.maxX, x);
      }
    }
    bands[band] = found;
  }
  return bands;
}

/** A watermark's text and logo add well over this many white pixels at 1080 px; JPEG noise adds a handful. */
export const WATERMARK_MIN_PIXELS = 400;
export const NO_WATERMARK_MAX_PIXELS = 40;

/**
 * Faces the app's own pipeline finds in `file`, in its pixels: the diagnostics page decodes the
 * file as a photo and lists the detected boxes (working-image coordinates, the file's own size
 * for files up to 4096 px).
 */
export async function detectFacesWithTestPage(page: Page, file: string, size: Size): Promise<Rect[]> {
  await page.goto('/test/test/test');
  // Face detection needs the models; without them the page would still render, with no faces.
  await expect(page.getByTestId('warm-status')).toHaveAttribute('data-state', 'ready', { timeout: 90_000 });
  await expect(page.getByTestId('frame-name')).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  await page.getByLabel('Photo', { exact: true }).setInputFiles(file);
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
  const result = page.getByTestId('result');
  await expect(result.getByText(`Photo: ${size.width} × ${size.height} px`)).toBeVisible();
  const count = Number(await result.getByTestId('face-count').getAttribute('data-count'));
  const items = result.getByRole('listitem');
  await expect(items).toHaveCount(count);
  return (await items.allTextContents()).map((text) => {
    const match = /At (-?\d+), (-?\d+) — (\d+) × (\d+) px/.exec(text);
    if (!match) throw new Error(`Unreadable face line: ${text}`);
    const [, x, y, width, height] = match.map(Number) as [number, number, number, number, number];
    return { x, y, width, height };
  });
}

/** Whether the whole box (all four corners) lies inside the circle. */
export function boxInCircle(box: Rect, circle: { cx: number; cy: number; r: number }): boolean {
  const corners = [
    [box.x, box.y],
    [box.x + box.width, box.y],
    [box.x, box.y + box.height],
    [box.x + box.width, box.y + box.height],
  ] as const;
  return corners.every(([x, y]) => Math.hypot(x - circle.cx, y - circle.cy) <= circle.r);
}

/** Side the hole's square is enlarged to before detection: a group's faces, small in the result, become easy to find. */
const HOLE_DETECTION_SIDE = 1600;

/**
 * Faces the app's own pipeline finds inside a round hole of the result `file`, in the result's pixels: the
 * hole's bounding square is cut out and enlarged first, since a group photo's faces are small once every
 * face fits inside the hole.
 */
export async function detectFacesInHole(page: Page, file: string, circle: { cx: number; cy: number; r: number }, dir: string): Promise<Rect[]> {
  const left = Math.max(0, Math.round(circle.cx - circle.r));
  const top = Math.max(0, Math.round(circle.cy - circle.r));
  const side = Math.round(2 * circle.r);
  const crop = `${dir}/hole-crop.png`;
  await sharp(file).extract({ left, top, width: side, height: side }).resize(HOLE_DETECTION_SIDE, HOLE_DETECTION_SIDE).png().toFile(crop);
  const k = side / HOLE_DETECTION_SIDE;
  const faces = await detectFacesWithTestPage(page, crop, { width: HOLE_DETECTION_SIDE, height: HOLE_DETECTION_SIDE });
  return faces.map((face) => ({ x: left + face.x * k, y: top + face.y * k, width: face.width * k, height: face.height * k }));
}

