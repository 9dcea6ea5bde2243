/**
 * Snapping of moved elements, in document px: the moving box's left/centre/right (top/middle/bottom)
 * lines snap to the page's edges and centre and to the other elements' edges and centres.
 */
import type { Rect, Size } from '../../../core/geometry.ts';

/** A guide line: `vertical` lines sit at x = position and run from start to end in y (and vice versa). */
export interface Guide {
  orientation: 'vertical' | 'horizontal';
  position: number;
  start: number;
  end: number;
}

export interface SnapResult {
  /** Add to the movement so the box lands on the snapped lines. */
  dx: number;
  dy: number;
  guides: Guide[];
}

/** Screen px within which a line snaps; divide by the zoom for document px. */
export const SNAP_SCREEN_PX = 6;

/** The smallest box holding all of them (null for none). */
export function unionBox(boxes: readonly Rect[]): Rect | null {
  if (boxes.length === 0) return null;
  const left = Math.min(...boxes.map((b) => b.x));
  const top = Math.min(...boxes.map((b) => b.y));
  const right = Math.max(...boxes.map((b) => b.x + b.width));
  const bottom = Math.max(...boxes.map((b) => b.y + b.height));
  return { x: left, y: top, width: right - left, height: bottom - top };
}

export function boxesIntersect(a: Rect, b: Rect): boolean {
  return a.x <= b.x + b.width && b.x <= a.x + a.width && a.y <= b.y + b.height && b.y <= a.y + a.height;
}

interface Target {
  at: number;
  /** The span across the other axis that a guide through it covers. */
  from: number;
  to: number;
}

const lines = (start: number, size: number) => [start, start + size / 2, start + size];
const EPSILON = 1e-6;

/** One axis: the smallest correction within `threshold`, and the targets the corrected lines touch. */
function snapAxis(sources: number[], targets: Target[], threshold: number): { delta: number; hits: { target: Target }[] } {
  let delta = 0;
  let best = threshold + EPSILON;
  for (const source of sources) {
    for (const target of targets) {
      const distance = Math.abs(target.at - source);
      if (distance < best) {
        best = distance;
        delta = target.at - source;
      }
    }
  }
  if (best > threshold) return { delta: 0, hits: [] };
  const hits = targets.filter((target) => sources.some((source) => Math.abs(source + delta - target.at) < EPSILON)).map((target) => ({ target }));
  return { delta, hits };
}

/**
 * Snaps `moving` (already moved by the raw drag) to the page and to `others`.
 * `threshold` is in document px (SNAP_SCREEN_PX / zoom).
 */
export function snapMove(moving: Rect, others: readonly Rect[], page: Size, threshold: number): SnapResult {
  const vertical: Target[] = [
    ...lines(0, page.width).map((at) => ({ at, from: 0, to: page.height })),
    ...others.flatMap((box) => lines(box.x, box.width).map((at) => ({ at, from: box.y, to: box.y + box.height }))),
  ];
  const horizontal: Target[] = [
    ...lines(0, page.height).map((at) => ({ at, from: 0, to: page.width })),
    ...others.flatMap((box) => lines(box.y, box.height).map((at) => ({ at, from: box.x, to: box.x + box.width }))),
  ];
  const x = snapAxis(lines(moving.x, moving.width), vertical, threshold);
  const y = snapAxis(lines(moving.y, moving.height), horizontal, threshold);
  const top = moving.y + y.delta;
  const left = moving.x + x.delta;
  const guides: Guide[] = [
    ...x.hits.map(({ target }) => ({ orientation: 'vertical' as const, position: target.at, start: Math.min(target.from, top), end: Math.max(target.to, top + moving.height) })),
    ...y.hits.map(({ target }) => ({ orientation: 'horizontal' as const, position: target.at, start: Math.min(target.from, left), end: Math.max(target.to, left + moving.width) })),
  ];
  return { dx: x.delta, dy: y.delta, guides: mergeGuides(guides) };
}

/** One guide per line: overlapping spans on the same line become one. */
function mergeGuides(guides: Guide[]): Guide[] {
  const byLine = new Map<string, Guide>();
  for (const guide of guides) {
    const key = `${guide.orientation}:${guide.position}`;
    const seen = byLine.get(key);
    byLine.set(key, seen ? { ...seen, start: Math.min(seen.start, guide.start), end: Math.max(seen.end, guide.end) } : guide);
  }
  return [...byLine.values()];
}
