import type { Point } from '../../../../core/geometry.ts';
import { pinchViewport, type Viewport } from '../canvasViewport.ts';

/**
 * Two fingers zoom about their midpoint and pan with it. `pointers` holds every pointer down (in
 * press order, screen px) after the move; `before` is where the moving one was.
 */
export function pinchMove(view: Viewport, pointers: ReadonlyMap<number, Point>, pointerId: number, before: Point): Viewport | null {
  const [a, b] = [...pointers.entries()];
  if (!a || !b || (a[0] !== pointerId && b[0] !== pointerId)) return null;
  const old: [Point, Point] = a[0] === pointerId ? [before, b[1]] : [a[1], before];
  return pinchViewport(view, old, [a[1], b[1]]);
}
