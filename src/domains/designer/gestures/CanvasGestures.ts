/**
 * Every pointer gesture of the design canvas, routed by one small state machine: which pointers
 * are down and which gesture (select/move/marquee, pan, pinch) owns them, plus the long press and
 * the context-menu gate. Inputs are plain pointer data; each call returns the effects to carry out,
 * in order.
 */
import type { Point } from '../../../../core/geometry.ts';
import type { ClientPoint, GestureEffect, GestureEnv, PointerInput } from './gestureTypes.ts';
import { LongPress, type LongPressOptions } from './longPress.ts';
import { movePan, pressPans, startPan, type PanGesture } from './panGesture.ts';
import { pinchMove } from './pinchGesture.ts';
import { cancelSelect, endSelect, moveSelect, startSelect, type SelectGesture } from './selectGesture.ts';
import { wheelViewport, type WheelInput } from './wheelGesture.ts';

export type Gesture = SelectGesture | PanGesture | { kind: 'pinch' };

/** A context menu within this many ms of the last one is the same request (a long press, then the browser's contextmenu). */
export const MENU_REPEAT_MS = 800;

export class CanvasGestures {
  private readonly pointers = new Map<number, Point>();
  private readonly env: GestureEnv;
  private readonly longPress: LongPress;
  private gesture: Gesture | null = null;
  private lastMenuAt = -Infinity;

  constructor(env: GestureEnv, longPress: LongPressOptions = {}) {
    this.env = env;
    this.longPress = new LongPress(longPress);
  }

  /** The running gesture (for tests and the cursor). */
  get current(): Gesture | null {
    return this.gesture;
  }

  pointerDown(input: PointerInput): GestureEffect[] {
    this.pointers.set(input.pointerId, input.point);
    const effects: GestureEffect[] = [...this.longPress.pointerDown(input)];
    if (this.pointers.size >= 2) {
      if (this.gesture?.kind !== 'pinch') effects.push(...this.cancel());
      this.gesture = { kind: 'pinch' };
      return effects;
    }
    effects.push({ type: 'focus' });
    if (pressPans(input.button, this.env.spaceHeld())) {
      this.gesture = startPan(input.pointerId, input.point);
      return [...effects, { type: 'preventDefault' }];
    }
    if (input.button !== 0) return effects;
    const target = this.env.hit(input.point);
    if (target.kind === 'none') return effects;
    const step = startSelect(input, target.kind === 'element' ? target.id : null, this.env);
    this.gesture = step.state;
    return [...effects, ...step.effects];
  }

  pointerMove(input: PointerInput): GestureEffect[] {
    const before = this.pointers.get(input.pointerId);
    if (!before) {
      // Hover: a move cursor over what a drag would move.
      if (input.pointerType !== 'mouse' || input.buttons !== 0) return [];
      return [{ type: 'cursor', cursor: !this.env.spaceHeld() && this.env.hit(input.point).kind === 'element' ? 'move' : '' }];
    }
    this.pointers.set(input.pointerId, input.point);
    const effects: GestureEffect[] = [...this.longPress.pointerMove(input)];
    const gesture = this.gesture;
    if (!gesture) return effects;
    if (gesture.kind === 'pinch') {
      const view = pinchMove(this.env.view(), this.pointers, input.pointerId, before);
      return view ? [...effects, { type: 'setViewport', view }] : effects;
    }
    if (gesture.pointerId !== input.pointerId) return effects;
    if (gesture.kind === 'pan') {
      const { state, view } = movePan(gesture, this.env.view(), input.point);
      this.gesture = state;
      return [...effects, { type: 'setViewport', view }];
    }
    const step = moveSelect(gesture, input, this.env);
    this.gesture = step.state;
    return [...effects, ...step.effects];
  }

  pointerUp(pointerId: number): GestureEffect[] {
    const effects: GestureEffect[] = [...this.longPress.pointerUp(pointerId)];
    if (!this.pointers.delete(pointerId)) return effects;
    const gesture = this.gesture;
    if (!gesture) return effects;
    if (gesture.kind === 'pinch') {
      if (this.pointers.size === 0) this.gesture = null;
      return effects;
    }
    if (gesture.pointerId !== pointerId) return effects;
    this.gesture = null;
    return gesture.kind === 'pan' ? effects : [...effects, ...endSelect(gesture, this.env)];
  }

  /** The browser took the pointer away (pointercancel). */
  pointerCancel(pointerId: number): GestureEffect[] {
    const effects: GestureEffect[] = [...this.longPress.pointerUp(pointerId)];
    if (!this.pointers.delete(pointerId)) return effects;
    if (this.gesture?.kind !== 'pinch' || this.pointers.size === 0) effects.push(...this.cancel());
    return effects;
  }

  wheel(input: WheelInput): GestureEffect[] {
    return [{ type: 'preventDefault' }, { type: 'setViewport', view: wheelViewport(this.env.view(), input) }];
  }

  /** Escape: the running gesture stops without committing. */
  escape(): GestureEffect[] {
    return this.gesture ? this.cancel() : [];
  }

  /** The browser's contextmenu (right click, the menu key, or after a long press). */
  contextMenu(at: ClientPoint, now: number): GestureEffect[] {
    return [{ type: 'preventDefault' }, ...this.openMenu(at, now)];
  }

  /** The long-press timer fired. */
  longPressTimeout(now: number): GestureEffect[] {
    const at = this.longPress.timeout();
    if (!at || now - this.lastMenuAt < MENU_REPEAT_MS) return [];
    return [...this.cancel(), ...this.openMenu(at, now)];
  }

  /** Ends the running gesture without committing: moved nodes go back, overlays clear. */
  cancel(): GestureEffect[] {
    const gesture = this.gesture;
    this.gesture = null;
    const effects = gesture && gesture.kind !== 'pan' && gesture.kind !== 'pinch' ? cancelSelect(gesture) : [];
    return [...effects, { type: 'guides', guides: [] }, { type: 'marquee', box: null }];
  }

  /** Forgets every pointer (the canvas unmounts). */
  dispose(): GestureEffect[] {
    this.pointers.clear();
    return [...this.longPress.cancel(), ...this.cancel()];
  }

  private openMenu(at: ClientPoint, now: number): GestureEffect[] {
    // The long press already opened it.
    if (now - this.lastMenuAt < MENU_REPEAT_MS) return [];
    this.lastMenuAt = now;
    return [{ type: 'openMenu', at }];
  }
}
