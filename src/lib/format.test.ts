import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../locales/en.json?raw';
import id from '../../locales/id.json?raw';
import { formatDate, formatNumber, formatRelativeTime, prepareNumberFormat, RELATIVE_TIME_KEYS, type Translate } from './format.ts';

function translator(json: string): Translate {
  const messages = JSON.parse(json) as { format: { relative_time: Record<string, string> } };
  return (key) => messages.format.relative_time[key.replace('format.relative_time.', '')] ?? key;
}
const tEn = translator(en);
const tId = translator(id);

afterEach(() => vi.restoreAllMocks());

describe('numbers', () => {
  it('formats numbers per locale', () => {
    expect(formatNumber(1234567.5, 'en')).toBe('1,234,567.5');
    expect(formatNumber(1234567.5, 'id')).toBe('1.234.567,5');
    expect(formatNumber(0.256, 'en', { style: 'percent' })).toBe('26%');
    // The formatters are kept per locale and options: the same call again gives the same text, another option its own.
    expect(formatNumber(1234567.5, 'id')).toBe('1.234.567,5');
    expect(formatNumber(0.256, 'en', { style: 'percent', minimumFractionDigits: 1 })).toBe('25.6%');
  });

  it('builds a locale\'s formatter ahead, for the next formatNumber to use', () => {
    const NumberFormat = Intl.NumberFormat;
    const construct = vi.spyOn(Intl, 'NumberFormat').mockImplementation(function (this: unknown, ...args: ConstructorParameters<typeof NumberFormat>) {
      return new NumberFormat(...args);
    } as unknown as typeof NumberFormat);
    prepareNumberFormat('de');
    expect(construct).toHaveBeenCalledTimes(1);
    expect(formatNumber(1234.5, 'de')).toBe('1.234,5');
    expect(construct).toHaveBeenCalledTimes(1);
  });
});

describe('dates', () => {
  const date = new Date(2026, 2, 5, 14, 7);

  it('formats short and long dates', () => {
    expect(formatDate(date, 'en')).toBe('3/5/26');
    expect(formatDate(date, 'en-gb')).toBe('05/03/2026');
    expect(formatDate(date, 'id')).toBe('05/03/26');
    const long = formatDate(date, 'en', 'long');
    expect(long).toMatch(/Thu, Mar 5, 2026/);
    expect(long).toMatch(/2:07/);
  });

  it('logs an unsupported locale and returns false', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(formatDate(date, 'tlh')).toBe(false);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('not supported'));
  });

  it('returns false for an invalid date', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(formatDate('not a date', 'en')).toBe(false);
  });
});

describe('formatRelativeTime', () => {
  const now = new Date('2026-03-05T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const later = (ms: number) => new Date(now.getTime() + ms);
  const minute = 60_000;
  const hour = 60 * minute;
  const day = 24 * hour;

  it('has every seed relative_time key in both bundled locales', () => {
    for (const key of RELATIVE_TIME_KEYS) {
      expect(tEn(`format.relative_time.${key}`)).not.toContain('format.');
      expect(tId(`format.relative_time.${key}`)).not.toContain('format.');
    }
  });

  it('humanises past and future distances', () => {
    expect(formatRelativeTime(ago(10_000), now, tEn)).toBe('a few seconds ago');
    expect(formatRelativeTime(ago(60_000), now, tEn)).toBe('a minute ago');
    expect(formatRelativeTime(ago(5 * minute), now, tEn)).toBe('5 minutes ago');
    expect(formatRelativeTime(later(hour), now, tEn)).toBe('in an hour');
    expect(formatRelativeTime(ago(3 * hour), now, tEn)).toBe('3 hours ago');
    expect(formatRelativeTime(ago(30 * hour), now, tEn)).toBe('a day ago');
    expect(formatRelativeTime(later(4 * day), now, tEn)).toBe('in 4 days');
    expect(formatRelativeTime(ago(35 * day), now, tEn)).toBe('a month ago');
    expect(formatRelativeTime(ago(95 * day), now, tEn)).toBe('3 months ago');
    expect(formatRelativeTime(ago(400 * day), now, tEn)).toBe('a year ago');
    expect(formatRelativeTime(ago(3 * 365 * day), now, tEn)).toBe('3 years ago');
  });

  it('uses the locale messages', () => {
    expect(formatRelativeTime(ago(2 * day), now, tId)).toBe('2 hari yang lalu');
    expect(formatRelativeTime(later(10 * minute), now, tId)).toBe('dalam 10 menit');
  });

  it('returns an empty string for an invalid date', () => {
    expect(formatRelativeTime('nope', now, tEn)).toBe('');
  });
});
