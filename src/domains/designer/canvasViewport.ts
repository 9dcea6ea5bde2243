/**
 * Zoom and pan of the design canvas, as plain numbers: a document point p shows at screen point
 * p · zoom + (x, y), relative to the stage's top-left corner.
 */
import type { Point, Size } from '../../../core/geometry.ts';
import { clamp } from '../../../core/numbers.ts';
import { DESIGN_MAX_ZOOM, DESIGN_MIN_ZOOM } from './designViewStore.ts';

export interface Viewport {
  zoom: number;
  x: number;
  y: number;
}

export const MIN_ZOOM = DESIGN_MIN_ZOOM;
export const MAX_ZOOM = DESIGN_MAX_ZOOM;
/** One press of zoom in / zoom out. */
export const ZOOM_STEP = 1.25;
/** Screen px kept free around the page when it is fitted. */
export const FIT_MARGIN = 32;

export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return 1;
  return clamp(zoom, MIN_ZOOM, MAX_ZOOM);
}

/** The whole page centred in the container with `margin` screen px around it. */
export function fitViewport(container: Size, page: Size, margin = FIT_MARGIN): Viewport {
  if (container.width <= 0 || container.height <= 0 || page.width <= 0 || page.height <= 0) return { zoom: 1, x: 0, y: 0 };
  const room = { width: Math.max(1, container.width - 2 * margin), height: Math.max(1, container.height - 2 * margin) };
  const zoom = clampZoom(Math.min(room.width / page.width, room.height / page.height));
  return { zoom, x: (container.width - page.width * zoom) / 2, y: (container.height - page.height * zoom) / 2 };
}

/** Multiplies the zoom by `factor` (clamped) keeping the document point under `anchor` (screen px) in place. */
export function zoomAt(view: Viewport, factor: number, anchor: Point): Viewport {
  const zoom = clampZoom(view.zoom * factor);
  const ratio = zoom / view.zoom;
  return { zoom, x: anchor.x - (anchor.x - view.x) * ratio, y: anchor.y - (anchor.y - view.y) * ratio };
}

/** Sets the zoom to a value about `anchor`. */
export function zoomTo(view: Viewport, zoom: number, anchor: Point): Viewport {
  return zoomAt(view, clampZoom(zoom) / view.zoom, anchor);
}

export function panBy(view: Viewport, dx: number, dy: number): Viewport {
  return { zoom: view.zoom, x: view.x + dx, y: view.y + dy };
}

/** Two fingers moved from `before` to `after` (screen px): zoom by their distance ratio about the midpoint, pan with it. */
export function pinchViewport(view: Viewport, before: readonly [Point, Point], after: readonly [Point, Point]): Viewport {
  const distance = ([a, b]: readonly [Point, Point]) => Math.hypot(b.x - a.x, b.y - a.y);
  const middle = ([a, b]: readonly [Point, Point]): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
  const from = middle(before);
  const to = middle(after);
  const factor = distance(before) > 0 ? distance(after) / distance(before) : 1;
  return panBy(zoomAt(view, factor, from), to.x - from.x, to.y - from.y);
}

/** Screen px (relative to the stage) → document px. */
export function screenToDocument(view: Viewport, point: Point): Point {
  return { x: (point.x - view.x) / view.zoom, y: (point.y - view.y) / view.zoom };
}
