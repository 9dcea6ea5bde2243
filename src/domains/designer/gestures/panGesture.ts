import type { Point } from '../../../../core/geometry.ts';
import { panBy, type Viewport } from '../canvasViewport.ts';

/** Space + drag or a middle-button drag: the view follows the pointer. */
export interface PanGesture {
  kind: 'pan';
  pointerId: number;
  last: Point;
}

/** Whether a press pans rather than selects. */
export function pressPans(button: number, spaceHeld: boolean): boolean {
  return button === 1 || (button === 0 && spaceHeld);
}

export function startPan(pointerId: number, point: Point): PanGesture {
  return { kind: 'pan', pointerId, last: point };
}

export function movePan(gesture: PanGesture, view: Viewport, point: Point): { state: PanGesture; view: Viewport } {
  return { state: { ...gesture, last: point }, view: panBy(view, point.x - gesture.last.x, point.y - gesture.last.y) };
}
