/**
 * Actions the toolbar, layers panel, properties panel and context menu share: each builds a command
 * from the current store state and dispatches it as one undo step. A command that cannot apply
 * changes nothing and shows a toast instead of throwing into React.
 */
import i18next from 'i18next';
import type { DesignDocument, DesignElement } from '../../../contract/design.ts';
import { toast } from '../../ui/toastStore.ts';
import { setHiddenCommand, setHoleCommand, setLockedCommand, zOrderCommand, type ZOrder } from '../../../core/design/commandBuilders.ts';
import { applyCommand } from '../../../core/design/commands.ts';
import type { DesignCommand } from '../../../core/design/designCommand.ts';
import { findElement } from '../../../core/design/tree.ts';
import { canRedo, canUndo, useDesignStore, type DesignState } from './designStore.ts';
import { useDesignViewStore } from './designViewStore.ts';

/** Dispatches and optionally selects; false (with a toast) when the command was refused. */
export function dispatchDesign(command: DesignCommand | null, options: { label?: string; mergeKey?: string } = {}, select?: readonly string[]): boolean {
  if (!command) return false;
  const store = useDesignStore.getState();
  try {
    store.dispatch(command, options);
  } catch (error) {
    toast({ title: i18next.t('design.toolbar.errors.commandTitle'), description: error instanceof Error ? error.message : String(error), variant: 'destructive' });
    return false;
  }
  if (select) store.select(select);
  return true;
}

/** The selected elements that still exist, in selection order. */
export function selectedElements(document: DesignDocument | null, selection: readonly string[]): DesignElement[] {
  if (!document) return [];
  return selection.flatMap((id) => {
    const found = findElement(document, id);
    return found ? [found.element] : [];
  });
}

/** What the selection allows, for enabling buttons and menu items. */
export function selectionFacts(document: DesignDocument | null, selection: readonly string[]) {
  const elements = selectedElements(document, selection);
  const parents = new Set(selection.map((id) => (document ? findElement(document, id)?.parentId : undefined)));
  return {
    elements,
    count: elements.length,
    allLocked: elements.length > 0 && elements.every((element) => element.locked),
    allHidden: elements.length > 0 && elements.every((element) => element.hidden),
    allHoles: elements.length > 0 && elements.every((element) => element.hole),
    canGroup: elements.length >= 2 && parents.size === 1,
    canUngroup: elements.length === 1 && elements[0]!.type === 'group',
  };
}

const current = () => useDesignStore.getState();

export function setSelectionLocked(locked: boolean): boolean {
  const { document, selection } = current();
  return !!document && dispatchDesign(setLockedCommand(document, selection, locked), { label: locked ? 'lock' : 'unlock' });
}

export function setSelectionHidden(hidden: boolean): boolean {
  const { document, selection } = current();
  return !!document && dispatchDesign(setHiddenCommand(document, selection, hidden), { label: hidden ? 'hide' : 'show' });
}

export function setSelectionHole(hole: boolean): boolean {
  const { document, selection } = current();
  return !!document && dispatchDesign(setHoleCommand(document, selection, hole), { label: hole ? 'make hole' : 'remove hole' });
}

/** Z-order of the selected elements; several move one at a time, each from the document the previous move left. */
export function orderSelection(direction: ZOrder): boolean {
  const { document, selection } = current();
  if (!document || selection.length === 0) return false;
  // The element moving towards a neighbour goes first so the selection keeps its own stacking order.
  const ascending = selection.toSorted((a, b) => (findElement(document, a)?.index ?? 0) - (findElement(document, b)?.index ?? 0));
  const ordered = direction === 'backward' || direction === 'front' ? ascending : ascending.toReversed();
  let next = document;
  const commands: DesignCommand[] = [];
  for (const id of ordered) {
    const command = zOrderCommand(next, id, direction);
    if (!command) continue;
    commands.push(command);
    next = applyCommand(next, command);
  }
  if (commands.length === 0) return false;
  return dispatchDesign(commands.length === 1 ? commands[0]! : { type: 'batch', commands }, { label: `order ${direction}` });
}

/**
 * The action registry: every command the toolbar, the context menu and the keyboard shortcuts
 * offer, each with its label, shortcut and enabled rule written once.
 */
