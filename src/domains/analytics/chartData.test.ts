import { describe, expect, it } from 'vitest';
import { bucketSeconds, chartColumns } from './chartData.ts';

describe('chartColumns', () => {
  it('turns the series into uPlot columns: UTC seconds, then supporters, visits, posts', () => {
    const columns = chartColumns([
      { start: '2026-03-09', supporters: 1, visits: 4, posts: 0 },
      { start: '2026-03-10', supporters: 2, visits: 3, posts: 1 },
    ]);
    expect(columns).toEqual([[1773014400, 1773100800], [1, 2], [4, 3], [0, 1]]);
    expect(bucketSeconds('1970-01-02')).toBe(86400);
  });
});
