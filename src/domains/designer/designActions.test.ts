import { describe, expect, it } from 'vitest';
import enText from '../../../locales/en.json?raw';
import idText from '../../../locales/id.json?raw';
import { designFixture } from '../../../core/testing/designFixture.ts';
import { actionForKey, DESIGN_ACTIONS, parseShortcut } from './designActions.ts';
import { useDesignStore } from './designStore.ts';

const key = (key: string, init: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {}) =>
  actionForKey({ key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...init })?.id ?? null;

const en: unknown = JSON.parse(enText);
const id: unknown = JSON.parse(idText);
const lookup = (messages: unknown, path: string): unknown => path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);

describe('the design action registry', () => {
  it('names every action in both languages', () => {
    const state = { ...useDesignStore.getState(), document: designFixture(), selection: ['hole'] };
    for (const action of DESIGN_ACTIONS) {
      const labelKey = typeof action.labelKey === 'function' ? action.labelKey(state) : action.labelKey;
      expect(lookup(en, labelKey), `${action.id} in en`).toEqual(expect.any(String));
      expect(lookup(id, labelKey), `${action.id} in id`).toEqual(expect.any(String));
    }
  });

  it('parses shortcuts in aria-keyshortcuts form', () => {
    expect(parseShortcut('Control+Shift+G')).toEqual({ mod: true, shift: true, key: 'g' });
    expect(parseShortcut('+')).toEqual({ mod: false, shift: false, key: '+' });
    expect(parseShortcut('Delete')).toEqual({ mod: false, shift: false, key: 'Delete' });
  });

  it('maps keys to actions, Shift deciding only where a Shift variant exists', () => {
    expect(key('z', { ctrlKey: true })).toBe('undo');
    expect(key('Z', { metaKey: true, shiftKey: true })).toBe('redo');
    expect(key('y', { ctrlKey: true })).toBe('redo');
    expect(key('g', { ctrlKey: true })).toBe('group');
    expect(key('G', { ctrlKey: true, shiftKey: true })).toBe('ungroup');
    expect(key('D', { ctrlKey: true, shiftKey: true })).toBe('duplicate');
    expect(key('Backspace')).toBe('delete');
    expect(key('+', { shiftKey: true })).toBe('zoomIn');
    expect(key('_', { shiftKey: true })).toBe('zoomOut');
    expect(key('0')).toBe('zoomFit');
    expect(key('Escape')).toBe('deselect');
    // Modifiers that no shortcut uses leave the key alone.
    expect(key('z')).toBeNull();
    expect(key('Delete', { ctrlKey: true })).toBeNull();
    expect(key('z', { ctrlKey: true, altKey: true })).toBeNull();
  });
});
