import { beforeEach, describe, expect, it } from 'vitest';
import { SCROLL_STORAGE_KEY, forgetStaleInitialEntry, readPositions, scrollTargetFor, writePositions } from './scrollPositions.ts';

beforeEach(() => sessionStorage.clear());

describe('scroll positions', () => {
  it('scrolls smoothly to the top for an entry without a saved position', () => {
    expect(scrollTargetFor('new-key', { other: 300 })).toEqual({ top: 0, behavior: 'smooth' });
  });

  it('restores a saved position for that history entry', () => {
    expect(scrollTargetFor('k1', { k1: 640 })).toEqual({ top: 640, behavior: 'instant' });
    expect(scrollTargetFor('k0', { k0: 0 })).toEqual({ top: 0, behavior: 'instant' });
  });

  it('drops the initial entry of an older load on a fresh load, keeps it on reload and back/forward', () => {
    const saved = { default: 500, k1: 20 };
    expect(forgetStaleInitialEntry(saved, 'default', 'navigate')).toEqual({ k1: 20 });
    expect(forgetStaleInitialEntry(saved, 'default', 'reload')).toEqual(saved);
    expect(forgetStaleInitialEntry(saved, 'default', 'back_forward')).toEqual(saved);
    expect(forgetStaleInitialEntry(saved, 'k1', 'navigate')).toEqual(saved);
  });

  it('keeps positions per location.key in sessionStorage', () => {
    writePositions({ a: 10, b: 20 });
    expect(JSON.parse(sessionStorage.getItem(SCROLL_STORAGE_KEY) ?? '{}')).toEqual({ a: 10, b: 20 });
    expect(readPositions()).toEqual({ a: 10, b: 20 });
  });

  it('ignores corrupt storage', () => {
    sessionStorage.setItem(SCROLL_STORAGE_KEY, '{not json');
    expect(readPositions()).toEqual({});
    sessionStorage.setItem(SCROLL_STORAGE_KEY, JSON.stringify({ a: 'x', b: 5 }));
    expect(readPositions()).toEqual({ b: 5 });
  });

  it('keeps only the newest 100 entries', () => {
    const many = Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`k${i}`, i]));
    writePositions(many);
    const saved = readPositions();
    expect(Object.keys(saved)).toHaveLength(100);
    expect(saved.k149).toBe(149);
    expect(saved.k0).toBeUndefined();
  });
});
