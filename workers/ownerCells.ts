/**
 * The cell of each hole in a frame's owner map, for clipping its photo (several holes).
 *
 *   ownerCells(owner, count) → (OwnerCell | null)[]   one per hole; null when the hole owns no pixel
 *
 * `owner` holds 1 + hole index per frame pixel (FrameRegions.owner); a cell is the box of the
 * pixels hole i owns, in frame pixels, and a mask of that box: opaque where hole i owns the
 * pixel, transparent elsewhere. Built once per composite, at frame size.
 */
import type { Rect, Size } from '../core/geometry.ts';
import { PipelineError } from '../core/pipelineTypes.ts';

export interface OwnerMap extends Size {
  data: Uint8Array;
}

export interface OwnerCell {
  /** Frame pixels. */
  box: Rect;
  /** box.width × box.height; alpha 255 where the hole owns the pixel, else 0. */
  mask: OffscreenCanvas;
}

export function ownerCells(owner: OwnerMap, count: number): (OwnerCell | null)[] {
  const { width, height, data } = owner;
  const minX = new Int32Array(count).fill(width);
  const minY = new Int32Array(count).fill(height);
  const maxX = new Int32Array(count).fill(-1);
  const maxY = new Int32Array(count).fill(-1);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const i = data[row + x]! - 1;
      if (i < 0 || i >= count) continue;
      if (x < minX[i]!) minX[i] = x;
      if (x > maxX[i]!) maxX[i] = x;
      if (y < minY[i]!) minY[i] = y;
      if (y > maxY[i]!) maxY[i] = y;
    }
  }
  return Array.from({ length: count }, (_, i) => {
    if (maxX[i]! < 0) return null;
    const box = { x: minX[i]!, y: minY[i]!, width: maxX[i]! - minX[i]! + 1, height: maxY[i]! - minY[i]! + 1 };
    const pixels = new ImageData(box.width, box.height);
    for (let y = 0; y < box.height; y++) {
      const from = (box.y + y) * width + box.x;
      const to = y * box.width;
      for (let x = 0; x < box.width; x++) if (data[from + x] === i + 1) pixels.data[(to + x) * 4 + 3] = 255;
    }
    const mask = new OffscreenCanvas(box.width, box.height);
    const ctx = mask.getContext('2d');
    if (!ctx) throw new PipelineError('RENDER_FAILED', 'Canvas2D is not available.');
    ctx.putImageData(pixels, 0, 0);
    return { box, mask };
  });
}
