/**
 * The leaderboard (under /api/v2, signed): a snapshot the server recomputes on a schedule (server/domain/leaderboard.ts),
 * so a read never scans the supports.
 *
 *   GET /leaderboard?period=week|month|all&scope=WW|<country>&kind=campaign|creator
 *       → { data: Leaderboard }   kind omitted: both boards; kind given: the other board is empty.
 *
 * Periods are rolling windows ending at the refresh: `week` the last 7 days, `month` the last 30 days, `all` every
 * support. `scope` is WW (worldwide) or the supporter's two-letter country (from their IP when they supported): a
 * creator's own country plays no part. Ties keep a stable order: more supporters first, then the older campaign
 * (or account), then the id.
 */
import { z } from 'zod';
import { campaignCreator, campaignSummary } from './campaign.ts';

export const leaderboardPeriods = ['week', 'month', 'all'] as const;
export type LeaderboardPeriod = (typeof leaderboardPeriods)[number];
export const leaderboardKinds = ['campaign', 'creator'] as const;
export type LeaderboardKind = (typeof leaderboardKinds)[number];

/** Days in each rolling period (`all` has no bound). */
export const LEADERBOARD_PERIOD_DAYS = { week: 7, month: 30 } as const satisfies Partial<Record<LeaderboardPeriod, number>>;
/** Entries kept per board. */
export const LEADERBOARD_SIZE = 50;
export const WORLDWIDE_SCOPE = 'WW';

export const leaderboardQuery = z.object({
  period: z.enum(leaderboardPeriods, 'Period must be week, month or all').default('week'),
  scope: z
    .string()
    .regex(/^[A-Z]{2}$/, 'Scope must be WW (worldwide) or a two-letter country code in capitals, such as ID')
    .default(WORLDWIDE_SCOPE),
  kind: z.enum(leaderboardKinds, 'Kind must be campaign or creator').optional(),
});
export type LeaderboardQuery = z.input<typeof leaderboardQuery>;

export const leaderboardCampaignEntry = z.object({
  rank: z.number().int().positive(),
  /** Supporters in the period and scope (campaign.supportersCount is the all-time total). */
  supporters: z.number().int().nonnegative(),
  campaign: campaignSummary,
});
export type LeaderboardCampaignEntry = z.infer<typeof leaderboardCampaignEntry>;

export const leaderboardCreatorEntry = z.object({
  rank: z.number().int().positive(),
  /** Supporters of the creator's public campaigns in the period and scope. */
  supporters: z.number().int().nonnegative(),
  creator: campaignCreator,
});
export type LeaderboardCreatorEntry = z.infer<typeof leaderboardCreatorEntry>;

export const leaderboard = z.object({
  period: z.enum(leaderboardPeriods),
  scope: z.string(),
  /** When the snapshot was computed; null before the first refresh. */
  refreshedAt: z.iso.datetime().nullable(),
  campaigns: z.array(leaderboardCampaignEntry),
  creators: z.array(leaderboardCreatorEntry),
});
export type Leaderboard = z.infer<typeof leaderboard>;
export const leaderboardResponse = z.object({ data: leaderboard });
