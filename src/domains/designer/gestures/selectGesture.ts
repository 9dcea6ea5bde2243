/**
 * The main-button gestures over the page: click and Shift+click selection, dragging the selection
 * (with snapping; Alt moves freely) and the marquee over empty space.
 */
import type { Point, Rect } from '../../../../core/geometry.ts';
import { screenToDocument } from '../canvasViewport.ts';
import { snapMove, SNAP_SCREEN_PX } from '../snapping.ts';
import { CLICK_SLOP, type GestureEffect, type GestureEnv, type MoveMeasure, type PointerInput } from './gestureTypes.ts';

export type SelectGesture =
  /** Pressed on an element; a click until it moves past CLICK_SLOP. */
  | { kind: 'press'; pointerId: number; start: Point; target: string; shift: boolean; added: boolean; wasSelected: boolean }
  | ({ kind: 'move'; pointerId: number; start: Point } & MoveMeasure)
  /** `start` in document px. */
  | { kind: 'marquee'; pointerId: number; start: Point; additive: boolean; active: boolean; box: Rect | null };

export interface Step<State> {
  state: State | null;
  effects: GestureEffect[];
}

/** A main-button press on `target` (an element id, or null for empty space). */
export function startSelect(input: PointerInput, target: string | null, env: GestureEnv): Step<SelectGesture> {
  if (target === null) {
    const start = screenToDocument(env.view(), input.point);
    return { state: { kind: 'marquee', pointerId: input.pointerId, start, additive: input.shiftKey, active: false, box: null }, effects: [] };
  }
  const wasSelected = env.selection().includes(target);
  const effects: GestureEffect[] = wasSelected ? [] : [input.shiftKey ? { type: 'toggleSelected', id: target } : { type: 'select', ids: [target] }];
  return { state: { kind: 'press', pointerId: input.pointerId, start: input.point, target, shift: input.shiftKey, added: !wasSelected, wasSelected }, effects };
}

export function moveSelect(gesture: SelectGesture, input: PointerInput, env: GestureEnv): Step<SelectGesture> {
  const point = input.point;
  if (gesture.kind === 'press') {
    if (Math.hypot(point.x - gesture.start.x, point.y - gesture.start.y) <= CLICK_SLOP) return { state: gesture, effects: [] };
    const measure = env.measureMove();
    if (!measure) return { state: null, effects: [] };
    return moveSelect({ kind: 'move', pointerId: gesture.pointerId, start: gesture.start, ...measure }, input, env);
  }
  const view = env.view();
  if (gesture.kind === 'move') {
    const dx = (point.x - gesture.start.x) / view.zoom;
    const dy = (point.y - gesture.start.y) / view.zoom;
    const moved = { ...gesture.box, x: gesture.box.x + dx, y: gesture.box.y + dy };
    const snap = input.altKey ? { dx: 0, dy: 0, guides: [] } : snapMove(moved, gesture.others, gesture.page, SNAP_SCREEN_PX / view.zoom);
    return {
      state: gesture,
      effects: [
        { type: 'moveBy', dx: dx + snap.dx, dy: dy + snap.dy },
        { type: 'guides', guides: snap.guides },
      ],
    };
  }
  const at = screenToDocument(view, point);
  const startOnScreen = { x: gesture.start.x * view.zoom + view.x, y: gesture.start.y * view.zoom + view.y };
  const active = gesture.active || Math.hypot(point.x - startOnScreen.x, point.y - startOnScreen.y) > CLICK_SLOP;
  if (!active) return { state: gesture, effects: [] };
  const box = { x: Math.min(gesture.start.x, at.x), y: Math.min(gesture.start.y, at.y), width: Math.abs(at.x - gesture.start.x), height: Math.abs(at.y - gesture.start.y) };
  return { state: { ...gesture, active, box }, effects: [{ type: 'marquee', box }] };
}

/** The pointer went up: a click, the end of a move, or a marquee selection. */
export function endSelect(gesture: SelectGesture, env: GestureEnv): GestureEffect[] {
  const selection = env.selection();
  if (gesture.kind === 'press') {
    // Shift+click on a selected element drops it; a click inside a multi-selection keeps just it.
    if (gesture.shift && gesture.wasSelected) return [{ type: 'toggleSelected', id: gesture.target }];
    if (!gesture.shift && !gesture.added && selection.length > 1) return [{ type: 'select', ids: [gesture.target] }];
    return [];
  }
  if (gesture.kind === 'move') return [{ type: 'commitMove' }, { type: 'guides', guides: [] }];
  const effects: GestureEffect[] = [{ type: 'marquee', box: null }];
  if (!gesture.active || !gesture.box) return gesture.additive ? effects : [...effects, { type: 'select', ids: [] }];
  const hits = env.elementsIn(gesture.box);
  return [...effects, { type: 'select', ids: gesture.additive ? [...selection, ...hits] : hits }];
}

/** Dropped without effect (Escape, a second finger, a cancelled pointer). */
export function cancelSelect(gesture: SelectGesture): GestureEffect[] {
  return gesture.kind === 'move' ? [{ type: 'cancelMove' }] : [];
}
