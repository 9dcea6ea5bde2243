/**
 * Actions the toolbar, layers panel, properties panel and context menu share: each builds a command
 * from the current store state and dispatches it as one undo step. A command that cannot apply
 * changes nothing and shows a toast instead of throwing into React.
 */
import i18next from 'i18next';
import type { DesignDocument, DesignElement } from '../../../contract/design.ts';
import { toast } from '../../ui/Toast.tsx';
import { setHiddenCommand, setHoleCommand, setLockedCommand, zOrderCommand, type ZOrder } from '../../../core/design/commandBuilders.ts';
import { applyCommand } from '../../../core/design/commands.ts';
import type { DesignCommand } from '../../../core/design/designCommand.ts';
import { findElement } from '../../../core/design/tree.ts';
import { useDesignStore } from './designStore.ts';

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
