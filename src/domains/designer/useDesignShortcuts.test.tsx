import { act, fireEvent, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { designFixture } from '../../../core/testing/designFixture.ts';
import { findElement } from '../../../core/design/tree.ts';
import { useDesignViewStore } from './designViewStore.ts';
import { currentDocument, designState, designUiLifecycle } from '../../testing/designUi.ts';
import { useDesignShortcuts } from './useDesignShortcuts.ts';

designUiLifecycle(designFixture);

function Editor() {
  const root = useRef<HTMLDivElement>(null);
  useDesignShortcuts(root);
  return (
    <div ref={root} data-testid="editor" tabIndex={-1}>
      <input aria-label="Name" />
      <textarea aria-label="Text" />
      <select aria-label="Font">
        <option>Inter</option>
      </select>
      <div contentEditable suppressContentEditableWarning data-testid="editable">
        text
      </div>
    </div>
  );
}

function press(key: string, init: Partial<KeyboardEventInit> = {}, target: Element = screen.getByTestId('editor')) {
  let event!: KeyboardEvent;
  act(() => {
    event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
    target.dispatchEvent(event);
  });
  return event;
}

const select = (...ids: string[]) => act(() => designState().select(ids));
const element = (id: string) => findElement(currentDocument(), id)?.element;

describe('useDesignShortcuts', () => {
  it('nudges the selection 1 px with the arrows and 10 px with shift', () => {
    render(<Editor />);
    select('hole');
    expect(press('ArrowRight').defaultPrevented).toBe(true);
    press('ArrowDown');
    expect(element('hole')).toMatchObject({ x: 241, y: 241 });
    press('ArrowLeft', { shiftKey: true });
    press('ArrowUp', { shiftKey: true });
    expect(element('hole')).toMatchObject({ x: 231, y: 231 });
    // No selection: the arrows keep their ordinary meaning.
    select();
    expect(press('ArrowRight').defaultPrevented).toBe(false);
  });

  it('undoes with ctrl/cmd+z and redoes with shift+ctrl/cmd+z or ctrl+y', () => {
    render(<Editor />);
    select('hole');
    press('Delete');
    expect(element('hole')).toBeUndefined();
    press('z', { ctrlKey: true });
    expect(element('hole')).toBeDefined();
    press('Z', { metaKey: true, shiftKey: true });
    expect(element('hole')).toBeUndefined();
    press('z', { metaKey: true });
    expect(element('hole')).toBeDefined();
    press('y', { ctrlKey: true });
    expect(element('hole')).toBeUndefined();
  });

  it('deletes with Delete and Backspace', () => {
    render(<Editor />);
    select('hole');
    press('Backspace');
    expect(element('hole')).toBeUndefined();
    select('title');
    press('Delete');
    expect(element('title')).toBeUndefined();
  });

  it('duplicates with ctrl/cmd+d, keeping the browser from bookmarking', () => {
    render(<Editor />);
    select('hole');
    const count = currentDocument().elements.length;
    expect(press('d', { ctrlKey: true }).defaultPrevented).toBe(true);
    expect(currentDocument().elements).toHaveLength(count + 1);
    expect(designState().selection).not.toEqual(['hole']);
  });

  it('copies, cuts and pastes with ctrl/cmd+c/x/v', () => {
    render(<Editor />);
    select('title');
    const count = currentDocument().elements.length;
    press('c', { ctrlKey: true });
    expect(designState().clipboard?.elements.map((copied) => copied.id)).toEqual(['title']);
    press('v', { metaKey: true });
    expect(currentDocument().elements).toHaveLength(count + 1);
    select('logo');
    press('x', { ctrlKey: true });
    expect(element('logo')).toBeUndefined();
    press('v', { ctrlKey: true });
    expect(currentDocument().elements.at(-1)).toMatchObject({ type: 'image', name: 'Logo' });
  });

  it('groups with ctrl/cmd+g and ungroups with shift+ctrl/cmd+g', () => {
    render(<Editor />);
    select('hole', 'title');
    press('g', { ctrlKey: true });
    const group = currentDocument().elements.find((candidate) => candidate.type === 'group' && candidate.children.some((child) => child.id === 'title'));
    expect(group).toBeDefined();
    expect(designState().selection).toEqual([group!.id]);
    press('G', { ctrlKey: true, shiftKey: true });
    expect(findElement(currentDocument(), 'title')?.parentId).toBeNull();
  });

  it('selects every unlocked, visible top-level element with ctrl/cmd+a and clears with Escape', () => {
    render(<Editor />);
    expect(press('a', { ctrlKey: true }).defaultPrevented).toBe(true);
    expect(designState().selection).toEqual(['hole', 'badge', 'logo', 'title']);
    press('Escape');
    expect(designState().selection).toEqual([]);
  });

  it('zooms in, out and to fit with +, − and 0', () => {
    render(<Editor />);
    press('+');
    expect(useDesignViewStore.getState().zoom).toBeCloseTo(1.25);
    press('-');
    press('-');
    expect(useDesignViewStore.getState().zoom).toBeCloseTo(0.8);
    const fit = useDesignViewStore.getState().fitRequest;
    press('0');
    expect(useDesignViewStore.getState().fitRequest).toBe(fit + 1);
  });

  it('does nothing while the user types in a field', () => {
    render(<Editor />);
    select('hole');
    const before = currentDocument();
    for (const field of [screen.getByLabelText('Name'), screen.getByLabelText('Text'), screen.getByLabelText('Font'), screen.getByTestId('editable')]) {
      for (const [key, init] of [
        ['Backspace', {}],
        ['Delete', {}],
        ['ArrowLeft', {}],
        ['z', { ctrlKey: true }],
        ['a', { ctrlKey: true }],
        ['d', { ctrlKey: true }],
        ['v', { ctrlKey: true }],
        ['0', {}],
        ['Escape', {}],
      ] as const) {
        expect(press(key, init, field).defaultPrevented).toBe(false);
      }
    }
    expect(currentDocument()).toBe(before);
    expect(designState().selection).toEqual(['hole']);
    expect(useDesignViewStore.getState().zoom).toBe(1);
  });

  it('leaves copy, cut, paste and duplicate to the browser when there is nothing to act on', () => {
    render(<Editor />);
    for (const key of ['c', 'x', 'd', 'g', 'v']) expect(press(key, { ctrlKey: true }).defaultPrevented).toBe(false);
    expect(designState().clipboard).toBeNull();
  });

  it('stops listening when unmounted', () => {
    const { unmount } = render(<Editor />);
    const root = screen.getByTestId('editor');
    select('hole');
    unmount();
    fireEvent.keyDown(root, { key: 'Delete' });
    expect(element('hole')).toBeDefined();
  });
});
