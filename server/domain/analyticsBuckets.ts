import { ANALYTICS_MAX_BUCKETS, RANGE_DAYS, type AnalyticsGranularity, type AnalyticsRange } from '../../contract/campaignAnalytics.ts';
import { DomainError } from '../domainError.ts';

const DAY_MS = 24 * 60 * 60_000;

/** Midnight UTC of the day holding `time`. */
export function utcDay(time: Date): Date {
  return new Date(Date.UTC(time.getUTCFullYear(), time.getUTCMonth(), time.getUTCDate()));
}

/** The first instant a range counts: today (UTC) and the days before it, or the campaign's first day for "all". */
export function rangeStart(range: AnalyticsRange, now: Date, campaignCreatedAt: Date): Date {
  if (range === 'all') return utcDay(campaignCreatedAt);
  return new Date(utcDay(now).getTime() - (RANGE_DAYS[range] - 1) * DAY_MS);
}

/** The start of the bucket holding `time`, as PostgreSQL's date_trunc gives it in UTC (weeks start on Monday). */
export function bucketStart(time: Date, granularity: AnalyticsGranularity): Date {
  const day = utcDay(time);
  if (granularity === 'day') return day;
  if (granularity === 'month') return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), 1));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * DAY_MS);
}

function next(start: Date, granularity: AnalyticsGranularity): Date {
  if (granularity === 'day') return new Date(start.getTime() + DAY_MS);
  if (granularity === 'week') return new Date(start.getTime() + 7 * DAY_MS);
  return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
}

/** YYYY-MM-DD of a UTC midnight. */
export const isoDate = (time: Date): string => time.toISOString().slice(0, 10);

/**
 * Every bucket from the one holding `from` to the one holding `to`, as YYYY-MM-DD, oldest first. The first
 * bucket may start before `from` (a week or month cut by the range); only what happened from `from` is counted
 * in it. Too many buckets is the caller's mistake (400): a coarser granularity answers it.
 */
export function bucketStarts(from: Date, to: Date, granularity: AnalyticsGranularity): string[] {
  const starts: string[] = [];
  const last = bucketStart(to, granularity).getTime();
  for (let start = bucketStart(from, granularity); start.getTime() <= last; start = next(start, granularity)) {
    starts.push(isoDate(start));
    if (starts.length > ANALYTICS_MAX_BUCKETS) {
      throw new DomainError('VALIDATION_FAILED', `Too many ${granularity}s in this range; choose weeks or months`, { granularity: 'Too many buckets for this range' });
    }
  }
  return starts;
}
