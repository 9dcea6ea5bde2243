import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { designFixture } from '../../../core/testing/designFixture.ts';
import { findElement } from '../../../core/design/tree.ts';
import { currentDocument, designState, designUiLifecycle } from '../../testing/designUi.ts';
import { LayersPanel, dropIndex, layerRows } from './LayersPanel.tsx';

designUiLifecycle(designFixture);

// jsdom has no DragEvent: a MouseEvent carries the pointer position the drop needs.
beforeEach(() => {
  vi.stubGlobal('DragEvent', class extends MouseEvent {});
});

const row = (name: string) => screen.getByRole('treeitem', { name });
const topLevelIds = () => currentDocument().elements.map((element) => element.id);

/** jsdom has no DataTransfer; drag events get a minimal one. */
const dataTransfer = () => ({ data: {} as Record<string, string>, setData(type: string, value: string) { this.data[type] = value; }, getData(type: string) { return this.data[type] ?? ''; }, effectAllowed: 'all', dropEffect: 'none' });

/** Rows are 36 px tall from y = 100 in these tests. */
function placeRow(element: HTMLElement) {
  element.getBoundingClientRect = () => ({ top: 100, height: 36, bottom: 136, left: 0, right: 200, width: 200, x: 0, y: 100, toJSON: () => ({}) });
}

describe('layerRows', () => {
  it('lists the tree top → bottom with each group right above its children', () => {
    const rows = layerRows(designFixture().elements);
    expect(rows.map((r) => `${'-'.repeat(r.depth)}${r.element.id}`)).toEqual(['title', 'logo', 'badge', '-inner', '--rule', '--poly', '-label', '-star', 'hole', 'bg']);
    expect(rows[0]).toMatchObject({ position: 1, siblings: 5, index: 4, parentId: null });
  });

  it('computes the move index after the dragged element leaves its list', () => {
    const siblings = designFixture().elements; // bg, hole, badge, logo, title
    expect(dropIndex(siblings, 'hole', 4, 'above')).toBe(4);
    expect(dropIndex(siblings, 'hole', 4, 'below')).toBe(3);
    expect(dropIndex(siblings, 'title', 0, 'above')).toBe(1);
    expect(dropIndex(siblings, 'title', 0, 'below')).toBe(0);
  });
});

