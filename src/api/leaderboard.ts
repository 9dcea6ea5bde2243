import type { Leaderboard, LeaderboardPeriod } from '../../contract/leaderboard.ts';
import { callRoute } from './callRoute.ts';

/** Both boards (campaigns and creators) of a period and scope (WW or a country code), from the server's snapshot. */
export async function fetchLeaderboard(period: LeaderboardPeriod, scope: string, signal?: AbortSignal): Promise<Leaderboard> {
  return (await callRoute('GET /leaderboard', { query: { period, scope }, signal })).data;
}
