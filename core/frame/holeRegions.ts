/**
 * The part of a frame each hole owns, and where in each hole the photo and its faces go
 * (several holes, soft edges, odd shapes). Pure; run once per frame in a worker at frame load.
 *
 *   holeRegions({ width, height, alpha, channels }, holes, { ownEveryPixel? }) → { width, height, regions, owner }
 *
 * - Seeds of hole i: its rect (rounded, clipped to the canvas) and the pixels with
 *   alpha < FRAME_ALPHA_THRESHOLD in it. Where rects overlap, a pixel seeds the hole with the
 *   smaller rect (ties: lower index), so a small window inside a large one's box keeps its pixels.
 * - Growth: all holes grow at once through pixels that are not fully opaque (alpha < 255), one
 *   4-connected BFS; a pixel goes to the hole that reaches it first, ties to the lower index.
 *   What a hole gains here (and its rect) is its `cover`: under a fading edge the photo must
 *   reach every pixel that lets it show through.
 * - Then every other pixel (fully opaque ones, transparent specks no hole reaches, such as the
 *   clear corners outside a badge) goes to the nearest owned pixel by the same BFS; it is owned
 *   but does not widen any cover.
 * - `body`: the largest axis-aligned rectangle of the hole's own alpha < threshold pixels
 *   (row histograms and a stack, O(box area)).
 * Memory: about 7 bytes per pixel besides the frame (padded alpha and owner planes, an Int32 queue, the
 * returned owner), so about 117 MB for a 4096² frame.
 * Bad input (sizes, alpha length, more than 255 holes, no hole, a rect empty after clipping or
 * without a transparent pixel of its own) throws a RangeError: regions stay aligned with the
 * holes given, so none is dropped.
 */
import type { Rect, Size } from '../geometry.ts';
import { FRAME_ALPHA_THRESHOLD, type FrameAlpha } from './findFrameHoles.ts';

/** A cover reaching more than this beyond its hole's box on some side is a soft (fading) edge; 1–2 px of anti-aliasing is not. */
export const SOFT_EDGE_MIN_PX = 3;
/** At most this many holes: `owner` stores 1 + hole index in a byte. */
export const MAX_HOLE_REGIONS = 255;

/** area / box area at or above this: a rectangle (rounded corners of a few px included). */
const RECTANGLE_MIN_FILL = 0.97;
/** An ellipse fills π/4 ≈ 0.785 of its box; pixel rounding moves that by a little. */
const ELLIPSE_FILL = [0.74, 0.83] as const;
/**
 * …and overlaps the ellipse inscribed in its box at least this much (intersection / union): pixel circles of
 * radius 27 (the smallest hole in a 1080² frame) and up reach 0.98, a regular octagon 0.948, a square rounded
 * by 0.45 of its side 0.951.
 */
const ELLIPSE_MIN_IOU = 0.97;
const OPAQUE = 255;
/** Owner of the grid's rim: any non-zero value; rim pixels are never queued. */
const RIM = 255;

export interface HoleRegion {
  /** The hole as given, rounded to whole pixels and clipped to the canvas (from findFrameHoles: the box of its alpha < 128 pixels). */
  hole: Rect;
  /** Box of the hole and of every pixel that is not fully opaque (alpha < 255) that this hole reached: the photo, or the fill, must reach all of it. */
  cover: Rect;
  /** Largest axis-aligned rectangle made only of this hole's alpha < 128 pixels (equal areas: the one ending highest): where faces go. */
  body: Rect;
  /** The hole fades out: its cover box reaches more than SOFT_EDGE_MIN_PX beyond the hole box on some side. */
  softEdge: boolean;
  /** Rough outline for the creator's summary: 'rectangle' fills ≥ 97 % of its box; 'ellipse' fills 74–83 % and matches the box's inscribed ellipse; else 'other'. */
  shape: 'rectangle' | 'ellipse' | 'other';
}

