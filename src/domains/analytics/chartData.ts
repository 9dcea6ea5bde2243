import type { AnalyticsBucket } from '../../../contract/campaignAnalytics.ts';

/** The three lines of the chart, in legend order. */
export const SERIES_KEYS = ['supporters', 'visits', 'posts'] as const;
export type SeriesKey = (typeof SERIES_KEYS)[number];

/** Distinct in light and dark themes and for the common colour-vision deficiencies (teal, indigo, amber). */
export const SERIES_COLORS: Readonly<Record<SeriesKey, string>> = { supporters: '#0d9488', visits: '#6366f1', posts: '#d97706' };

/** A bucket's start (YYYY-MM-DD, UTC) in seconds, uPlot's time unit. */
export const bucketSeconds = (start: string): number => Date.parse(`${start}T00:00:00Z`) / 1000;

/** uPlot's column data: x (bucket starts, seconds) then one array per line. */
export function chartColumns(series: readonly AnalyticsBucket[]): [number[], ...number[][]] {
  return [series.map((bucket) => bucketSeconds(bucket.start)), ...SERIES_KEYS.map((key) => series.map((bucket) => bucket[key]))];
}
