import { z } from 'zod';
import { countryCode } from './ipLookup.ts';

/**
 * The creator's first-party analytics of one campaign (docs/ANALYTICS.md): what a visit and a share record,
 * and GET /campaigns/:uri/analytics (owner only) with its CSV twin.
 */

/** Where a share went: the page's share controls and the result's save. */
export const SHARE_CHANNELS = ['whatsapp', 'facebook', 'x', 'telegram', 'copy_link', 'native', 'download'] as const;
export type ShareChannel = (typeof SHARE_CHANNELS)[number];

/** POST /campaigns/:uri/shares; answered 204 whether or not it was recorded (one per channel, device and hour). */
export const campaignShareBody = z.strictObject({ channel: z.enum(SHARE_CHANNELS) });
export type CampaignShareBody = z.infer<typeof campaignShareBody>;

/** A referrer is read up to this length; only its host is kept. */
export const REFERRER_MAX = 2048;

/** POST /campaigns/:uri/visits: the page's referrer (document.referrer when the campaign page is the landing page). No body is a visit without one. */
export const visitBody = z
  .strictObject({ referrer: z.string().max(REFERRER_MAX).optional() })
  .nullish()
  .transform((body) => body ?? {});

export const ANALYTICS_RANGES = ['7d', '30d', '90d', 'all'] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const ANALYTICS_GRANULARITIES = ['day', 'week', 'month'] as const;
export type AnalyticsGranularity = (typeof ANALYTICS_GRANULARITIES)[number];
/** Days in each fixed range, today (UTC) included. */
export const RANGE_DAYS: Readonly<Record<Exclude<AnalyticsRange, 'all'>, number>> = { '7d': 7, '30d': 30, '90d': 90 };
/** More buckets than this (a years-old campaign by day) is refused: ask for weeks or months. */
export const ANALYTICS_MAX_BUCKETS = 750;
/** Rows of the countries and referrers tables. */
export const ANALYTICS_TOP = 10;

export const analyticsQuery = z.strictObject({
  range: z.enum(ANALYTICS_RANGES).default('30d'),
  granularity: z.enum(ANALYTICS_GRANULARITIES).default('day'),
});
export type AnalyticsQuery = z.infer<typeof analyticsQuery>;

const count = z.number().int().nonnegative();

/** One bucket: starts at `start` (UTC date, YYYY-MM-DD; weeks start on Monday), and what was counted in it. */
export const analyticsBucket = z.object({ start: z.iso.date(), supporters: count, visits: count, posts: count });
export type AnalyticsBucket = z.infer<typeof analyticsBucket>;

export const campaignAnalytics = z.object({
  range: z.enum(ANALYTICS_RANGES),
  granularity: z.enum(ANALYTICS_GRANULARITIES),
  /** First instant counted (inclusive) and the time of the answer (exclusive). */
  from: z.iso.datetime(),
  to: z.iso.datetime(),
  series: z.array(analyticsBucket),
  totals: z.object({ supporters: count, visits: count, posts: count, shares: count }),
  /** Supporters counted in the range ÷ visits counted in the range; null without visits. Can exceed 1 (a visit counts once per 30 minutes, and a support may come without a counted visit). */
  conversion: z.number().nonnegative().nullable(),
  /** By country of the IP, most supporters first; WW for unknown. */
  countries: z.array(z.object({ country: countryCode, supporters: count, visits: count })),
  /** Visits by referring host, most first; null is direct (no referrer, or this site). */
  referrers: z.array(z.object({ host: z.string().nullable(), visits: count })),
  /** Every channel, most shares first. */
  shares: z.array(z.object({ channel: z.enum(SHARE_CHANNELS), shares: count })),
  /** Supporters per current frame, in frame order; `otherFrames` counts supports without a frame or of removed frames. */
  frames: z.array(z.object({ frameId: z.string(), position: z.number().int().nonnegative(), supporters: count })),
  otherFrames: count,
});
export type CampaignAnalytics = z.infer<typeof campaignAnalytics>;
export const campaignAnalyticsResponse = z.object({ data: campaignAnalytics });

/** GET /campaigns/:uri/analytics.csv answers text/csv with these columns. */
export const ANALYTICS_CSV_COLUMNS = ['period_start', 'supporters', 'visits', 'posts'] as const;
export const analyticsCsvResponse = z.string();

/** The download name of the CSV: the campaign's link, the range and the granularity. */
export function analyticsCsvFileName(uri: string, range: AnalyticsRange, granularity: AnalyticsGranularity): string {
  return `bingkai-${uri}-analytics-${range}-${granularity}.csv`;
}
