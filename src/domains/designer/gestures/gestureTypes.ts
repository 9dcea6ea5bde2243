/**
 * The canvas's gestures as plain data: pointer events in, effects out. No DOM, no Konva: the canvas
 * turns its events into these inputs, answers the few questions in GestureEnv, and carries out the
 * effects.
 */
import type { Point, Rect } from '../../../../core/geometry.ts';
import type { Viewport } from '../canvasViewport.ts';
import type { Guide } from '../snapping.ts';

/** One pointer event; `point` is in screen px relative to the stage's top-left corner. */
export interface PointerInput {
  pointerId: number;
  point: Point;
  clientX: number;
  clientY: number;
  /** 0 main, 1 middle, 2 secondary (pointerdown only). */
  button: number;
  /** Buttons held (pointermove). */
  buttons: number;
  pointerType: string;
  shiftKey: boolean;
  altKey: boolean;
}

/** What lies under a press. */
export type PressTarget =
  /** The element a press selects. */
  | { kind: 'element'; id: string }
  /** Nothing the gestures act on: a transformer handle (it runs its own drag), or no page yet. */
  | { kind: 'none' }
  | { kind: 'empty' };

/** What moving the selection snaps against, in document px. */
export interface MoveMeasure {
  /** The moving elements' union box. */
  box: Rect;
  /** The other top-level elements' boxes. */
  others: Rect[];
  page: { width: number; height: number };
}

export interface ClientPoint {
  clientX: number;
  clientY: number;
}

export type GestureEffect =
  | { type: 'focus' }
  | { type: 'preventDefault' }
  | { type: 'select'; ids: readonly string[] }
  | { type: 'toggleSelected'; id: string }
  | { type: 'setViewport'; view: Viewport }
  /** The moving nodes go to where they started plus (dx, dy) document px. */
  | { type: 'moveBy'; dx: number; dy: number }
  /** The move ends: its nodes' positions become one command. */
  | { type: 'commitMove' }
  /** The move is dropped: its nodes go back. */
  | { type: 'cancelMove' }
  | { type: 'guides'; guides: Guide[] }
  /** The marquee rectangle in document px, or null to hide it. */
  | { type: 'marquee'; box: Rect | null }
  | { type: 'cursor'; cursor: '' | 'move' }
  | { type: 'startLongPressTimer'; delay: number }
  | { type: 'clearLongPressTimer' }
  | { type: 'openMenu'; at: ClientPoint };

/** What the gestures ask the canvas. */
export interface GestureEnv {
  view(): Viewport;
  selection(): readonly string[];
  spaceHeld(): boolean;
  /** What a press at this stage point targets. */
  hit(point: Point): PressTarget;
  /** Boxes for moving the current selection (the canvas notes which nodes move); null: nothing movable. */
  measureMove(): MoveMeasure | null;
  /** Top-level elements the marquee box (document px) touches. */
  elementsIn(box: Rect): string[];
}

/** Screen px a press may move and still count as a click. */
export const CLICK_SLOP = 3;
