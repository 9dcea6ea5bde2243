import { describe, expect, it } from 'vitest';
import { cn } from './cn.ts';

describe('cn', () => {
  it('joins conditional classes and lets later Tailwind utilities win', () => {
    expect(cn('px-2 py-1', null, undefined, { 'font-bold': true }, 'px-4')).toBe('py-1 font-bold px-4');
  });
});
