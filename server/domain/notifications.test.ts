/**
 * Notifications on PGlite (and PostgreSQL with TEST_DATABASE_URL): the milestone after a counted support, once per
 * milestone; trending from the leaderboard snapshot, once per ISO week; the weekly recap, one per creator and week;
 * the list, the unread count and marking read.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { accounts, campaignSupports, campaignVisitEvents, campaigns, leaderboardEntries, notifications } from '../infra/db/schema.ts';
import { MemoryHitCounter } from '../infra/hitCounter.ts';
import { insertCampaign, insertCreator } from '../testing/fixtures.ts';
import { createTestDatabase, drivers, type TestDatabase } from '../testing/testApp.ts';
import { CampaignSupportService } from './campaignSupports.ts';
import { CountFilter } from './countFilter.ts';
import {
  createNotification,
  createWeeklyRecaps,
  isoWeek,
  isoWeekStart,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  notifyComment,
  notifyMilestone,
  notifyTrending,
  unreadCount,
} from './notifications.ts';
import { SupportTokens } from './supportTokens.ts';

const secret = new TextEncoder().encode('notifications-test-secret-0123456789');

describe('ISO weeks', () => {
  it('numbers weeks like ISO 8601 around the year boundary', () => {
    expect(isoWeek(new Date('2026-01-01T00:00:00Z')).label).toBe('2026-W01');
    expect(isoWeek(new Date('2027-01-01T12:00:00Z')).label).toBe('2026-W53');
    expect(isoWeek(new Date('2024-12-30T00:00:00Z')).label).toBe('2025-W01');
    expect(isoWeek(new Date('2026-11-26T23:59:59Z')).label).toBe('2026-W48');
    expect(isoWeekStart(new Date('2026-11-26T15:00:00Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(isoWeekStart(new Date('2026-11-23T00:00:00Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(isoWeekStart(new Date('2026-11-29T23:00:00Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
  });
});

describe.each(drivers)('notifications (%s)', (driver) => {
  let database: TestDatabase;
  let seq = 0;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(async () => {
    await database?.dispose();
  });
  beforeEach(async () => {
    await database.db.delete(notifications);
  });

  const rowsOf = (accountId: string) => database.db.select().from(notifications).where(eq(notifications.accountId, accountId)).orderBy(notifications.createdAt);

  async function creatorWithCampaign(supportersCount = 0) {
    const creator = await insertCreator(database.db, `creator${++seq}`);
    const campaign = await insertCampaign(database.db, creator.id, { uri: `campaign-${seq}` });
    await database.db.update(campaigns).set({ supportersCount }).where(eq(campaigns.id, campaign.id));
    return { creator, campaign };
  }

  describe('milestone after a counted support', () => {
    const service = () => new CampaignSupportService(database.db, secret, new SupportTokens(new MemoryHitCounter(), secret), new CountFilter(new MemoryHitCounter(), secret, loadConfig({}).countLimits));

    async function supportAs(campaignId: string, n: number) {
      const supporter = await insertCreator(database.db, `supporter${++seq}`);
      return service().support({ campaignId, accountId: supporter.id, fingerprint: `fp-${seq}-${n}`, ip: '203.0.113.9', frameIds: [] });
    }

    it('tells the creator once at exactly 10, not at 9 or 11, and not again when the count reaches 10 a second time', async () => {
      const { creator, campaign } = await creatorWithCampaign(0);
      for (let n = 1; n <= 9; n++) expect(await supportAs(campaign.id, n)).toEqual({ counted: true, supportersCount: n });
      expect(await rowsOf(creator.id)).toEqual([]);

      expect(await supportAs(campaign.id, 10)).toEqual({ counted: true, supportersCount: 10 });
      const [first, ...rest] = await rowsOf(creator.id);
      expect(rest).toEqual([]);
      expect(first).toMatchObject({ type: 'milestone', dedupeKey: `milestone:${campaign.id}:10`, data: { campaignId: campaign.id, milestone: 10 }, readAt: null, mailState: 'pending', mailAttempts: 0 });

      expect(await supportAs(campaign.id, 11)).toEqual({ counted: true, supportersCount: 11 });
      expect(await rowsOf(creator.id)).toHaveLength(1);

      // A support goes away (the count falls back to 9) and a new one brings it to 10 again: no second notification.
      const [last] = await database.db.select({ id: campaignSupports.id }).from(campaignSupports).where(eq(campaignSupports.campaignId, campaign.id)).orderBy(sql`${campaignSupports.id} desc`).limit(2);
      await database.db.delete(campaignSupports).where(eq(campaignSupports.id, last!.id));
      await database.db.update(campaigns).set({ supportersCount: 9 }).where(eq(campaigns.id, campaign.id));
      expect(await supportAs(campaign.id, 12)).toEqual({ counted: true, supportersCount: 10 });
      expect(await rowsOf(creator.id)).toHaveLength(1);
    });

    it('a repeated support of the same account (not counted) notifies nothing', async () => {
      const { creator, campaign } = await creatorWithCampaign(9);
      const supporter = await insertCreator(database.db, `supporter${++seq}`);
      const input = { campaignId: campaign.id, accountId: supporter.id, fingerprint: `fp-repeat-${seq}`, ip: '203.0.113.9', frameIds: [] };
      expect(await service().support(input)).toEqual({ counted: true, supportersCount: 10 });
      await database.db.delete(notifications);
      expect(await service().support(input)).toEqual({ counted: false, supportersCount: 10 });
      expect(await rowsOf(creator.id)).toEqual([]);
    });

    it('a notification that cannot be written does not fail the support', async () => {
      const { creator, campaign } = await creatorWithCampaign(99);
      await database.db.execute(sql`alter table notifications rename to notifications_away`);
      try {
        expect(await supportAs(campaign.id, 100)).toEqual({ counted: true, supportersCount: 100 });
      } finally {
        await database.db.execute(sql`alter table notifications_away rename to notifications`);
      }
      const [row] = await database.db.select({ count: campaigns.supportersCount }).from(campaigns).where(eq(campaigns.id, campaign.id));
      expect(row?.count).toBe(100);
      expect(await rowsOf(creator.id)).toEqual([]);
    });

    it('only the milestones 10, 100, 1,000 and 10,000 notify; a suspended creator gets none', async () => {
      const { creator, campaign } = await creatorWithCampaign();
      for (const count of [1, 5, 50, 101, 999, 5000]) expect(await notifyMilestone(database.db, campaign.id, count)).toBe(false);
      for (const count of [10, 100, 1000, 10_000]) expect(await notifyMilestone(database.db, campaign.id, count)).toBe(true);
      expect((await rowsOf(creator.id)).map((row) => row.dedupeKey).sort()).toEqual([1000, 100, 10, 10_000].map((n) => `milestone:${campaign.id}:${n}`).sort());

      const other = await creatorWithCampaign();
      await database.db.update(accounts).set({ suspendedAt: new Date() }).where(eq(accounts.id, other.creator.id));
      expect(await notifyMilestone(database.db, other.campaign.id, 10)).toBe(false);
      expect(await rowsOf(other.creator.id)).toEqual([]);
    });
  });

  describe('trending', () => {
    const NOW = new Date('2026-11-26T10:00:00Z');

    async function board(rows: Array<{ rank: number; subjectId: string; period?: 'week' | 'month' | 'all'; scope?: string; kind?: 'campaign' | 'creator' }>) {
      await database.db.delete(leaderboardEntries);
      if (rows.length === 0) return;
      await database.db.insert(leaderboardEntries).values(rows.map((row) => ({ period: row.period ?? 'week', scope: row.scope ?? 'WW', kind: row.kind ?? 'campaign', rank: row.rank, subjectId: row.subjectId, supporters: 100 - row.rank })));
    }

    it('notifies the creators of the worldwide weekly top 10 campaigns once per ISO week', async () => {
      const top = await creatorWithCampaign();
      const tenth = await creatorWithCampaign();
      const eleventh = await creatorWithCampaign();
      const elsewhere = await creatorWithCampaign();
      await board([
        { rank: 1, subjectId: top.campaign.id },
        { rank: 10, subjectId: tenth.campaign.id },
        { rank: 11, subjectId: eleventh.campaign.id },
        // Other boards do not count: a country's, the month's, the creators'.
        { rank: 1, subjectId: elsewhere.campaign.id, scope: 'ID' },
        { rank: 2, subjectId: elsewhere.campaign.id, period: 'month' },
        { rank: 3, subjectId: elsewhere.creator.id, kind: 'creator' },
      ]);
      expect(await notifyTrending(database.db, NOW)).toBe(2);
      const [row] = await rowsOf(top.creator.id);
      expect(row).toMatchObject({ type: 'trending', dedupeKey: `trending:${top.campaign.id}:2026-W48`, data: { campaignId: top.campaign.id, rank: 1, week: '2026-W48' } });
      expect(await rowsOf(tenth.creator.id)).toHaveLength(1);
      expect(await rowsOf(eleventh.creator.id)).toEqual([]);
      expect(await rowsOf(elsewhere.creator.id)).toEqual([]);

      // Again in the same week, even at another rank: nothing new. The next week: once more.
      await board([{ rank: 4, subjectId: top.campaign.id }]);
      expect(await notifyTrending(database.db, new Date('2026-11-29T23:00:00Z'))).toBe(0);
      expect(await notifyTrending(database.db, new Date('2026-11-30T01:00:00Z'))).toBe(1);
      expect((await rowsOf(top.creator.id)).map((r) => r.dedupeKey)).toEqual([`trending:${top.campaign.id}:2026-W48`, `trending:${top.campaign.id}:2026-W49`]);
    });

    it('leaves out private campaigns and suspended creators', async () => {
      const hidden = await creatorWithCampaign();
      await database.db.update(campaigns).set({ visibility: 'private' }).where(eq(campaigns.id, hidden.campaign.id));
      const banned = await creatorWithCampaign();
      await database.db.update(accounts).set({ suspendedAt: new Date() }).where(eq(accounts.id, banned.creator.id));
      await board([
        { rank: 1, subjectId: hidden.campaign.id },
        { rank: 2, subjectId: banned.campaign.id },
      ]);
      expect(await notifyTrending(database.db, NOW)).toBe(0);
    });
  });

  describe('weekly recap', () => {
    // Thursday of 2026-W48: the recap is of 2026-W47, Monday 16 to Monday 23 November.
    const NOW = new Date('2026-11-26T10:00:00Z');

    it('batches one notification per creator with the week’s supports and visits of each active campaign', async () => {
      const ana = await creatorWithCampaign();
      const anaSecond = await insertCampaign(database.db, ana.creator.id, { uri: `campaign-${++seq}` });
      const anaIdle = await insertCampaign(database.db, ana.creator.id, { uri: `campaign-${++seq}` });
      const budi = await creatorWithCampaign();
      const idle = await creatorWithCampaign();
      const at = (iso: string) => new Date(iso);
      await database.db.insert(campaignSupports).values([
        { campaignId: ana.campaign.id, fingerprint: `r-${++seq}`, createdAt: at('2026-11-16T00:00:00Z') },
        { campaignId: ana.campaign.id, fingerprint: `r-${++seq}`, createdAt: at('2026-11-20T08:00:00Z') },
        { campaignId: ana.campaign.id, fingerprint: `r-${++seq}`, createdAt: at('2026-11-22T23:59:59Z') },
        // Outside the week: before it, and in the current one.
        { campaignId: ana.campaign.id, fingerprint: `r-${++seq}`, createdAt: at('2026-11-15T23:59:59Z') },
        { campaignId: ana.campaign.id, fingerprint: `r-${++seq}`, createdAt: at('2026-11-23T00:00:00Z') },
        { campaignId: idle.campaign.id, fingerprint: `r-${++seq}`, createdAt: at('2026-11-01T00:00:00Z') },
      ]);
      await database.db.insert(campaignVisitEvents).values([
        { campaignId: ana.campaign.id, createdAt: at('2026-11-17T10:00:00Z') },
        { campaignId: anaSecond.id, createdAt: at('2026-11-18T10:00:00Z') },
        { campaignId: anaSecond.id, createdAt: at('2026-11-19T10:00:00Z') },
        { campaignId: budi.campaign.id, createdAt: at('2026-11-21T10:00:00Z') },
        { campaignId: anaIdle.id, createdAt: at('2026-11-24T10:00:00Z') },
      ]);

      expect(await createWeeklyRecaps(database.db, NOW)).toBe(2);
      const [recap, ...more] = await rowsOf(ana.creator.id);
      expect(more).toEqual([]);
      expect(recap).toMatchObject({ type: 'campaignRecap', dedupeKey: 'recap:2026-W47', mailState: 'pending' });
      expect(recap!.data).toEqual({
        week: '2026-W47',
        supports: 3,
        visits: 3,
        campaigns: [
          { uri: ana.campaign.uri, title: ana.campaign.title, supports: 3, visits: 1 },
          { uri: anaSecond.uri, title: anaSecond.title, supports: 0, visits: 2 },
        ],
      });
      expect((await rowsOf(budi.creator.id))[0]!.data).toMatchObject({ supports: 0, visits: 1, campaigns: [{ uri: budi.campaign.uri, supports: 0, visits: 1 }] });
      expect(await rowsOf(idle.creator.id)).toEqual([]);

      // Running again in the same week (another instance, a restart) adds nothing.
      expect(await createWeeklyRecaps(database.db, new Date('2026-11-29T20:00:00Z'))).toBe(0);
      expect(await database.db.select().from(notifications).where(eq(notifications.type, 'campaignRecap'))).toHaveLength(2);
    });
  });

  describe('list and read state', () => {
    it('pages newest first with the campaign as it is now, counts unread and marks one or all read, only the owner’s', async () => {
      const { creator, campaign } = await creatorWithCampaign();
      const other = await insertCreator(database.db, `other${++seq}`);
      for (let n = 1; n <= 12; n++) {
        await createNotification(database.db, { accountId: creator.id, type: 'comments', dedupeKey: `comment:${n}`, campaignId: campaign.id, data: { name: `Fan ${n}` } });
        await database.db.update(notifications).set({ createdAt: new Date(Date.UTC(2026, 10, 1, n)) }).where(and(eq(notifications.accountId, creator.id), eq(notifications.dedupeKey, `comment:${n}`)));
      }
      expect(await notifyComment(database.db, creator.id, { id: '12', campaignId: campaign.id, name: 'Again' })).toBe(false);
      await createNotification(database.db, { accountId: other.id, type: 'whatsNew', dedupeKey: 'whatsNew:x', data: { title: 'Hello', path: '/blog' } });

      const first = await listNotifications(database.db, creator.id, 1, 10);
      expect(first).toMatchObject({ page: 1, limit: 10, total: 12, unread: 12 });
      expect(first.items.map((item) => item.data.name)).toEqual(['Fan 12', 'Fan 11', 'Fan 10', 'Fan 9', 'Fan 8', 'Fan 7', 'Fan 6', 'Fan 5', 'Fan 4', 'Fan 3']);
      expect(first.items[0]).toEqual({ id: expect.any(String), type: 'comments', read: false, createdAt: '2026-11-01T12:00:00.000Z', campaign: { uri: campaign.uri, title: campaign.title }, data: { name: 'Fan 12' } });
      const second = await listNotifications(database.db, creator.id, 2, 10);
      expect(second.items.map((item) => item.data.name)).toEqual(['Fan 2', 'Fan 1']);

      // The campaign's new link shows; a deleted campaign shows none.
      await database.db.update(campaigns).set({ uri: `${campaign.uri}-new` }).where(eq(campaigns.id, campaign.id));
      expect((await listNotifications(database.db, creator.id, 1, 1)).items[0]!.campaign).toEqual({ uri: `${campaign.uri}-new`, title: campaign.title });

      const id = first.items[0]!.id;
      expect(await markNotificationRead(database.db, other.id, id)).toBe(false);
      expect(await unreadCount(database.db, creator.id)).toBe(12);
      expect(await markNotificationRead(database.db, creator.id, id)).toBe(true);
      expect(await markNotificationRead(database.db, creator.id, id)).toBe(true);
      expect(await unreadCount(database.db, creator.id)).toBe(11);
      expect((await listNotifications(database.db, creator.id, 1, 1)).items[0]!.read).toBe(true);

      expect(await markAllNotificationsRead(database.db, creator.id)).toBe(11);
      expect(await unreadCount(database.db, creator.id)).toBe(0);
      expect(await unreadCount(database.db, other.id)).toBe(1);

      await database.db.delete(campaigns).where(eq(campaigns.id, campaign.id));
      expect((await listNotifications(database.db, creator.id, 1, 1)).items[0]!.campaign).toBeNull();
    });
  });
});
