/** The owner's analytics read from seeded rows on known dates (PGlite, and PostgreSQL with TEST_DATABASE_URL). */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignAnalytics } from '../../contract/campaignAnalytics.ts';
import { campaignFrames, campaignShares, campaignSupports, campaignVisitEvents, posts } from '../infra/db/schema.ts';
import { insertCampaign, insertCreator } from '../testing/fixtures.ts';
import { createTestDatabase, drivers, type TestDatabase } from '../testing/testApp.ts';
import { DomainError } from '../domainError.ts';
import { CampaignAnalyticsService } from './campaignAnalytics.ts';

const at = (iso: string) => new Date(iso);
/** Tuesday 10 March 2026, afternoon (UTC). */
const NOW = at('2026-03-10T15:00:00Z');

describe.each(drivers)('campaign analytics (%s)', (driver) => {
  let database: TestDatabase;
  let service: CampaignAnalyticsService;
  let ownerId: string;
  let otherId: string;
  let frameIds: string[];

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    const db = database.db;
    service = new CampaignAnalyticsService(db);
    ownerId = (await insertCreator(db, 'owner')).id;
    otherId = (await insertCreator(db, 'other')).id;
    const campaign = await insertCampaign(db, ownerId, { uri: 'merdeka', frames: 2, createdAt: at('2025-12-20T08:00:00Z') });
    const quiet = await insertCampaign(db, ownerId, { uri: 'quiet', createdAt: at('2026-03-01T00:00:00Z') });
    frameIds = (await db.select({ id: campaignFrames.id }).from(campaignFrames).where(eq(campaignFrames.campaignId, campaign.id)).orderBy(campaignFrames.position)).map((row) => row.id);
    const [first, second] = frameIds as [string, string];

    let fingerprints = 0;
    const support = (createdAt: string, country: string | null, frameId: string | null) => ({ campaignId: campaign.id, fingerprint: `fp-${++fingerprints}`, createdAt: at(createdAt), country, frameId });
    await db.insert(campaignSupports).values([
      // Before every fixed range: only "all" counts it.
      support('2025-12-21T10:00:00Z', 'ID', first),
      // 2026-03-02 (Monday), 2026-03-08 (Sunday), 2026-03-09 (Monday), 2026-03-10 twice.
      support('2026-03-02T00:00:00Z', 'ID', first),
      support('2026-03-08T23:59:59Z', 'MY', second),
      support('2026-03-09T00:00:00Z', 'ID', second),
      support('2026-03-10T01:00:00Z', null, null),
      support('2026-03-10T14:59:00Z', 'ID', first),
      // After "now": never counted.
      support('2026-03-10T15:00:01Z', 'ID', first),
    ]);
    // Another campaign's rows never leak in.
    await db.insert(campaignSupports).values({ campaignId: quiet.id, fingerprint: 'fp-quiet', createdAt: at('2026-03-09T12:00:00Z'), country: 'SG' });
    await db.insert(campaignVisitEvents).values([
      { campaignId: campaign.id, createdAt: at('2026-03-04T09:00:00Z'), country: 'ID', referrerHost: 'www.facebook.com' },
      { campaignId: campaign.id, createdAt: at('2026-03-04T09:30:00Z'), country: 'ID', referrerHost: null },
      { campaignId: campaign.id, createdAt: at('2026-03-09T10:00:00Z'), country: 'MY', referrerHost: 'www.facebook.com' },
      { campaignId: campaign.id, createdAt: at('2026-03-10T08:00:00Z'), country: null, referrerHost: 't.co' },
      { campaignId: campaign.id, createdAt: at('2026-03-10T09:00:00Z'), country: 'ID', referrerHost: null },
      { campaignId: campaign.id, createdAt: at('2026-03-10T09:10:00Z'), country: 'SG', referrerHost: null },
      { campaignId: campaign.id, createdAt: at('2026-02-01T09:00:00Z'), country: 'ID', referrerHost: 'old.example' },
      { campaignId: quiet.id, createdAt: at('2026-03-10T09:00:00Z'), country: 'SG', referrerHost: 'quiet.example' },
    ]);
    await db.insert(posts).values([
      { uri: 'post-a', campaignId: campaign.id, authorId: otherId, imageKey: 'k/a.jpg', width: 10, height: 10, createdAt: at('2026-03-09T18:00:00Z') },
      { uri: 'post-b', campaignId: campaign.id, authorId: otherId, imageKey: 'k/b.jpg', width: 10, height: 10, createdAt: at('2026-03-01T18:00:00Z') },
    ]);
    await db.insert(campaignShares).values([
      { campaignId: campaign.id, channel: 'whatsapp', fingerprint: 'a', createdAt: at('2026-03-09T10:00:00Z') },
      { campaignId: campaign.id, channel: 'whatsapp', fingerprint: 'b', createdAt: at('2026-03-10T10:00:00Z') },
      { campaignId: campaign.id, channel: 'download', fingerprint: 'a', createdAt: at('2026-03-10T10:00:00Z') },
      { campaignId: campaign.id, channel: 'x', fingerprint: 'a', createdAt: at('2026-01-10T10:00:00Z') },
    ]);
  });
  afterAll(() => database.dispose());

  it('counts the last 7 days by day: every day listed, empty ones 0, the rows of each day counted', async () => {
    const result = campaignAnalytics.parse(await service.read(ownerId, 'merdeka', { range: '7d', granularity: 'day' }, NOW));
    expect(result.from).toBe('2026-03-04T00:00:00.000Z');
    expect(result.to).toBe(NOW.toISOString());
    expect(result.series).toEqual([
      { start: '2026-03-04', supporters: 0, visits: 2, posts: 0 },
      { start: '2026-03-05', supporters: 0, visits: 0, posts: 0 },
      { start: '2026-03-06', supporters: 0, visits: 0, posts: 0 },
      { start: '2026-03-07', supporters: 0, visits: 0, posts: 0 },
      { start: '2026-03-08', supporters: 1, visits: 0, posts: 0 },
      { start: '2026-03-09', supporters: 1, visits: 1, posts: 1 },
      { start: '2026-03-10', supporters: 2, visits: 3, posts: 0 },
    ]);
    expect(result.totals).toEqual({ supporters: 4, visits: 6, posts: 1, shares: 3 });
    expect(result.conversion).toBeCloseTo(4 / 6);
  });

  it('groups by Monday weeks and by months in UTC', async () => {
    const weeks = await service.read(ownerId, 'merdeka', { range: '7d', granularity: 'week' }, NOW);
    // The week of 2 March is cut by the range: its Monday support (2 March) is before 4 March and not counted.
    expect(weeks.series).toEqual([
      { start: '2026-03-02', supporters: 1, visits: 2, posts: 0 },
      { start: '2026-03-09', supporters: 3, visits: 4, posts: 1 },
    ]);
    const months = await service.read(ownerId, 'merdeka', { range: 'all', granularity: 'month' }, NOW);
    expect(months.from).toBe('2025-12-20T00:00:00.000Z');
    expect(months.series).toEqual([
      { start: '2025-12-01', supporters: 1, visits: 0, posts: 0 },
      { start: '2026-01-01', supporters: 0, visits: 0, posts: 0 },
      { start: '2026-02-01', supporters: 0, visits: 1, posts: 0 },
      { start: '2026-03-01', supporters: 5, visits: 6, posts: 2 },
    ]);
    expect(months.totals).toEqual({ supporters: 6, visits: 7, posts: 2, shares: 4 });
  });

  it('breaks the range down by country, referrer, share channel and frame', async () => {
    const result = await service.read(ownerId, 'merdeka', { range: '30d', granularity: 'day' }, NOW);
    expect(result.countries).toEqual([
      { country: 'ID', supporters: 3, visits: 3 },
      { country: 'MY', supporters: 1, visits: 1 },
      { country: 'WW', supporters: 1, visits: 1 },
      { country: 'SG', supporters: 0, visits: 1 },
    ]);
    expect(result.referrers).toEqual([
      { host: null, visits: 3 },
      { host: 'www.facebook.com', visits: 2 },
      { host: 't.co', visits: 1 },
    ]);
    expect(result.shares.slice(0, 2)).toEqual([
      { channel: 'whatsapp', shares: 2 },
      { channel: 'download', shares: 1 },
    ]);
    expect(result.shares).toHaveLength(7);
    expect(result.shares.slice(2).every((row) => row.shares === 0)).toBe(true);
    expect(result.frames).toEqual([
      { frameId: frameIds[0], position: 0, supporters: 2 },
      { frameId: frameIds[1], position: 1, supporters: 2 },
    ]);
    expect(result.otherFrames).toBe(1);
  });

  it('has no conversion without visits, and all zeros for a campaign without rows in range', async () => {
    const result = await service.read(ownerId, 'quiet', { range: '7d', granularity: 'day' }, at('2026-05-01T00:00:00Z'));
    expect(result.series).toHaveLength(7);
    expect(result.series.every((bucket) => bucket.supporters === 0 && bucket.visits === 0 && bucket.posts === 0)).toBe(true);
    expect(result.conversion).toBeNull();
    expect(result.countries).toEqual([]);
  });

  it('is for the creator only: 403 for another account, 404 for an unknown campaign', async () => {
    await expect(service.read(otherId, 'merdeka', { range: '7d', granularity: 'day' }, NOW)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(service.read(ownerId, 'no-such-campaign', { range: '7d', granularity: 'day' }, NOW)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(service.read(ownerId, 'merdeka', { range: 'all', granularity: 'day' }, at('2030-01-01T00:00:00Z'))).rejects.toBeInstanceOf(DomainError);
  });
});
