import { describe, expect, it } from 'vitest';
import { dropIndex, moveItem } from './moveItem.ts';

describe('moveItem', () => {
  it('moves an item up, down and clamps at the ends', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 1, 9)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 1, -3)).toEqual(['b', 'a', 'c']);
  });

  it('returns the same list when nothing moves', () => {
    const list = ['a', 'b'];
    expect(moveItem(list, 0, 0)).toBe(list);
    expect(moveItem(list, 5, 0)).toBe(list);
  });
});

describe('dropIndex', () => {
  // Three rows 40 px high: middles at 20, 60 and 100.
  const middles = [20, 60, 100];
  it('places the dragged row after every other row whose middle it passed', () => {
    expect(dropIndex(middles, 0, 10)).toBe(0);
    expect(dropIndex(middles, 0, 70)).toBe(1);
    expect(dropIndex(middles, 0, 130)).toBe(2);
    expect(dropIndex(middles, 2, 5)).toBe(0);
    expect(dropIndex(middles, 2, 50)).toBe(1);
    expect(dropIndex(middles, 1, 61)).toBe(1);
  });
});
