import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { designFixture } from '../../../core/testing/designFixture.ts';
import { findElement } from '../../../core/design/tree.ts';
import { DesignContextMenu } from './DesignContextMenu.tsx';
import { currentDocument, designState, designUiLifecycle } from '../../testing/designUi.ts';

designUiLifecycle(designFixture);

/** A canvas stand-in: a focusable button that opens the menu where it was right-clicked. */
function Harness() {
  const [at, setAt] = useState<{ clientX: number; clientY: number } | null>(null);
  return (
    <>
      <button type="button" onContextMenu={(event) => setAt({ clientX: event.clientX, clientY: event.clientY })}>
        Canvas
      </button>
      <DesignContextMenu at={at} onClose={() => setAt(null)} />
    </>
  );
}

function openMenu() {
  render(<Harness />);
  const canvas = screen.getByRole('button', { name: 'Canvas' });
  act(() => canvas.focus());
  fireEvent.contextMenu(canvas, { clientX: 120, clientY: 80 });
  return { canvas, menu: screen.getByRole('menu', { name: 'Element actions' }) };
}

const item = (name: string) => screen.getByRole('menuitem', { name });
const key = (name: string) => fireEvent.keyDown(document.activeElement!, { key: name });

describe('DesignContextMenu', () => {
  it('opens at the point with focus on the first usable item and moves with the arrow keys, Home and End', () => {
    act(() => designState().select(['hole']));
    const { menu } = openMenu();
    expect(menu.style.left).toBe('120px');
    expect(menu.style.top).toBe('80px');
    expect(document.activeElement).toBe(item('Cut'));
    key('ArrowDown');
    expect(document.activeElement).toBe(item('Copy'));
    // Paste is unavailable (empty clipboard): skipped.
    key('ArrowDown');
    expect(document.activeElement).toBe(item('Duplicate'));
    key('ArrowUp');
    key('ArrowUp');
    expect(document.activeElement).toBe(item('Cut'));
    key('ArrowUp');
    expect(document.activeElement).toBe(item('Remove photo hole'));
    key('Home');
    expect(document.activeElement).toBe(item('Cut'));
    key('End');
    expect(document.activeElement).toBe(item('Remove photo hole'));
    expect(item('Paste').getAttribute('aria-disabled')).toBe('true');
    expect(item('Group').getAttribute('aria-disabled')).toBe('true');
  });

  it('closes on Escape without changing anything and gives focus back', () => {
    act(() => designState().select(['hole']));
    const { canvas } = openMenu();
    const before = currentDocument();
    key('Escape');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(canvas);
    expect(currentDocument()).toBe(before);
    expect(designState().selection).toEqual(['hole']);
  });

  it('runs the chosen action with Enter and closes', () => {
    act(() => designState().select(['title']));
    const { canvas } = openMenu();
    key('End');
    key('ArrowUp');
    key('ArrowUp');
    expect(document.activeElement).toBe(item('Lock'));
    fireEvent.click(document.activeElement!);
    expect(findElement(currentDocument(), 'title')?.element.locked).toBe(true);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(canvas);
  });

  it('reorders, copies and pastes, groups and hides the selection', () => {
    act(() => designState().select(['hole']));
    openMenu();
    fireEvent.click(item('Bring to front'));
    expect(currentDocument().elements.at(-1)?.id).toBe('hole');
    fireEvent.contextMenu(screen.getByRole('button', { name: 'Canvas' }));
    fireEvent.click(item('Send backward'));
    expect(currentDocument().elements.at(-2)?.id).toBe('hole');
    fireEvent.contextMenu(screen.getByRole('button', { name: 'Canvas' }));
    fireEvent.click(item('Send to back'));
    expect(currentDocument().elements[0]?.id).toBe('hole');
    fireEvent.contextMenu(screen.getByRole('button', { name: 'Canvas' }));
    fireEvent.click(item('Bring forward'));
    expect(currentDocument().elements[1]?.id).toBe('hole');
    fireEvent.contextMenu(screen.getByRole('button', { name: 'Canvas' }));
    fireEvent.click(item('Copy'));
    fireEvent.contextMenu(screen.getByRole('button', { name: 'Canvas' }));
    const count = currentDocument().elements.length;
    fireEvent.click(item('Paste'));
    expect(currentDocument().elements).toHaveLength(count + 1);
    act(() => designState().select(['hole', 'title']));
    fireEvent.contextMenu(screen.getByRole('button', { name: 'Canvas' }));
    fireEvent.click(item('Group'));
    const [groupId] = designState().selection;
    expect(findElement(currentDocument(), groupId!)?.element.type).toBe('group');
    fireEvent.contextMenu(screen.getByRole('button', { name: 'Canvas' }));
    fireEvent.click(item('Hide'));
    expect(findElement(currentDocument(), groupId!)?.element.hidden).toBe(true);
    fireEvent.contextMenu(screen.getByRole('button', { name: 'Canvas' }));
    fireEvent.click(item('Ungroup'));
    expect(findElement(currentDocument(), 'title')?.parentId).toBeNull();
  });

  it('closes when Tab leaves it or a press lands outside', () => {
    openMenu();
    key('Tab');
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.contextMenu(screen.getByRole('button', { name: 'Canvas' }));
    expect(screen.getByRole('menu')).toBeTruthy();
    fireEvent.pointerDown(document.body);
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