describe('LayersPanel', () => {
  it('shows the tree with levels, selection and hole badges', () => {
    render(<LayersPanel />);
    const tree = screen.getByRole('tree', { name: 'Layers, top to bottom' });
    const items = within(tree).getAllByRole('treeitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual(['Title', 'Logo', 'Badge', 'Inner', 'Rule', 'Hexagon', 'Label', 'Star', 'Photo hole', 'Backdrop']);
    expect(row('Hexagon').getAttribute('aria-level')).toBe('3');
    expect(within(row('Photo hole')).getByText('Hole')).toBeTruthy();
    expect(within(row('Title')).queryByText('Hole')).toBeNull();
    // One tab stop.
    expect(items.filter((item) => item.tabIndex === 0)).toEqual([row('Title')]);
  });

  it('selects on click, and adds to the selection with shift or ctrl', () => {
    render(<LayersPanel />);
    fireEvent.click(row('Logo'));
    expect(designState().selection).toEqual(['logo']);
    expect(row('Logo').getAttribute('aria-selected')).toBe('true');
    fireEvent.click(row('Title'), { shiftKey: true });
    expect(designState().selection).toEqual(['logo', 'title']);
    fireEvent.click(row('Logo'), { ctrlKey: true });
    expect(designState().selection).toEqual(['title']);
    fireEvent.click(row('Star'));
    expect(designState().selection).toEqual(['star']);
  });

  it('moves focus and selection with the arrow keys', async () => {
    render(<LayersPanel />);
    act(() => row('Title').focus());
    fireEvent.keyDown(row('Title'), { key: 'ArrowDown' });
    expect(designState().selection).toEqual(['logo']);
    await waitFor(() => expect(document.activeElement).toBe(row('Logo')));
    fireEvent.keyDown(row('Logo'), { key: 'End' });
    expect(designState().selection).toEqual(['bg']);
    await waitFor(() => expect(document.activeElement).toBe(row('Backdrop')));
  });

  it('reorders with Alt+arrows, one undo step each, and announces the new position', async () => {
    render(<LayersPanel />);
    act(() => row('Photo hole').focus());
    fireEvent.keyDown(row('Photo hole'), { key: 'ArrowUp', altKey: true });
    expect(topLevelIds()).toEqual(['bg', 'badge', 'hole', 'logo', 'title']);
    expect(screen.getByText('Photo hole moved to position 3 of 5.')).toBeTruthy();
    fireEvent.keyDown(row('Photo hole'), { key: 'ArrowUp', altKey: true });
    fireEvent.keyDown(row('Photo hole'), { key: 'ArrowUp', altKey: true });
    expect(topLevelIds()).toEqual(['bg', 'badge', 'logo', 'title', 'hole']);
    fireEvent.keyDown(row('Photo hole'), { key: 'ArrowUp', altKey: true });
    expect(screen.getByText('Photo hole is already at the top.')).toBeTruthy();
    expect(designState().past).toHaveLength(3);
    await waitFor(() => expect(document.activeElement).toBe(row('Photo hole')));
    fireEvent.keyDown(row('Photo hole'), { key: 'ArrowDown', altKey: true });
    expect(topLevelIds()).toEqual(['bg', 'badge', 'logo', 'hole', 'title']);
    // Inside a group the move stays among the siblings.
    fireEvent.keyDown(row('Star'), { key: 'ArrowUp', altKey: true });
    expect((findElement(currentDocument(), 'badge')!.element as { children: { id: string }[] }).children.map((child) => child.id)).toEqual(['label', 'star', 'inner']);
  });

  it('reorders by drag and drop', () => {
    render(<LayersPanel />);
    const transfer = dataTransfer();
    fireEvent.dragStart(row('Photo hole'), { dataTransfer: transfer });
    expect(transfer.getData('text/plain')).toBe('hole');
    const target = row('Title');
    placeRow(target);
    fireEvent.dragOver(target, { dataTransfer: transfer, clientY: 105 });
    fireEvent.drop(target, { dataTransfer: transfer, clientY: 105 });
    expect(topLevelIds()).toEqual(['bg', 'badge', 'logo', 'title', 'hole']);
    expect(screen.getByText('Photo hole moved to position 1 of 5.')).toBeTruthy();

    // Lower half of a row: below it. Into a group: the dragged element joins that group.
    fireEvent.dragStart(row('Logo'), { dataTransfer: transfer });
    const label = row('Label');
    placeRow(label);
    fireEvent.dragOver(label, { dataTransfer: transfer, clientY: 130 });
    fireEvent.drop(label, { dataTransfer: transfer, clientY: 130 });
    expect(findElement(currentDocument(), 'logo')).toMatchObject({ parentId: 'badge', index: 1 });
    expect(designState().past).toHaveLength(2);
  });

  it('refuses to drop a group into itself', () => {
    render(<LayersPanel />);
    const before = currentDocument();
    const transfer = dataTransfer();
    fireEvent.dragStart(row('Badge'), { dataTransfer: transfer });
    const inner = row('Hexagon');
    placeRow(inner);
    fireEvent.dragOver(inner, { dataTransfer: transfer, clientY: 105 });
    fireEvent.drop(inner, { dataTransfer: transfer, clientY: 105 });
    expect(currentDocument()).toBe(before);
  });

  it('toggles visibility and lock from each row', () => {
    render(<LayersPanel />);
    fireEvent.click(screen.getByRole('button', { name: 'Hide Hexagon' }));
    expect(findElement(currentDocument(), 'poly')?.element.hidden).toBe(true);
    expect(screen.getByRole('button', { name: 'Show Hexagon' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Unlock Backdrop' }));
    expect(findElement(currentDocument(), 'bg')?.element.locked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Lock Title' }));
    expect(findElement(currentDocument(), 'title')?.element.locked).toBe(true);
    // The toggles do not change the selection.
    expect(designState().selection).toEqual([]);
    expect(designState().past).toHaveLength(3);
  });

  it('renames with a double click or F2; Escape cancels', async () => {
    render(<LayersPanel />);
    fireEvent.doubleClick(row('Logo'));
    const input = screen.getByRole('textbox', { name: 'Layer name' });
    expect(document.activeElement).toBe(input);
    fireEvent.change(input, { target: { value: 'Sponsor logo' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(findElement(currentDocument(), 'logo')?.element.name).toBe('Sponsor logo');
    fireEvent.keyDown(row('Title'), { key: 'F2' });
    const second = screen.getByRole('textbox', { name: 'Layer name' });
    fireEvent.change(second, { target: { value: 'Nope' } });
    fireEvent.keyDown(second, { key: 'Escape' });
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(findElement(currentDocument(), 'title')?.element.name).toBe('Title');
    expect(designState().past).toHaveLength(1);
  });

  it('invites adding an element when the design is empty', () => {
    act(() => designState().load({ ...designFixture(), elements: [] }));
    render(<LayersPanel />);
    expect(screen.getByText('No elements yet. Add one from the toolbar.')).toBeTruthy();
  });
});
