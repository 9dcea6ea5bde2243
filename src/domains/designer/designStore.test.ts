import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DesignDocument, DesignElement, GroupElement } from '../../../contract/design.ts';
import { deepFreeze, designFixture } from '../../../core/testing/designFixture.ts';
import { DesignCommandError } from '../../../core/design/commands.ts';
import { findElement } from '../../../core/design/tree.ts';
import { HISTORY_LIMIT, canRedo, canUndo, useDesignStore } from './designStore.ts';

const store = () => useDesignStore.getState();
const doc = () => store().document!;
const el = (id: string) => findElement(doc(), id)?.element;
const ids = (elements: readonly DesignElement[]) => elements.map((element) => element.id);
const move = (id: string, x: number) => store().dispatch({ type: 'updateElements', changes: [{ id, patch: { x } }] }, { mergeKey: `drag:${id}` });

let original: DesignDocument;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-26T09:00:00Z'));
  store().reset();
  original = deepFreeze(designFixture());
  store().load(original);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('load and dispatch', () => {
  it('loads a document with empty history and bumps the revision', () => {
    const before = store().revision;
    store().select(['hole']);
    store().load(designFixture());
    expect(store()).toMatchObject({ selection: [], past: [], future: [], revision: before + 1 });
    expect(canUndo(store())).toBe(false);
  });

  it('applies a command, records its inverse, keeps updatedAt, and undo/redo walk the history', () => {
    const revision = store().revision;
    store().dispatch({ type: 'removeElements', ids: ['hole'] }, { label: 'delete' });
    expect(el('hole')).toBeUndefined();
    expect(doc().updatedAt).toBe(original.updatedAt);
    expect(store().past).toHaveLength(1);
    expect(store().past[0]).toMatchObject({ label: 'delete', redo: { type: 'removeElements' }, undo: { type: 'insertElements' } });
    expect(store().revision).toBe(revision + 1);

    store().undo();
    expect(doc()).toEqual(original);
    expect(canUndo(store())).toBe(false);
    expect(canRedo(store())).toBe(true);
    expect(store().revision).toBe(revision + 2);
    store().redo();
    expect(el('hole')).toBeUndefined();
    store().undo();
    store().dispatch({ type: 'updateDocument', patch: { name: 'New' } });
    expect(store().future).toEqual([]);
    // Nothing to redo or undo beyond the ends.
    store().redo();
    expect(doc().name).toBe('New');
  });

  it('leaves the state unchanged when a command fails', () => {
    const before = store();
    expect(() => store().dispatch({ type: 'removeElements', ids: ['ghost'] })).toThrow(DesignCommandError);
    expect(store()).toBe(before);
    store().reset();
    expect(() => store().dispatch({ type: 'removeElements', ids: ['hole'] })).toThrow(/No design/);
  });

  it('drops selected ids that no longer exist, also on undo', () => {
    store().select(['star', 'hole', 'ghost']);
    expect(store().selection).toEqual(['star', 'hole']);
    store().dispatch({ type: 'removeElements', ids: ['badge'] });
    expect(store().selection).toEqual(['hole']);
    store().undo();
    expect(store().selection).toEqual(['hole']);
    store().dispatch({ type: 'insertElements', entries: [{ parentId: null, index: 0, element: { ...el('hole')!, id: 'h2' } }] });
    store().select(['h2']);
    store().undo();
    expect(store().selection).toEqual([]);
  });

  it('caps the history', () => {
    for (let i = 0; i < HISTORY_LIMIT + 5; i++) store().dispatch({ type: 'updateElements', changes: [{ id: 'hole', patch: { x: i } }] });
    expect(store().past).toHaveLength(HISTORY_LIMIT);
    for (let i = 0; i < HISTORY_LIMIT; i++) store().undo();
    expect(el('hole')!.x).toBe(4);
  });
});

