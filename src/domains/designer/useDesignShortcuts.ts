import { useEffect, type RefObject } from 'react';
import { useDesignStore } from './designStore.ts';
import { actionForKey } from './designActions.ts';

/** Typing in these never triggers a shortcut. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]') !== null;
}

/** Widgets that move focus with the arrow keys themselves (the layers tree, menus, the toolbar, radio groups). */
function usesArrows(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && target.closest('[role="tree"], [role="menu"], [role="toolbar"], [role="listbox"], [role="radiogroup"], [role="slider"], [role="tablist"]') !== null;
}

const NUDGE: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/** Runs the shortcut for a keydown; true when the key was one. Exported for tests of the mapping. */
export function runDesignShortcut(event: KeyboardEvent): boolean {
  if (event.isComposing || isTyping(event.target)) return false;
  const store = useDesignStore.getState();
  const mod = event.ctrlKey || event.metaKey;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;

  // The arrows nudge by a step that Shift sets, so they are not registry actions.
  const nudge = !mod && !event.altKey ? NUDGE[key] : undefined;
  if (nudge) {
    if (usesArrows(event.target) || store.selection.length === 0) return false;
    event.preventDefault();
    const step = event.shiftKey ? 10 : 1;
    store.nudgeSelection(nudge[0] * step, nudge[1] * step);
    return true;
  }
  const action = actionForKey(event);
  // With nothing to act on, the browser keeps its own meaning (copying selected page text, bookmarking…).
  if (!action || !(action.shortcutEnabled ?? action.enabled)(store)) return false;
  // Escape inside a menu closes the menu; the selection stays.
  if (action.id === 'deselect' && event.target instanceof HTMLElement && event.target.closest('[role="menu"]')) return false;
  event.preventDefault();
  action.perform(store);
  return true;
}

/**
 * The designer's keyboard shortcuts, on keydown within `target` (the editor root), except while
 * the user types in a field: ctrl/cmd+z undo, shift+ctrl/cmd+z or ctrl+y redo, Delete/Backspace
 * delete, arrows nudge 1 px (shift: 10 px), ctrl/cmd+d duplicate, ctrl/cmd+c/x/v copy/cut/paste,
 * ctrl/cmd+g group (shift: ungroup), ctrl/cmd+a select all, Escape deselects, +/−/0 zoom.
 */
export function useDesignShortcuts(target: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = target.current;
    if (!element) return;
    const onKeyDown = (event: KeyboardEvent) => {
      runDesignShortcut(event);
    };
    element.addEventListener('keydown', onKeyDown);
    return () => element.removeEventListener('keydown', onKeyDown);
  }, [target]);
}
