import { describe, expect, it } from 'vitest';
import { clamp, tidy } from './numbers.ts';

describe('clamp', () => {
  it('limits a value to [min, max]', () => {
    expect(clamp(5, 0, 10)).toBe(5);
    expect(clamp(-3, 0, 10)).toBe(0);
    expect(clamp(12, 0, 10)).toBe(10);
  });

  it('leaves a side open when its bound is left out', () => {
    expect(clamp(-1e9, undefined, 10)).toBe(-1e9);
    expect(clamp(1e9, 0)).toBe(1e9);
    expect(clamp(7)).toBe(7);
  });

  it('keeps NaN, so callers can tell bad input apart', () => {
    expect(clamp(Number.NaN, 0, 1)).toBeNaN();
  });
});

describe('tidy', () => {
  it('rounds to a thousandth by default and to the given decimals otherwise', () => {
    expect(tidy(1.23456)).toBe(1.235);
    expect(tidy(1.23456, 2)).toBe(1.23);
    expect(tidy(0.1 + 0.2, 3)).toBe(0.3);
    expect(tidy(-2.0004)).toBe(-2);
  });
});
