/**
 * A long press: one pointer of a kind that has no right button resting for `delay` ms without
 * moving more than `tolerance` screen px. A second pointer, a move or lifting it cancels. The timer
 * is the caller's: `down` asks for it, `timeout` reports it fired.
 */
import type { ClientPoint, PointerInput } from './gestureTypes.ts';

export interface LongPressOptions {
  /** How long the pointer must rest, in ms. */
  delay?: number;
  /** Screen px the pointer may wander before the press no longer counts. */
  tolerance?: number;
  /** Pointer kinds that long-press (mice right-click instead). */
  pointerTypes?: readonly string[];
}

export type LongPressEffect = { type: 'startLongPressTimer'; delay: number } | { type: 'clearLongPressTimer' };

export class LongPress {
  private readonly delay: number;
  private readonly tolerance: number;
  private readonly pointerTypes: readonly string[];
  private readonly down = new Set<number>();
  private press: { id: number; at: ClientPoint } | null = null;

  constructor({ delay = 500, tolerance = 8, pointerTypes = ['touch', 'pen'] }: LongPressOptions = {}) {
    this.delay = delay;
    this.tolerance = tolerance;
    this.pointerTypes = pointerTypes;
  }

  pointerDown(input: PointerInput): LongPressEffect[] {
    this.down.add(input.pointerId);
    const effects = this.cancel();
    if (this.down.size !== 1 || !this.pointerTypes.includes(input.pointerType)) return effects;
    this.press = { id: input.pointerId, at: { clientX: input.clientX, clientY: input.clientY } };
    return [...effects, { type: 'startLongPressTimer', delay: this.delay }];
  }

  pointerMove(input: PointerInput): LongPressEffect[] {
    const press = this.press;
    if (!press || input.pointerId !== press.id) return [];
    return Math.hypot(input.clientX - press.at.clientX, input.clientY - press.at.clientY) > this.tolerance ? this.cancel() : [];
  }

  /** Up or cancelled. */
  pointerUp(pointerId: number): LongPressEffect[] {
    this.down.delete(pointerId);
    return this.press?.id === pointerId ? this.cancel() : [];
  }

  /** The timer fired: where the press rests, or null when it was cancelled meanwhile. */
  timeout(): ClientPoint | null {
    const at = this.press?.at ?? null;
    this.press = null;
    return at;
  }

  cancel(): LongPressEffect[] {
    if (!this.press) return [];
    this.press = null;
    return [{ type: 'clearLongPressTimer' }];
  }
}
