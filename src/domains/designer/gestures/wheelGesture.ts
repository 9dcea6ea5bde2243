import type { Point } from '../../../../core/geometry.ts';
import { wheelPixels, wheelZoomFactor } from '../../../../core/wheelZoomFactor.ts';
import { panBy, zoomAt, type Viewport } from '../canvasViewport.ts';

export interface WheelInput {
  deltaX: number;
  deltaY: number;
  /** 0 px, 1 lines, 2 pages. */
  deltaMode: number;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  /** Screen px relative to the stage. */
  point: Point;
}

/**
 * The view after one wheel event. Ctrl/Cmd + wheel, and trackpad pinches (which arrive as
 * ctrl + wheel), zoom about the pointer; a plain wheel pans, Shift + wheel sideways.
 */
export function wheelViewport(view: Viewport, wheel: WheelInput): Viewport {
  if (wheel.ctrlKey || wheel.metaKey) return zoomAt(view, wheelZoomFactor(wheel.deltaY, wheel.deltaMode, wheel.ctrlKey), wheel.point);
  const [dx, dy] = wheel.shiftKey && wheel.deltaX === 0 ? [wheel.deltaY, 0] : [wheel.deltaX, wheel.deltaY];
  return panBy(view, -wheelPixels(dx, wheel.deltaMode), -wheelPixels(dy, wheel.deltaMode));
}