export type DesignActionId =
  | 'undo'
  | 'redo'
  | 'cut'
  | 'copy'
  | 'paste'
  | 'duplicate'
  | 'delete'
  | 'selectAll'
  | 'deselect'
  | 'bringForward'
  | 'bringToFront'
  | 'sendBackward'
  | 'sendToBack'
  | 'group'
  | 'ungroup'
  | 'toggleLock'
  | 'toggleHidden'
  | 'toggleHole'
  | 'makeHole'
  | 'zoomIn'
  | 'zoomOut'
  | 'zoomFit';

export interface DesignAction {
  id: DesignActionId;
  /** The i18n key of its name; a function for toggles whose name says what they will do. */
  labelKey: string | ((state: DesignState) => string);
  /** Its name differs between a frame and a background design (i18next context = document kind). */
  kindContext?: boolean;
  /** In aria-keyshortcuts form ("Control+Shift+G"; Control also means ⌘). Shown in menus and tooltips. */
  shortcut?: string;
  /** More keys that run it, in the same form. */
  altShortcuts?: readonly string[];
  /** Whether buttons and menu items offer it. */
  enabled(state: DesignState): boolean;
  /** Whether its shortcut takes the key (default: `enabled`); otherwise the browser keeps the key's own meaning. */
  shortcutEnabled?(state: DesignState): boolean;
  perform(state: DesignState): void;
}

const facts = (state: DesignState) => selectionFacts(state.document, state.selection);
const hasSelection = (state: DesignState) => facts(state).count > 0;
const always = () => true;
const view = () => useDesignViewStore.getState();

export const DESIGN_ACTIONS: readonly DesignAction[] = [
  { id: 'undo', labelKey: 'design.toolbar.undo', shortcut: 'Control+Z', enabled: canUndo, shortcutEnabled: always, perform: (s) => s.undo() },
  { id: 'redo', labelKey: 'design.toolbar.redo', shortcut: 'Control+Shift+Z', altShortcuts: ['Control+Y'], enabled: canRedo, shortcutEnabled: always, perform: (s) => s.redo() },
  { id: 'cut', labelKey: 'design.menu.cut', shortcut: 'Control+X', enabled: hasSelection, perform: (s) => s.cutSelection() },
  { id: 'copy', labelKey: 'design.menu.copy', shortcut: 'Control+C', enabled: hasSelection, perform: (s) => s.copySelection() },
  { id: 'paste', labelKey: 'design.menu.paste', shortcut: 'Control+V', enabled: (s) => s.clipboard !== null, perform: (s) => s.paste() },
  { id: 'duplicate', labelKey: 'design.menu.duplicate', shortcut: 'Control+D', enabled: hasSelection, perform: (s) => s.duplicateSelection() },
  // Delete and Backspace are the canvas's even with nothing selected (Backspace once navigated back).
  { id: 'delete', labelKey: 'design.menu.delete', shortcut: 'Delete', altShortcuts: ['Backspace'], enabled: hasSelection, shortcutEnabled: always, perform: (s) => s.deleteSelection() },
  {
    id: 'selectAll',
    labelKey: 'design.canvas.selectAll',
    shortcut: 'Control+A',
    enabled: always,
    perform: (s) => s.select((s.document?.elements ?? []).filter((element) => !element.locked && !element.hidden).map((element) => element.id)),
  },
  { id: 'deselect', labelKey: 'design.canvas.deselect', shortcut: 'Escape', enabled: (s) => s.selection.length > 0, perform: (s) => s.select([]) },
  { id: 'bringForward', labelKey: 'design.menu.bringForward', enabled: hasSelection, perform: () => orderSelection('forward') },
  { id: 'bringToFront', labelKey: 'design.menu.bringToFront', enabled: hasSelection, perform: () => orderSelection('front') },
  { id: 'sendBackward', labelKey: 'design.menu.sendBackward', enabled: hasSelection, perform: () => orderSelection('backward') },
  { id: 'sendToBack', labelKey: 'design.menu.sendToBack', enabled: hasSelection, perform: () => orderSelection('back') },
  // With a selection the keys stay the designer's even when it cannot be (un)grouped (Ctrl+G is the browser's find next).
  { id: 'group', labelKey: 'design.menu.group', shortcut: 'Control+G', enabled: (s) => facts(s).canGroup, shortcutEnabled: (s) => s.selection.length > 0, perform: (s) => s.groupSelection() },
  { id: 'ungroup', labelKey: 'design.menu.ungroup', shortcut: 'Control+Shift+G', enabled: (s) => facts(s).canUngroup, shortcutEnabled: (s) => s.selection.length > 0, perform: (s) => s.ungroupSelection() },
  {
    id: 'toggleLock',
    labelKey: (s) => (facts(s).allLocked ? 'design.menu.unlock' : 'design.menu.lock'),
    enabled: hasSelection,
    perform: (s) => setSelectionLocked(!facts(s).allLocked),
  },
  {
    id: 'toggleHidden',
    labelKey: (s) => (facts(s).allHidden ? 'design.menu.show' : 'design.menu.hide'),
    enabled: hasSelection,
    perform: (s) => setSelectionHidden(!facts(s).allHidden),
  },
  {
    id: 'toggleHole',
    labelKey: (s) => (facts(s).allHoles ? 'design.menu.removeHole' : 'design.menu.makeHole'),
    kindContext: true,
    enabled: hasSelection,
    perform: (s) => setSelectionHole(!facts(s).allHoles),
  },
  { id: 'makeHole', labelKey: 'design.toolbar.makeHole', kindContext: true, enabled: (s) => hasSelection(s) && !facts(s).allHoles, perform: () => setSelectionHole(true) },
  { id: 'zoomIn', labelKey: 'design.toolbar.zoomIn', shortcut: '+', altShortcuts: ['='], enabled: always, perform: () => view().zoomIn() },
  { id: 'zoomOut', labelKey: 'design.toolbar.zoomOut', shortcut: '-', altShortcuts: ['_'], enabled: always, perform: () => view().zoomOut() },
  { id: 'zoomFit', labelKey: 'design.toolbar.zoomFit', shortcut: '0', enabled: always, perform: () => view().zoomToFit() },
];