describe('merging', () => {
  it('folds quick commands with the same mergeKey into one step', () => {
    move('hole', 250);
    vi.advanceTimersByTime(500);
    move('hole', 260);
    vi.advanceTimersByTime(500);
    move('hole', 270);
    expect(store().past).toHaveLength(1);
    expect(store().past[0]).toMatchObject({ redo: { changes: [{ id: 'hole', patch: { x: 270 } }] }, undo: { changes: [{ id: 'hole', patch: { x: 240 } }] } });
    store().undo();
    expect(doc()).toEqual(original);
    store().redo();
    expect(el('hole')!.x).toBe(270);
  });

  it('starts a new step after the window, for another key, or after an undo', () => {
    move('hole', 250);
    vi.advanceTimersByTime(1000);
    move('hole', 260);
    move('star', 1);
    expect(store().past).toHaveLength(3);
    store().undo();
    move('star', 2);
    expect(store().past).toHaveLength(3);
  });

  it('chains different commands with one mergeKey as a batch', () => {
    store().dispatch({ type: 'updateElements', changes: [{ id: 'hole', patch: { x: 1 } }] }, { mergeKey: 'edit' });
    store().dispatch({ type: 'updateElements', changes: [{ id: 'hole', patch: { y: 2 } }] }, { mergeKey: 'edit' });
    store().dispatch({ type: 'moveElement', id: 'hole', parentId: null, index: 0 }, { mergeKey: 'edit' });
    expect(store().past).toHaveLength(1);
    // Chained, not nested.
    expect(store().past[0]!.redo).toMatchObject({ type: 'batch', commands: [{ type: 'updateElements' }, { type: 'updateElements' }, { type: 'moveElement' }] });
    store().undo();
    expect(doc()).toEqual(original);
    store().redo();
    expect(el('hole')).toMatchObject({ x: 1, y: 2 });
    expect(doc().elements[0]!.id).toBe('hole');
    // A later patch with more fields than the first still undoes them all.
    store().load(designFixture());
    move('hole', 5);
    store().dispatch({ type: 'updateElements', changes: [{ id: 'hole', patch: { x: 6, y: 7 } }] }, { mergeKey: 'drag:hole' });
    expect(store().past).toHaveLength(1);
    store().undo();
    expect(doc()).toEqual(original);
  });

  it('nudges held arrows into one step per selection', () => {
    store().select(['hole', 'title']);
    for (let i = 0; i < 10; i++) {
      store().nudgeSelection(1, 0);
      vi.advanceTimersByTime(50);
    }
    expect(el('hole')!.x).toBe(250);
    expect(el('title')!.x).toBe(150);
    expect(store().past).toHaveLength(1);
    expect(store().past[0]!.mergeKey).toBe('nudge:hole,title');
    store().undo();
    expect(doc()).toEqual(original);
  });
});

describe('selection actions', () => {
  it('selects and toggles existing ids only', () => {
    store().toggleSelected('hole');
    store().toggleSelected('rule');
    store().toggleSelected('ghost');
    expect(store().selection).toEqual(['hole', 'rule']);
    store().toggleSelected('hole');
    expect(store().selection).toEqual(['rule']);
    store().select(['a', 'title', 'title']);
    expect(store().selection).toEqual(['title']);
  });

  it('copies, pastes (selecting the copies) and cuts', () => {
    store().select(['logo', 'star']);
    store().copySelection();
    expect(store().clipboard?.elements.map((element) => element.id)).toEqual(['star', 'logo']);
    store().paste();
    const pasted = store().selection;
    expect(pasted).toHaveLength(2);
    expect(ids(doc().elements).slice(-2)).toEqual(pasted);
    expect(el(pasted[1]!)).toMatchObject({ type: 'image', x: 824, y: 924, assetId: 'asset1' });
    store().paste();
    expect(doc().elements).toHaveLength(9);
    store().undo();
    store().undo();
    expect(doc()).toEqual(original);

    store().select(['title']);
    store().cutSelection();
    expect(el('title')).toBeUndefined();
    expect(store().selection).toEqual([]);
    store().load({ ...designFixture(), id: 'other', elements: [], assets: {} });
    store().paste();
    expect(doc().elements[0]).toMatchObject({ type: 'text', text: 'Hari Kemerdekaan' });
  });

  it('duplicates and deletes the selection', () => {
    store().select(['hole', 'title']);
    store().duplicateSelection();
    expect(store().selection).toHaveLength(2);
    expect(doc().elements).toHaveLength(7);
    store().deleteSelection();
    expect(doc()).toEqual(original);
    expect(store().past).toHaveLength(2);
    store().select(['bg']);
    store().deleteSelection();
    expect(store().past).toHaveLength(2);
  });

  it('groups and ungroups the selection', () => {
    store().select(['hole', 'logo']);
    store().groupSelection();
    const [groupId] = store().selection;
    expect((el(groupId!) as GroupElement).children.map((child) => child.id)).toEqual(['hole', 'logo']);
    store().ungroupSelection();
    expect(store().selection).toEqual(['hole', 'logo']);
    expect(el(groupId!)).toBeUndefined();
    store().select(['hole', 'star']);
    store().groupSelection();
    expect(store().past).toHaveLength(2);
    store().undo();
    store().undo();
    expect(doc()).toEqual(original);
  });

  it('ungroups several selected groups in one step', () => {
    store().select(['hole', 'logo']);
    store().groupSelection();
    const [first] = store().selection;
    store().select([first!, 'badge', 'inner']);
    store().ungroupSelection();
    expect(store().selection).toEqual(['hole', 'logo', 'star', 'label', 'inner']);
    expect(ids(doc().elements)).toEqual(['bg', 'star', 'label', 'inner', 'hole', 'logo', 'title']);
    store().undo();
    store().undo();
    expect(doc()).toEqual(original);
  });

  it('does nothing without a document', () => {
    store().reset();
    store().paste();
    store().duplicateSelection();
    store().deleteSelection();
    store().nudgeSelection(1, 1);
    store().groupSelection();
    store().ungroupSelection();
    store().undo();
    expect(store()).toMatchObject({ document: null, past: [], selection: [], clipboard: null });
  });
});
