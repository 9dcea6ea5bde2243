/**
 * The frame designer's state: the document, the selection and an undo history of commands.
 * Serialisable data only — Konva nodes and decoded bitmaps live in the editor views.
 */
import { create, type StoreApi, type UseBoundStore } from 'zustand';
import type { DesignDocument } from '../../../contract/design.ts';
import {
  copyPayload,
  deleteCommand,
  duplicateCommand,
  groupCommand,
  nudgeCommand,
  pasteCommand,
  ungroupCommand,
  type DesignClipboard,
} from '../../../core/design/commandBuilders.ts';
import { runCommand } from '../../../core/design/commands.ts';
import type { DesignCommand } from '../../../core/design/designCommand.ts';
import { elementIds, findElement, isInside } from '../../../core/design/tree.ts';

export interface HistoryEntry {
  label: string;
  redo: DesignCommand;
  undo: DesignCommand;
  mergeKey?: string;
  /** Date.now() of the latest command folded into this entry; 0 once undone or redone, so it merges no more. */
  at: number;
}

export interface DesignState {
  document: DesignDocument | null;
  /** Element ids (any depth), in selection order. */
  selection: readonly string[];
  /** Newest last, capped at HISTORY_LIMIT. */
  past: readonly HistoryEntry[];
  future: readonly HistoryEntry[];
  clipboard: DesignClipboard | null;
  /** +1 on every document change (autosave listens). */
  revision: number;
  /**
   * The document was just made (the start dialog) and the account has no copy yet: autosave saves it at once,
   * as if it were an edit, then clears this.
   */
  created: boolean;
  /** Replaces the document, clears history and selection; `created` for a design just made. */
  load(document: DesignDocument, options?: { created?: boolean }): void;
  /** Applies a command as one undo step; throws (and changes nothing) when it cannot apply. */
  dispatch(command: DesignCommand, options?: { label?: string; mergeKey?: string }): void;
  undo(): void;
  redo(): void;
  select(ids: readonly string[]): void;
  toggleSelected(id: string): void;
  copySelection(): void;
  cutSelection(): void;
  paste(): void;
  duplicateSelection(): void;
  deleteSelection(): void;
  /** Held arrow keys fold into one undo step (mergeKey 'nudge:<ids>'). */
  nudgeSelection(dx: number, dy: number): void;
  groupSelection(): void;
  ungroupSelection(): void;
  /** No document, everything cleared. */
  reset(): void;
}

export const HISTORY_LIMIT = 200;
/** Commands with the same mergeKey within this window become one undo step. */
export const MERGE_WINDOW_MS = 1000;
/** How far pasted and duplicated elements move from the originals, in canvas px. */
export const PASTE_OFFSET = 24;

const initial = { document: null, selection: [], past: [], future: [], clipboard: null, revision: 0, created: false } satisfies Partial<DesignState>;

/** Keeps the ids that still exist in the document. */
function prune(document: DesignDocument, ids: readonly string[]): readonly string[] {
  const present = elementIds(document.elements);
  const kept = ids.filter((id) => present.has(id));
  return kept.length === ids.length ? ids : kept;
}

/**
 * One undo step for two commands in a row. Position/style drags repeat updateElements on the same
 * ids: keep the first undo and the latest redo when both change the same fields; otherwise
 * chain them as batches.
 */
function merge(previous: HistoryEntry, redo: DesignCommand, undo: DesignCommand, at: number): HistoryEntry {
  if (previous.redo.type === 'updateElements' && redo.type === 'updateElements' && covers(redo, previous.redo) && covers(previous.redo, redo)) {
    return { ...previous, redo, at };
  }
  // Flattening keeps a long gesture one level deep; a batch runs its commands in order either way.
  return { ...previous, redo: { type: 'batch', commands: [...flat(previous.redo), redo] }, undo: { type: 'batch', commands: [undo, ...flat(previous.undo)] }, at };
}

const flat = (command: DesignCommand): readonly DesignCommand[] => (command.type === 'batch' ? command.commands : [command]);

/** True when `later` sets every field of every element `earlier` set. */
function covers(later: Extract<DesignCommand, { type: 'updateElements' }>, earlier: Extract<DesignCommand, { type: 'updateElements' }>): boolean {
  return earlier.changes.every(({ id, patch }) =>
    Object.keys(patch).every((key) => later.changes.some((change) => change.id === id && Object.hasOwn(change.patch, key))),
  );
}

