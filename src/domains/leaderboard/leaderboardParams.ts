import { leaderboardPeriods, WORLDWIDE_SCOPE, type LeaderboardPeriod } from '../../../contract/leaderboard.ts';

export interface LeaderboardParams {
  period: LeaderboardPeriod;
  /** WW or a two-letter country code. */
  country: string;
}

export const DEFAULT_PERIOD: LeaderboardPeriod = 'week';

/** The page's state from its URL (?period=&country=); anything unknown falls back to this week, worldwide. */
export function readLeaderboardParams(search: URLSearchParams): LeaderboardParams {
  const period = search.get('period');
  const country = search.get('country')?.toUpperCase() ?? '';
  return {
    period: (leaderboardPeriods as readonly string[]).includes(period ?? '') ? (period as LeaderboardPeriod) : DEFAULT_PERIOD,
    country: /^[A-Z]{2}$/.test(country) ? country : WORLDWIDE_SCOPE,
  };
}

/** The URL query of a state; defaults are left out, so /leaderboard is this week, worldwide. */
export function leaderboardSearch({ period, country }: LeaderboardParams): string {
  const search = new URLSearchParams();
  if (period !== DEFAULT_PERIOD) search.set('period', period);
  if (country !== WORLDWIDE_SCOPE) search.set('country', country);
  const text = search.toString();
  return text ? `?${text}` : '';
}
