/**
 * Which faces each hole of a frame shows (issue 12 §3), for autoPlace per hole.
 *
 *   assignFaces(faces, holes) → FaceBox[][]   (one list per hole, in the holes' order)
 *
 * - One hole, or fewer faces than holes: every hole gets every face (the same photo in each hole).
 * - At least as many faces as holes: the largest faces, one per hole, in reading order: holes and
 *   faces are both sorted along the axis the holes spread along (left to right for windows side by
 *   side, top to bottom for stacked ones), so the left person goes to the left window. Smaller faces
 *   beyond the holes' count are left to the photo's own placement (they may show at the edges).
 */
import type { Rect } from './geometry.ts';
import type { FaceBox } from './pictureTypes.ts';

const centre = (rect: Rect) => ({ x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 });

/** 'x' when the holes' centres spread at least as far across as down (relative to their sizes). */
function readingAxis(holes: readonly Rect[]): 'x' | 'y' {
  const xs = holes.map((hole) => centre(hole).x);
  const ys = holes.map((hole) => centre(hole).y);
  const spread = (values: number[]) => Math.max(...values) - Math.min(...values);
  return spread(xs) >= spread(ys) ? 'x' : 'y';
}

export function assignFaces(faces: readonly FaceBox[], holes: readonly Rect[]): FaceBox[][] {
  if (holes.length <= 1 || faces.length < holes.length) return holes.map(() => [...faces]);
  const axis = readingAxis(holes);
  const along = (rect: Rect) => centre(rect)[axis];
  const across = (rect: Rect) => centre(rect)[axis === 'x' ? 'y' : 'x'];
  const byReading = (a: Rect, b: Rect) => along(a) - along(b) || across(a) - across(b);
  const largest = [...faces].sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height).slice(0, holes.length);
  const faceOrder = largest.sort((a, b) => byReading(a.box, b.box));
  const holeOrder = holes.map((hole, index) => ({ hole, index })).sort((a, b) => byReading(a.hole, b.hole));
  const assigned: FaceBox[][] = holes.map(() => []);
  holeOrder.forEach(({ index }, rank) => assigned[index]!.push(faceOrder[rank]!));
  return assigned;
}
