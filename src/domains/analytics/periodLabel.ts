import type { TFunction } from 'i18next';
import type { AnalyticsGranularity } from '../../../contract/campaignAnalytics.ts';

/** A bucket's name as people read it: the day, "Week of …" (Monday) or the month; buckets are UTC. */
export function periodLabel(t: TFunction, language: string, start: string, granularity: AnalyticsGranularity): string {
  const date = new Date(`${start}T00:00:00Z`);
  if (granularity === 'month') return new Intl.DateTimeFormat(language, { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(date);
  const day = new Intl.DateTimeFormat(language, { timeZone: 'UTC', dateStyle: 'medium' }).format(date);
  return granularity === 'week' ? t('analytics.weekOf', { date: day }) : day;
}

/** A country's name in the interface language; WW (unknown) as the translated "Unknown". */
export function countryName(t: TFunction, language: string, code: string): string {
  if (code === 'WW') return t('analytics.countries.unknown');
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