export interface FrameRegions extends Size {
  /** Same order as the holes given. */
  regions: HoleRegion[];
  /** Per frame pixel (row-major): 1 + index of the hole that owns it (the rules at the top of this file). Every pixel is owned. */
  owner: Uint8Array;
}

export interface HoleRegionsOptions {
  /**
   * Default true. False skips the second phase (the nearest hole of opaque pixels and unreached specks, about
   * a third of the time): regions are the same, and `owner` is 0 where the first phase did not reach. For a
   * frame with one hole, whose photo needs no clipping.
   */
  ownEveryPixel?: boolean;
}

/** The holes' regions of a frame; see the rules at the top of this file. */
export function holeRegions(frame: FrameAlpha, holes: readonly Rect[], { ownEveryPixel = true }: HoleRegionsOptions = {}): FrameRegions {
  const { width, height } = frame;
  checkFrame(frame);
  if (holes.length === 0) throw new RangeError('holeRegions needs at least one hole');
  if (holes.length > MAX_HOLE_REGIONS) throw new RangeError(`holeRegions takes at most ${MAX_HOLE_REGIONS} holes, got ${holes.length}`);
  const rects = holes.map((hole, i) => clipHole(hole, i, width, height));
  const grid = paddedGrid(frame);
  const queue = new Int32Array(width * height);
  const reached = grow(grid, queue, seed(grid, queue, rects), OPAQUE, true);
  // Before the second phase, every owned pixel is one the growth reached.
  const covers = coverBoxes(grid, width, height, rects);
  if (ownEveryPixel && reached < width * height) grow(grid, queue, gatherFrontier(queue, reached, grid.owner, rects.length), OPAQUE + 1, false);
  const regions = rects.map((hole, i): HoleRegion => {
    const cover = covers[i]!;
    return { hole, cover, ...holeBody(grid, hole, i + 1), softEdge: reachesBeyond(cover, hole, SOFT_EDGE_MIN_PX) };
  });
  return { width, height, regions, owner: unpad(grid, width, height) };
}

function checkFrame({ width, height, alpha, channels = 4 }: FrameAlpha): void {
  if (!Number.isSafeInteger(width) || !Number.isSafeInteger(height) || width <= 0 || height <= 0) {
    throw new RangeError(`holeRegions needs a positive integer size, got ${width}×${height}`);
  }
  if (channels !== 1 && channels !== 4) throw new RangeError(`holeRegions takes 1 or 4 channels, got ${String(channels)}`);
  if (alpha.length !== width * height * channels) {
    throw new RangeError(`holeRegions: ${width}×${height}×${channels} needs ${width * height * channels} bytes, got ${alpha.length}`);
  }
}

/** The hole's rect rounded to whole pixels and clipped to the canvas; RangeError when nothing is left. */
function clipHole(hole: Rect, index: number, width: number, height: number): Rect {
  const x = Math.max(0, Math.round(hole.x));
  const y = Math.max(0, Math.round(hole.y));
  const right = Math.min(width, Math.round(hole.x + hole.width));
  const bottom = Math.min(height, Math.round(hole.y + hole.height));
  if (!(right > x && bottom > y)) throw new RangeError(`hole ${index} (${hole.x}, ${hole.y}, ${hole.width}×${hole.height}) is empty inside the ${width}×${height} frame`);
  return { x, y, width: right - x, height: bottom - y };
}

/**
 * The frame's alpha plane and the owners, with a one-pixel rim around the canvas: the rim's owner is
 * non-zero, so the BFS never leaves the canvas without testing bounds, and needs no x, y per pixel.
 * Pixel (x, y) is at (y + 1)·stride + x + 1.
 */
interface Grid {
  stride: number;
  alpha: Uint8Array;
  owner: Uint8Array;
}

