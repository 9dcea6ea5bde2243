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
  numberRepeatedNames,
  removeElement,
  replaceElement,
  setChildren,
  subtreeHeight,
  topLevelAncestor,
  unusedName,
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

describe('layer names', () => {
  const named = (id: string, name: string, children?: DesignElement[]): DesignElement =>
    children ? { ...(doc.elements[2] as GroupElement), id, name, children } : { ...findElement(doc, 'poly')!.element, id, name };
  const names = (elements: readonly DesignElement[]): string[] => elements.flatMap((element) => [element.name, ...(element.type === 'group' ? names(element.children) : [])]);

  it('gives a new element its type name, or the first free number after it', () => {
    expect(unusedName(doc.elements, 'Rectangle')).toBe('Rectangle');
    expect(unusedName(doc.elements, 'Star')).toBe('Star 2');
    expect(unusedName([...doc.elements, named('s2', 'Star 2'), named('s3', 'Star 3')], 'Star')).toBe('Star 4');
    // Found at any depth, and kept within the name limit.
    expect(unusedName(doc.elements, 'Hexagon')).toBe('Hexagon 2');
    const long = 'x'.repeat(80);
    expect(unusedName([named('l', long)], long)).toBe(`${'x'.repeat(78)} 2`);
  });

  it('numbers every repeated name in tree order, at any depth, leaving unique names and taken numbers alone', () => {
    const tree = [named('a', 'Leaf'), named('g', 'Wreath', [named('b', 'Leaf'), named('c', 'Leaf 2'), named('d', 'Leaf')]), named('e', 'Title'), named('f', 'Wreath', [])];
    const renamed = numberRepeatedNames(tree);
    expect(names(renamed)).toEqual(['Leaf 1', 'Wreath 1', 'Leaf 3', 'Leaf 2', 'Leaf 4', 'Title', 'Wreath 2']);
    expect(new Set(names(renamed)).size).toBe(7);
    expect(renamed[2]).toBe(tree[2]);
    expect(names(tree)).toEqual(['Leaf', 'Wreath', 'Leaf', 'Leaf 2', 'Leaf', 'Title', 'Wreath']);
  });
});