const BY_ID = new Map(DESIGN_ACTIONS.map((action) => [action.id, action]));

export function designAction(id: DesignActionId): DesignAction {
  return BY_ID.get(id)!;
}

/** The action's name in the current language, for the given state. */
export function actionLabel(action: DesignAction, state: DesignState, t: (key: string, options?: Record<string, unknown>) => string): string {
  const key = typeof action.labelKey === 'function' ? action.labelKey(state) : action.labelKey;
  return action.kindContext ? t(key, { context: state.document?.kind }) : t(key);
}

/** Runs an action if it is enabled; true when it ran. */
export function performAction(id: DesignActionId, state: DesignState = useDesignStore.getState()): boolean {
  const action = designAction(id);
  if (!action.enabled(state)) return false;
  action.perform(state);
  return true;
}

interface KeyCombo {
  mod: boolean;
  shift: boolean;
  key: string;
}

/** "Control+Shift+Z" → { mod, shift, key: 'z' }. A lone "+" is the plus key. */
export function parseShortcut(shortcut: string): KeyCombo {
  const parts = shortcut === '+' ? ['+'] : shortcut.split('+');
  const key = parts.at(-1)!;
  return { mod: parts.includes('Control'), shift: parts.includes('Shift'), key: key.length === 1 ? key.toLowerCase() : key };
}

const COMBOS = DESIGN_ACTIONS.flatMap((action) => [action.shortcut, ...(action.altShortcuts ?? [])].flatMap((shortcut) => (shortcut ? [{ action, combo: parseShortcut(shortcut) }] : [])));

/**
 * The action a key press asks for. Ctrl and ⌘ both count as Control. Shift decides only where a
 * Shift variant of the same key exists (Ctrl+Shift+Z redo vs Ctrl+Z undo); elsewhere it is ignored
 * (Shift+= types "+").
 */
export function actionForKey(event: { key: string; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }): DesignAction | null {
  if (event.altKey) return null;
  const mod = event.ctrlKey || event.metaKey;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  const candidates = COMBOS.filter(({ combo }) => combo.key === key && combo.mod === mod);
  const exact = candidates.find(({ combo }) => combo.shift === event.shiftKey);
  return (exact ?? candidates.find(({ combo }) => !combo.shift))?.action ?? null;
}