function paddedGrid({ width, height, alpha, channels = 4 }: FrameAlpha): Grid {
  const stride = width + 2;
  const plane = new Uint8Array(stride * (height + 2)).fill(OPAQUE);
  const owner = new Uint8Array(plane.length).fill(RIM);
  for (let y = 0; y < height; y++) {
    const to = (y + 1) * stride + 1;
    owner.fill(0, to, to + width);
    for (let x = 0, from = y * width * channels + channels - 1; x < width; x++, from += channels) plane[to + x] = alpha[from]!;
  }
  return { stride, alpha: plane, owner };
}

function unpad({ stride, owner }: Grid, width: number, height: number): Uint8Array {
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) out.set(owner.subarray((y + 1) * stride + 1, (y + 1) * stride + 1 + width), y * width);
  return out;
}

/** Gives each hole its seeds (smaller rects first) and queues them by hole index; returns the queue length. */
function seed({ stride, alpha, owner }: Grid, queue: Int32Array, rects: Rect[]): number {
  const bySize = rects.map((_, i) => i).sort((a, b) => rects[a]!.width * rects[a]!.height - rects[b]!.width * rects[b]!.height || a - b);
  for (const i of bySize) {
    const { x, y, width: w, height: h } = rects[i]!;
    for (let row = y; row < y + h; row++) {
      for (let p = (row + 1) * stride + x + 1, end = p + w; p < end; p++) {
        if (owner[p] === 0 && alpha[p]! < FRAME_ALPHA_THRESHOLD) owner[p] = i + 1;
      }
    }
  }
  // Queued in index order, so every BFS layer stays sorted by hole and ties go to the lower index.
  let tail = 0;
  for (let i = 0; i < rects.length; i++) {
    const { x, y, width: w, height: h } = rects[i]!;
    const start = tail;
    for (let row = y; row < y + h; row++) {
      for (let p = (row + 1) * stride + x + 1, end = p + w; p < end; p++) if (owner[p] === i + 1) queue[tail++] = p;
    }
    if (tail === start) throw new RangeError(`hole ${i} (${x}, ${y}, ${w}×${h}) has no transparent pixel of its own`);
  }
  return tail;
}

/**
 * Multi-source BFS from queue[0, tail) into unowned pixels with alpha < `passBelow`; returns the new tail.
 * With `markFrontier`, a popped pixel that touches one it could not pass (fully opaque) is left in the
 * queue as ~p: the sources of the next phase.
 */
function grow({ stride, alpha, owner }: Grid, queue: Int32Array, tail: number, passBelow: number, markFrontier: boolean): number {
  const steps = [-1, 1, -stride, stride];
  let head = 0;
  while (head < tail) {
    const p = queue[head++]!;
    const k = owner[p]!;
    let blocked = false;
    for (let d = 0; d < 4; d++) {
      const q = p + steps[d]!;
      if (owner[q] !== 0) continue;
      if (alpha[q]! < passBelow) {
        owner[q] = k;
        queue[tail++] = q;
      } else blocked = true;
    }
    if (markFrontier && blocked) queue[head - 1] = ~p;
  }
  return tail;
}

/** Each hole's rect widened to every pixel it owns so far. */
function coverBoxes({ stride, owner }: Grid, width: number, height: number, rects: Rect[]): Rect[] {
  const box = new Int32Array(rects.length * 4 + 4);
  rects.forEach((r, i) => box.set([r.x, r.y, r.x + r.width, r.y + r.height], (i + 1) * 4));
  for (let y = 0; y < height; y++) {
    for (let x = 0, p = (y + 1) * stride + 1; x < width; x++, p++) {
      const c = owner[p]! * 4;
      if (c === 0) continue;
      if (x < box[c]!) box[c] = x;
      if (y < box[c + 1]!) box[c + 1] = y;
      if (x >= box[c + 2]!) box[c + 2] = x + 1;
      if (y >= box[c + 3]!) box[c + 3] = y + 1;
    }
  }
  return rects.map((_, i) => {
    const c = (i + 1) * 4;
    return { x: box[c]!, y: box[c + 1]!, width: box[c + 2]! - box[c]!, height: box[c + 3]! - box[c + 1]! };
  });
}

