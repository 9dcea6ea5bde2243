import { and, asc, count, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { ANALYTICS_TOP, SHARE_CHANNELS, type AnalyticsQuery, type CampaignAnalytics } from '../../contract/campaignAnalytics.ts';
import { UNKNOWN_COUNTRY } from '../../contract/ipLookup.ts';
import type { Db } from '../infra/db/database.ts';
import { campaignFrames, campaignShares, campaignSupports, campaignVisitEvents, campaigns, posts } from '../infra/db/schema.ts';
import { DomainError, notFound } from '../domainError.ts';
import { bucketStarts, rangeStart } from './analyticsBuckets.ts';

interface Counted {
  key: string | null;
  n: number;
}

/**
 * The owner's analytics of one campaign over a range (docs/ANALYTICS.md), read from the rows the counters
 * write: campaign_supports (supporters, country, frame), campaign_visit_events (visits, country, referrer host),
 * posts and campaign_shares. Buckets are UTC days, Monday weeks or months; empty ones are 0.
 */
export class CampaignAnalyticsService {
  constructor(private readonly db: Db) {}

  /** 404 for an unknown campaign, 403 for anyone but its creator. */
  async owned(accountId: string, uri: string): Promise<{ id: string; uri: string; createdAt: Date }> {
    const [row] = await this.db.select({ id: campaigns.id, uri: campaigns.uri, creatorId: campaigns.creatorId, createdAt: campaigns.createdAt }).from(campaigns).where(eq(campaigns.uri, uri)).limit(1);
    if (!row) throw notFound('Campaign not found');
    if (row.creatorId !== accountId) throw new DomainError('FORBIDDEN', 'Only the creator of this campaign sees its analytics');
    return row;
  }

  async read(accountId: string, uri: string, query: AnalyticsQuery, now: Date = new Date()): Promise<CampaignAnalytics> {
    const campaign = await this.owned(accountId, uri);
    const from = rangeStart(query.range, now, campaign.createdAt);
    const starts = bucketStarts(from, now, query.granularity);
    const within = (table: PgTable, campaignColumn: PgColumn, createdColumn: PgColumn) => ({
      table,
      where: and(eq(campaignColumn, campaign.id), gte(createdColumn, from), lt(createdColumn, now)),
      created: createdColumn,
    });
    const supports = within(campaignSupports, campaignSupports.campaignId, campaignSupports.createdAt);
    const visits = within(campaignVisitEvents, campaignVisitEvents.campaignId, campaignVisitEvents.createdAt);
    const postRows = within(posts, posts.campaignId, posts.createdAt);
    const shares = within(campaignShares, campaignShares.campaignId, campaignShares.createdAt);
    // A whitelisted unit (the query is an enum), so it can be written into the statement.
    const unit = sql.raw(`'${query.granularity}'`);
    const bucketOf = (column: PgColumn): SQL<string> => sql<string>`to_char(date_trunc(${unit}, ${column} at time zone 'UTC'), 'YYYY-MM-DD')`;
    const grouped = async (source: ReturnType<typeof within>, key: SQL<string | null> | PgColumn): Promise<Counted[]> =>
      (await this.db.select({ key: sql<string | null>`${key}`, n: count() }).from(source.table).where(source.where).groupBy(sql`1`)) as Counted[];

    const [supportBuckets, visitBuckets, postBuckets, supportCountries, visitCountries, referrerRows, shareRows, frameRows, frames] = await Promise.all([
      grouped(supports, bucketOf(supports.created)),
      grouped(visits, bucketOf(visits.created)),
      grouped(postRows, bucketOf(postRows.created)),
      grouped(supports, campaignSupports.country),
      grouped(visits, campaignVisitEvents.country),
      grouped(visits, campaignVisitEvents.referrerHost),
      grouped(shares, campaignShares.channel),
      grouped(supports, sql<string | null>`${campaignSupports.frameId}::text`),
      this.db.select({ id: campaignFrames.id, position: campaignFrames.position }).from(campaignFrames).where(eq(campaignFrames.campaignId, campaign.id)).orderBy(asc(campaignFrames.position)),
    ]);

    const byKey = (rows: Counted[]) => new Map(rows.map((row) => [row.key, Number(row.n)]));
    const [supportsIn, visitsIn, postsIn] = [byKey(supportBuckets), byKey(visitBuckets), byKey(postBuckets)];
    const series = starts.map((start) => ({ start, supporters: supportsIn.get(start) ?? 0, visits: visitsIn.get(start) ?? 0, posts: postsIn.get(start) ?? 0 }));
    const sum = (rows: Counted[]) => rows.reduce((total, row) => total + Number(row.n), 0);
    const totals = { supporters: sum(supportBuckets), visits: sum(visitBuckets), posts: sum(postBuckets), shares: sum(shareRows) };

    const frameCounts = byKey(frameRows);
    const frameList = frames.map((frame) => ({ frameId: frame.id, position: frame.position, supporters: frameCounts.get(frame.id) ?? 0 }));

    return {
      range: query.range,
      granularity: query.granularity,
      from: from.toISOString(),
      to: now.toISOString(),
      series,
      totals,
      conversion: totals.visits > 0 ? totals.supporters / totals.visits : null,
      countries: countryTable(supportCountries, visitCountries),
      referrers: referrerRows
        .map((row) => ({ host: row.key, visits: Number(row.n) }))
        .sort((a, b) => b.visits - a.visits || (a.host ?? '').localeCompare(b.host ?? ''))
        .slice(0, ANALYTICS_TOP),
      shares: SHARE_CHANNELS.map((channel) => ({ channel, shares: byKey(shareRows).get(channel) ?? 0 })).sort((a, b) => b.shares - a.shares),
      frames: frameList,
      otherFrames: totals.supporters - frameList.reduce((total, frame) => total + frame.supporters, 0),
    };
  }
}

/** Supporters and visits per country (unknown as WW), most supporters first, then most visits. */
function countryTable(supports: Counted[], visits: Counted[]): CampaignAnalytics['countries'] {
  const rows = new Map<string, { country: string; supporters: number; visits: number }>();
  const entry = (key: string | null) => {
    const country = key ?? UNKNOWN_COUNTRY;
    let row = rows.get(country);
    if (!row) rows.set(country, (row = { country, supporters: 0, visits: 0 }));
    return row;
  };
  for (const row of supports) entry(row.key).supporters += Number(row.n);
  for (const row of visits) entry(row.key).visits += Number(row.n);
  return [...rows.values()].sort((a, b) => b.supporters - a.supporters || b.visits - a.visits || a.country.localeCompare(b.country)).slice(0, ANALYTICS_TOP);
}
