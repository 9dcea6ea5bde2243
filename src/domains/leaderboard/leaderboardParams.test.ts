import { describe, expect, it } from 'vitest';
import { leaderboardSearch, readLeaderboardParams } from './leaderboardParams.ts';

describe('leaderboard URL state', () => {
  it('reads period and country, falling back to this week, worldwide', () => {
    expect(readLeaderboardParams(new URLSearchParams(''))).toEqual({ period: 'week', country: 'WW' });
    expect(readLeaderboardParams(new URLSearchParams('period=month&country=id'))).toEqual({ period: 'month', country: 'ID' });
    expect(readLeaderboardParams(new URLSearchParams('period=all&country=IDN'))).toEqual({ period: 'all', country: 'WW' });
    expect(readLeaderboardParams(new URLSearchParams('period=year&country=1D'))).toEqual({ period: 'week', country: 'WW' });
  });

  it('writes only what differs from the defaults, and reads back what it wrote', () => {
    expect(leaderboardSearch({ period: 'week', country: 'WW' })).toBe('');
    expect(leaderboardSearch({ period: 'all', country: 'WW' })).toBe('?period=all');
    expect(leaderboardSearch({ period: 'week', country: 'MY' })).toBe('?country=MY');
    const state = { period: 'month', country: 'SG' } as const;
    expect(readLeaderboardParams(new URLSearchParams(leaderboardSearch(state)))).toEqual(state);
  });
});
