/**
 * Where photos go in a loaded frame: the analysis's holes turned into regions (core/frame/holeRegions.ts),
 * and the owner map the compositor clips with when there are several holes.
 *
 *   frameLayout(bitmap, analysis) → { regions, owner? }
 *
 * - A frame's holes get their regions from its alpha: soft rims widen the cover box, the body is the
 *   largest rectangle inside the shape, and each pixel belongs to one hole.
 * - The owner map is kept only for frames with several holes (one hole needs no clipping).
 * - A hole without a transparent pixel of its own (a background design's whole canvas, or holes stored
 *   for an older upload that no longer match) is its own cover and body: the photo covers its box.
 */
import { holeRegions, type HoleRegion } from '../core/frame/holeRegions.ts';
import type { Rect } from '../core/geometry.ts';
import type { FrameAnalysis } from '../core/pipelineTypes.ts';
import { framePixels } from './frameAnalysis.ts';
import type { OwnerMap } from './ownerCells.ts';

export interface LoadedLayout {
  regions: HoleRegion[];
  /** Frame-size; only with several holes. */
  owner?: OwnerMap;
}

/** A hole taken as its box: cover and body are the box itself. */
export function boxRegion(hole: Rect): HoleRegion {
  const box = { x: hole.x, y: hole.y, width: hole.width, height: hole.height };
  return { hole: box, cover: box, body: box, softEdge: false, shape: 'rectangle' };
}

/** `pixels`: the frame's RGBA when the caller already read them (loadFrame does, for the analysis). */
export function frameLayout(bitmap: ImageBitmap, analysis: FrameAnalysis, pixels?: Uint8ClampedArray): LoadedLayout {
  const { width, height } = bitmap;
  const { holes } = analysis;
  const wholeCanvas = holes.length === 1 && holes[0]!.width >= width && holes[0]!.height >= height;
  if (holes.length === 0 || wholeCanvas) return { regions: holes.map(boxRegion) };
  try {
    // One hole needs no owner map (nothing to clip), so the nearest-hole phase is skipped.
    const found = holeRegions({ width, height, alpha: pixels ?? framePixels(bitmap), channels: 4 }, holes, { ownEveryPixel: holes.length > 1 });
    return { regions: found.regions, ...(holes.length > 1 ? { owner: { width, height, data: found.owner } } : {}) };
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    // Stored holes that no longer match the pixels: place on their boxes, clip nothing but the first.
    console.warn('Frame regions fell back to the hole boxes', error);
    return { regions: holes.slice(0, 1).map(boxRegion) };
  }
}