/** Moves the frontier pixels (marked ~p in queue[0, end)) to the front of the queue sorted by hole (counting sort); returns their count. */
function gatherFrontier(queue: Int32Array, end: number, owner: Uint8Array, holes: number): number {
  const counts = new Int32Array(holes + 1);
  for (let i = 0; i < end; i++) {
    const v = queue[i]!;
    if (v < 0) counts[owner[~v]!]!++;
  }
  const start = new Int32Array(holes + 1);
  for (let k = 1; k < holes; k++) start[k + 1] = start[k]! + counts[k]!;
  const total = start[holes]! + counts[holes]!;
  const frontier = new Int32Array(total);
  for (let i = 0; i < end; i++) {
    const v = queue[i]!;
    if (v < 0) frontier[start[owner[~v]!]!++] = ~v;
  }
  queue.set(frontier, 0);
  return total;
}

function reachesBeyond(outer: Rect, inner: Rect, px: number): boolean {
  return (
    inner.x - outer.x > px ||
    inner.y - outer.y > px ||
    outer.x + outer.width - (inner.x + inner.width) > px ||
    outer.y + outer.height - (inner.y + inner.height) > px
  );
}

/**
 * The largest rectangle of hole `k`'s own transparent pixels in its box (largest rectangle under each
 * row's histogram, with a stack), and its outline from how it fills the box and the box's inscribed ellipse.
 */
function holeBody({ stride, alpha, owner }: Grid, box: Rect, k: number): Pick<HoleRegion, 'body' | 'shape'> {
  const heights = new Int32Array(box.width);
  const stack = new Int32Array(box.width + 1);
  const body = { x: box.x, y: box.y, width: 0, height: 0 };
  let best = 0;
  let area = 0;
  let ellipseArea = 0;
  let inEllipse = 0;
  const rx = box.width / 2;
  const ry = box.height / 2;
  for (let row = 0; row < box.height; row++) {
    const y = box.y + row;
    // Columns (relative to the box) whose centres lie in the box's inscribed ellipse.
    const dy = (row + 0.5 - ry) / ry;
    const half = dy * dy < 1 ? rx * Math.sqrt(1 - dy * dy) : -1;
    const e0 = Math.ceil(rx - half - 0.5);
    const e1 = Math.floor(rx + half - 0.5);
    if (e1 >= e0) ellipseArea += e1 - e0 + 1;
    const rowStart = (y + 1) * stride + box.x + 1;
    for (let col = 0; col < box.width; col++) {
      const p = rowStart + col;
      if (owner[p] === k && alpha[p]! < FRAME_ALPHA_THRESHOLD) {
        heights[col]!++;
        area++;
        if (col >= e0 && col <= e1) inEllipse++;
      } else heights[col] = 0;
    }
    let top = 0;
    for (let col = 0; col <= box.width; col++) {
      const h = col < box.width ? heights[col]! : 0;
      while (top > 0 && heights[stack[top - 1]!]! >= h) {
        const tall = heights[stack[--top]!]!;
        const left = top > 0 ? stack[top - 1]! + 1 : 0;
        if (tall * (col - left) > best) {
          best = tall * (col - left);
          body.x = box.x + left;
          body.y = y - tall + 1;
          body.width = col - left;
          body.height = tall;
        }
      }
      stack[top++] = col;
    }
  }
  const fill = area / (box.width * box.height);
  const iou = inEllipse / (area + ellipseArea - inEllipse);
  const shape = fill >= RECTANGLE_MIN_FILL ? 'rectangle' : fill >= ELLIPSE_FILL[0] && fill <= ELLIPSE_FILL[1] && iou >= ELLIPSE_MIN_IOU ? 'ellipse' : 'other';
  return { body, shape };
}
