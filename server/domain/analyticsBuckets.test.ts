import { describe, expect, it } from 'vitest';
import { DomainError } from '../domainError.ts';
import { bucketStart, bucketStarts, isoDate, rangeStart } from './analyticsBuckets.ts';

const at = (iso: string) => new Date(iso);

describe('analytics buckets', () => {
  it('starts fixed ranges on a UTC midnight, today included, and "all" on the campaign\'s first day', () => {
    const now = at('2026-03-10T15:30:00Z');
    expect(rangeStart('7d', now, at('2020-01-01T00:00:00Z')).toISOString()).toBe('2026-03-04T00:00:00.000Z');
    expect(rangeStart('30d', now, at('2020-01-01T00:00:00Z')).toISOString()).toBe('2026-02-09T00:00:00.000Z');
    expect(rangeStart('all', now, at('2026-01-05T22:10:00Z')).toISOString()).toBe('2026-01-05T00:00:00.000Z');
  });

  it('truncates like date_trunc in UTC: Monday weeks, first of the month', () => {
    // 2026-03-08 is a Sunday.
    expect(isoDate(bucketStart(at('2026-03-08T23:59:59Z'), 'week'))).toBe('2026-03-02');
    expect(isoDate(bucketStart(at('2026-03-09T00:00:00Z'), 'week'))).toBe('2026-03-09');
    expect(isoDate(bucketStart(at('2026-03-31T23:00:00Z'), 'month'))).toBe('2026-03-01');
    expect(isoDate(bucketStart(at('2026-03-31T23:00:00Z'), 'day'))).toBe('2026-03-31');
  });

  it('lists every bucket from the range start to now, the cut first one included', () => {
    const now = at('2026-03-10T15:30:00Z');
    expect(bucketStarts(at('2026-03-04T00:00:00Z'), now, 'day')).toEqual(['2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10']);
    expect(bucketStarts(at('2026-03-04T00:00:00Z'), now, 'week')).toEqual(['2026-03-02', '2026-03-09']);
    expect(bucketStarts(at('2025-11-20T00:00:00Z'), now, 'month')).toEqual(['2025-11-01', '2025-12-01', '2026-01-01', '2026-02-01', '2026-03-01']);
  });

  it('refuses a range with too many buckets', () => {
    expect(() => bucketStarts(at('2020-01-01T00:00:00Z'), at('2026-03-10T00:00:00Z'), 'day')).toThrow(DomainError);
    expect(bucketStarts(at('2020-01-01T00:00:00Z'), at('2026-03-10T00:00:00Z'), 'month')).toHaveLength(75);
  });
});
