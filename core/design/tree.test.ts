import { describe, expect, it } from 'vitest';
import type { DesignElement, GroupElement } from '../../contract/design.ts';
import { deepFreeze, designFixture } from '../testing/designFixture.ts';
import {
  DesignCommandError,
  ancestorsOf,
  childrenOf,
  elementIds,
  findElement,
  insertElement,
  isInside,
  removeElement,
  replaceElement,
  setChildren,
  subtreeHeight,
  topLevelAncestor,
} from './tree.ts';

const doc = deepFreeze(designFixture());
const ids = (elements: readonly DesignElement[]) => elements.map((element) => element.id);

describe('finding', () => {
  it('finds elements at any depth with parent, index and depth', () => {
    expect(findElement(doc, 'hole')).toMatchObject({ parentId: null, index: 1, depth: 0 });
    expect(findElement(doc, 'label')).toMatchObject({ parentId: 'badge', index: 1, depth: 1 });
    expect(findElement(doc, 'rule')).toMatchObject({ parentId: 'inner', index: 1, depth: 2, element: { type: 'line' } });
    expect(findElement(doc, 'ghost')).toBeNull();
  });

  it('lists children, ancestors and the top-level ancestor', () => {
    expect(ids(childrenOf(doc, null))).toEqual(['bg', 'hole', 'badge', 'logo', 'title']);
    expect(ids(childrenOf(doc, 'inner'))).toEqual(['poly', 'rule']);
    expect(() => childrenOf(doc, 'logo')).toThrow(DesignCommandError);
    expect(() => childrenOf(doc, 'ghost')).toThrow(/No group/);
    expect(ids(ancestorsOf(doc, 'rule'))).toEqual(['badge', 'inner']);
    expect(ancestorsOf(doc, 'bg')).toEqual([]);
    expect(topLevelAncestor(doc, 'rule')?.id).toBe('badge');
    expect(topLevelAncestor(doc, 'title')?.id).toBe('title');
    expect(topLevelAncestor(doc, 'ghost')).toBeNull();
    expect(isInside(doc, 'poly', 'badge')).toBe(true);
    expect(isInside(doc, 'badge', 'poly')).toBe(false);
    expect(elementIds(doc.elements).size).toBe(10);
    expect(subtreeHeight(findElement(doc, 'badge')!.element)).toBe(2);
  });
});

describe('immutable updates', () => {
  it('replaces a nested element, sharing untouched branches', () => {
    const star = findElement(doc, 'star')!.element;
    const next = replaceElement(doc, { ...star, x: 500 });
    expect(findElement(next, 'star')!.element.x).toBe(500);
    expect(next.elements[0]).toBe(doc.elements[0]);
    expect((next.elements[2] as GroupElement).children[2]).toBe((doc.elements[2] as GroupElement).children[2]);
    expect(findElement(doc, 'star')!.element.x).toBe(10);
  });

  it('inserts, removes and sets children', () => {
    const extra = { ...findElement(doc, 'poly')!.element, id: 'extra' };
    const inserted = insertElement(doc, 'inner', 2, extra);
    expect(ids(childrenOf(inserted, 'inner'))).toEqual(['poly', 'rule', 'extra']);
    expect(() => insertElement(doc, 'inner', 3, extra)).toThrow(/outside 0…2/);
    const removed = removeElement(doc, 'badge');
    expect(ids(removed.elements)).toEqual(['bg', 'hole', 'logo', 'title']);
    expect(() => removeElement(doc, 'ghost')).toThrow(/No element/);
    expect(ids(childrenOf(setChildren(doc, 'badge', []), 'badge'))).toEqual([]);
    expect(doc).toEqual(designFixture());
  });
});
