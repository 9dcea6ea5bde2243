import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

export interface LongPressOptions {
  /** How long the pointer must rest, in ms. */
  delay?: number;
  /** Screen px the pointer may wander before the press no longer counts. */
  tolerance?: number;
  /** Pointer kinds that long-press (mice right-click instead). */
  pointerTypes?: readonly string[];
}

/**
 * Calls `onLongPress` when a single pointer rests on the element for `delay` ms without moving.
 * A second finger, a move beyond `tolerance` or lifting the pointer cancels it.
 */
export function useLongPress(
  ref: RefObject<HTMLElement | null>,
  onLongPress: (at: { clientX: number; clientY: number }) => void,
  { delay = 500, tolerance = 8, pointerTypes = ['touch', 'pen'] }: LongPressOptions = {},
): void {
  const callback = useRef(onLongPress);
  useLayoutEffect(() => {
    callback.current = onLongPress;
  });
  const types = pointerTypes.join(',');

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const allowed = types.split(',');
    const down = new Set<number>();
    let press: { id: number; x: number; y: number; timer: number } | null = null;
    const cancel = () => {
      if (press) window.clearTimeout(press.timer);
      press = null;
    };
    const onDown = (event: PointerEvent) => {
      down.add(event.pointerId);
      cancel();
      if (down.size !== 1 || !allowed.includes(event.pointerType)) return;
      const { clientX, clientY } = event;
      press = {
        id: event.pointerId,
        x: clientX,
        y: clientY,
        timer: window.setTimeout(() => {
          press = null;
          callback.current({ clientX, clientY });
        }, delay),
      };
    };
    const onMove = (event: PointerEvent) => {
      if (press && event.pointerId === press.id && Math.hypot(event.clientX - press.x, event.clientY - press.y) > tolerance) cancel();
    };
    const onUp = (event: PointerEvent) => {
      down.delete(event.pointerId);
      if (press?.id === event.pointerId) cancel();
    };
    element.addEventListener('pointerdown', onDown);
    element.addEventListener('pointermove', onMove);
    element.addEventListener('pointerup', onUp);
    element.addEventListener('pointercancel', onUp);
    return () => {
      cancel();
      element.removeEventListener('pointerdown', onDown);
      element.removeEventListener('pointermove', onMove);
      element.removeEventListener('pointerup', onUp);
      element.removeEventListener('pointercancel', onUp);
    };
  }, [ref, delay, tolerance, types]);
}