export const useDesignStore: UseBoundStore<StoreApi<DesignState>> = create<DesignState>()((set, get) => {
  /** Runs a command and records it; `select` replaces the selection afterwards. */
  const apply = (command: DesignCommand, options: { label?: string; mergeKey?: string } = {}, select?: readonly string[]): void => {
    const { document, past, selection, revision } = get();
    if (!document) throw new Error('No design is loaded.');
    const result = runCommand(document, command);
    const at = Date.now();
    const newest = past.at(-1);
    const merging = !!options.mergeKey && newest?.mergeKey === options.mergeKey && at - newest.at < MERGE_WINDOW_MS;
    const history =
      merging && newest
        ? [...past.slice(0, -1), merge(newest, command, result.inverse, at)]
        : [...past, { label: options.label ?? command.type, redo: command, undo: result.inverse, ...(options.mergeKey ? { mergeKey: options.mergeKey } : {}), at }];
    set({
      document: result.document,
      past: history.slice(-HISTORY_LIMIT),
      future: [],
      selection: prune(result.document, select ?? selection),
      revision: revision + 1,
    });
  };

  const step = (from: 'past' | 'future'): void => {
    const state = get();
    const entry = state[from].at(-1);
    if (!state.document || !entry) return;
    const { document } = runCommand(state.document, from === 'past' ? entry.undo : entry.redo);
    const moved = { ...entry, at: 0 }; // a step taken back or forth never merges with the next edit
    set({
      document,
      past: from === 'past' ? state.past.slice(0, -1) : [...state.past, moved],
      future: from === 'past' ? [...state.future, moved] : state.future.slice(0, -1),
      selection: prune(document, state.selection),
      revision: state.revision + 1,
    });
  };

  const selected = (): readonly string[] => get().selection;

  return {
    ...initial,
    load: (document, options) => set({ ...initial, document, clipboard: get().clipboard, revision: get().revision + 1, created: options?.created ?? false }),
    dispatch: (command, options) => apply(command, options),
    undo: () => step('past'),
    redo: () => step('future'),
    select: (ids) => {
      const { document } = get();
      set({ selection: document ? prune(document, [...new Set(ids)]) : [] });
    },
    toggleSelected: (id) => {
      const { selection, document } = get();
      if (selection.includes(id)) set({ selection: selection.filter((other) => other !== id) });
      else if (document && findElement(document, id)) set({ selection: [...selection, id] });
    },
    copySelection: () => {
      const { document } = get();
      if (!document || selected().length === 0) return;
      set({ clipboard: copyPayload(document, selected()) });
    },
    cutSelection: () => {
      get().copySelection();
      get().deleteSelection();
    },
    paste: () => {
      const { document, clipboard } = get();
      const pasted = document && clipboard ? pasteCommand(document, clipboard, PASTE_OFFSET) : null;
      if (pasted) apply(pasted.command, { label: 'paste' }, pasted.ids);
    },
    duplicateSelection: () => {
      const { document } = get();
      const copies = document ? duplicateCommand(document, selected(), PASTE_OFFSET) : null;
      if (copies) apply(copies.command, { label: 'duplicate' }, copies.ids);
    },
    deleteSelection: () => {
      const { document } = get();
      const command = document ? deleteCommand(document, selected()) : null;
      if (command) apply(command, { label: 'delete' });
    },
    nudgeSelection: (dx, dy) => {
      const { document } = get();
      const command = document ? nudgeCommand(document, selected(), dx, dy) : null;
      if (command) apply(command, { label: 'nudge', mergeKey: `nudge:${selected().join(',')}` });
    },
    groupSelection: () => {
      const { document } = get();
      const grouped = document ? groupCommand(document, selected()) : null;
      if (grouped) apply(grouped.command, { label: 'group' }, [grouped.groupId]);
    },
    ungroupSelection: () => {
      const { document } = get();
      if (!document) return;
      const groups = selected()
        .map((id) => findElement(document, id)?.element)
        .filter((element) => element?.type === 'group')
        .filter((group, _, all) => !all.some((other) => other !== group && isInside(document, group.id, other.id)));
      const commands = groups.map((group) => ungroupCommand(document, group.id)!);
      if (commands.length === 0) return;
      const children = groups.flatMap((group) => group.children.map((child) => child.id));
      apply(commands.length === 1 ? commands[0]! : { type: 'batch', commands }, { label: 'ungroup' }, children);
    },
    reset: () => set({ ...initial, revision: get().revision + 1 }),
  };
});

export const canUndo = (state: DesignState): boolean => state.past.length > 0;
export const canRedo = (state: DesignState): boolean => state.future.length > 0;
