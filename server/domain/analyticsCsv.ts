import { ANALYTICS_CSV_COLUMNS, type AnalyticsBucket } from '../../contract/campaignAnalytics.ts';

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote, CR or LF, quotes doubled. A text starting with
 * = + - @ or a tab is prefixed with an apostrophe, so a spreadsheet shows it instead of running it as a formula.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows joined with CRLF, ending with one. */
export function toCsv(rows: readonly (readonly (string | number | null)[])[]): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** The series as CSV: a header row, then one row per bucket. */
export function seriesCsv(series: readonly AnalyticsBucket[]): string {
  return toCsv([[...ANALYTICS_CSV_COLUMNS], ...series.map((bucket) => [bucket.start, bucket.supporters, bucket.visits, bucket.posts])]);
}
