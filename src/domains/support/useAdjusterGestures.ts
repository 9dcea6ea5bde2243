import { useEffect, type RefObject } from 'react';
import type { Point, Rect, Size } from '../../../core/geometry.ts';
import { wheelZoomFactor } from '../../../core/wheelZoomFactor.ts';
import { pan, zoomAt, type PhotoTransform } from '../../pipeline/index.ts';
import { clientToFrame, pinchStep } from './adjusterMath.ts';

const WHEEL_COMMIT_MS = 200;

/** What the gestures act on; read through a ref, so it is always the newest render's. */
export interface GestureTarget {
  /** CSS pixels per frame pixel. */
  stageScale: number;
  /** The edited hole's photo size and cover box (the clamp's hole). */
  size: Size;
  hole: Rect;
  /** The edited hole's transform as shown (during a gesture, ahead of the committed one). */
  live: () => PhotoTransform;
  /** Shows a transform without a React render. */
  draw: (next: PhotoTransform) => void;
  /** Hands the shown transform to the page (once per finished gesture). */
  commit: () => void;
  /** A press at a frame point: makes another hole the edited one when it is in that hole; true if it did. */
  selectAt: (point: Point) => boolean;
}

/**
 * Drag, wheel, pinch and two-finger rotate on the adjuster's surface, with native listeners: wheel
 * must be able to preventDefault (React's is passive), pointers need capture. A press in another
 * hole only selects that hole; the gesture starts with the next press.
 */
export function useAdjusterGestures(surface: RefObject<HTMLElement | null>, targetRef: RefObject<GestureTarget | null>): void {
  useEffect(() => {
    const element = surface.current;
    if (!element) return;
    /** The newest render's target (set in a layout effect, so before any event reaches these listeners). */
    const target = () => targetRef.current!;
    const pointers = new Map<number, Point>();
    let drag: { start: PhotoTransform; origin: Point } | null = null;
    let wheelTimer = 0;

    const toFrame = (event: { clientX: number; clientY: number }): Point => {
      const box = element.getBoundingClientRect();
      return clientToFrame({ x: event.clientX, y: event.clientY }, { x: box.left, y: box.top }, target().stageScale);
    };
    const rebase = () => {
      const [only] = [...pointers.values()];
      drag = pointers.size === 1 && only ? { start: target().live(), origin: only } : null;
    };

    const onDown = (event: PointerEvent) => {
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      event.preventDefault();
      element.focus({ preventScroll: true });
      const point = toFrame(event);
      if (pointers.size === 0 && target().selectAt(point)) return;
      try {
        element.setPointerCapture(event.pointerId);
      } catch {
        // Synthetic or already released pointers cannot be captured; moves still arrive over the stage.
      }
      pointers.set(event.pointerId, point);
      rebase();
    };
    const onMove = (event: PointerEvent) => {
      if (!pointers.has(event.pointerId)) return;
      const point = toFrame(event);
      const { size, hole, draw, live } = target();
      if (pointers.size === 1 && drag) {
        // From the gesture's start, so the photo stays under the finger up to the clamp's limit.
        draw(pan(drag.start, point.x - drag.origin.x, point.y - drag.origin.y, size, hole));
      } else if (pointers.size >= 2) {
        // The first two fingers steer; a third one is ignored.
        const [a, b] = [...pointers.entries()];
        if (a && b && (a[0] === event.pointerId || b[0] === event.pointerId)) {
          const after: [Point, Point] = a[0] === event.pointerId ? [point, b[1]] : [a[1], point];
          draw(pinchStep(live(), [a[1], b[1]], after, size, hole));
        }
      }
      pointers.set(event.pointerId, point);
    };
    const onUp = (event: PointerEvent) => {
      if (!pointers.delete(event.pointerId)) return;
      rebase();
      if (pointers.size === 0) target().commit();
    };
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const { size, hole, draw, live } = target();
      draw(zoomAt(live(), wheelZoomFactor(event.deltaY, event.deltaMode, event.ctrlKey), toFrame(event), size, hole));
      window.clearTimeout(wheelTimer);
      wheelTimer = window.setTimeout(() => target().commit(), WHEEL_COMMIT_MS);
    };

    element.addEventListener('pointerdown', onDown);
    element.addEventListener('pointermove', onMove);
    element.addEventListener('pointerup', onUp);
    element.addEventListener('pointercancel', onUp);
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      element.removeEventListener('pointerdown', onDown);
      element.removeEventListener('pointermove', onMove);
      element.removeEventListener('pointerup', onUp);
      element.removeEventListener('pointercancel', onUp);
      element.removeEventListener('wheel', onWheel);
      // A wheel zoom still waiting for its commit is kept.
      if (wheelTimer) {
        window.clearTimeout(wheelTimer);
        target().commit();
      }
    };
  }, [surface, targetRef]);
}
