import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeaderboardKind, LeaderboardPeriod } from '../../contract/leaderboard.ts';
import { accounts, campaignSupports, campaigns, leaderboardEntries } from '../infra/db/schema.ts';
import { LocalFileStorage } from '../infra/storage/localStorage.ts';
import { UrlSigner } from '../infra/storage/urlSigning.ts';
import { insertCampaign, insertCreator } from '../testing/fixtures.ts';
import { createTestDatabase, drivers, type TestDatabase } from '../testing/testApp.ts';
import { LeaderboardService, leaderboardRefreshJob, periodStart, refreshLeaderboard } from './leaderboard.ts';

const NOW = new Date('2026-06-15T12:00:00.000Z');
const DAY = 24 * 60 * 60_000;
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);

describe.each(drivers)('leaderboard refresh (%s)', (driver) => {
  let database: TestDatabase;
  const storage = new LocalFileStorage({ root: '/nonexistent', signer: new UrlSigner(new TextEncoder().encode('x'.repeat(32))), maxObjectBytes: 64, publicUrl: '' });
  let service: LeaderboardService;
  let seq = 0;
  const ids = new Map<string, string>();

  /** `n` support rows of a campaign, `days` ago, from supporters in `country` (null: unknown). */
  async function supports(uri: string, n: number, days: number, country: string | null) {
    const campaignId = ids.get(uri)!;
    const rows = Array.from({ length: n }, () => ({ campaignId, fingerprint: `fp-${seq++}`, country, createdAt: daysAgo(days) }));
    await database.db.insert(campaignSupports).values(rows);
    // The counter moves with every counted support, as CampaignSupportService does.
    const [{ total } = { total: 0 }] = await database.db.select({ total: campaigns.supportersCount }).from(campaigns).where(eq(campaigns.id, campaignId));
    await database.db.update(campaigns).set({ supportersCount: total + n }).where(eq(campaigns.id, campaignId));
  }

  async function campaign(uri: string, creatorId: string, options: { visibility?: 'public' | 'unlisted' | 'private'; createdAt?: Date } = {}) {
    const row = await insertCampaign(database.db, creatorId, { uri, ...options });
    await database.db.update(campaigns).set({ supportersCount: 0 }).where(eq(campaigns.id, row.id));
    ids.set(uri, row.id);
    return row;
  }

  const board = async (period: LeaderboardPeriod, scope: string, kind: LeaderboardKind) => {
    const read = await service.read(period, scope, kind);
    return kind === 'campaign' ? read.campaigns.map((e) => [e.rank, e.campaign.uri, e.supporters]) : read.creators.map((e) => [e.rank, e.creator.username, e.supporters]);
  };

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    service = new LeaderboardService(database.db, storage);
    const ana = await insertCreator(database.db, 'ana');
    const budi = await insertCreator(database.db, 'budi');
    const citra = await insertCreator(database.db, 'citra');
    await database.db.update(accounts).set({ createdAt: new Date('2025-01-01T00:00:00Z') }).where(eq(accounts.id, ana.id));
    await database.db.update(accounts).set({ createdAt: new Date('2025-02-01T00:00:00Z'), country: 'SG' }).where(eq(accounts.id, budi.id));
    await database.db.update(accounts).set({ suspendedAt: new Date('2026-06-01T00:00:00Z') }).where(eq(accounts.id, citra.id));

    await campaign('alpha', ana.id, { createdAt: new Date('2026-01-10T00:00:00Z') });
    await campaign('bravo', budi.id, { createdAt: new Date('2026-01-05T00:00:00Z') });
    await campaign('charlie', ana.id, { createdAt: new Date('2026-01-01T00:00:00Z') });
    await campaign('delta', budi.id, { createdAt: new Date('2026-02-01T00:00:00Z') });
    await campaign('secret', ana.id, { visibility: 'private' });
    await campaign('quiet', budi.id, { visibility: 'unlisted' });
    await campaign('banned', citra.id);
    // Counted before support rows existed (like the demo seed): all time worldwide only.
    const imported = await campaign('imported', ana.id, { createdAt: new Date('2025-12-01T00:00:00Z') });
    await database.db.update(campaigns).set({ supportersCount: 500 }).where(eq(campaigns.id, imported.id));

    await supports('alpha', 3, 1, 'ID');
    await supports('alpha', 2, 2, 'MY');
    await supports('alpha', 10, 60, 'ID');
    await supports('bravo', 2, 3, 'ID');
    await supports('bravo', 8, 20, 'SG');
    await supports('charlie', 4, 1, null);
    await supports('delta', 4, 1, null);
    await supports('secret', 100, 1, 'ID');
    await supports('quiet', 30, 1, 'ID');
    await supports('banned', 50, 1, 'ID');
    // A support just outside the week window counts for the month only.
    await supports('delta', 1, 7.01, 'ID');

    expect(await refreshLeaderboard(database.db, NOW)).toBe(true);
  });
  afterAll(() => database.dispose());

  it('defines the periods as rolling windows ending at the refresh', () => {
    expect(periodStart('week', NOW)?.toISOString()).toBe('2026-06-08T12:00:00.000Z');
    expect(periodStart('month', NOW)?.toISOString()).toBe('2026-05-16T12:00:00.000Z');
    expect(periodStart('all', NOW)).toBeNull();
  });

  it('ranks campaigns worldwide by the supports of each period, ties by the older campaign', async () => {
    expect(await board('week', 'WW', 'campaign')).toEqual([
      [1, 'alpha', 5],
      [2, 'charlie', 4],
      [3, 'delta', 4],
      [4, 'bravo', 2],
    ]);
    expect(await board('month', 'WW', 'campaign')).toEqual([
      [1, 'bravo', 10],
      [2, 'alpha', 5],
      [3, 'delta', 5],
      [4, 'charlie', 4],
    ]);
    expect(await board('all', 'WW', 'campaign')).toEqual([
      [1, 'imported', 500],
      [2, 'alpha', 15],
      [3, 'bravo', 10],
      [4, 'delta', 5],
      [5, 'charlie', 4],
    ]);
  });

  it('ranks per supporter country; supports without a country count worldwide only', async () => {
    expect(await board('week', 'ID', 'campaign')).toEqual([
      [1, 'alpha', 3],
      [2, 'bravo', 2],
    ]);
    expect(await board('week', 'MY', 'campaign')).toEqual([[1, 'alpha', 2]]);
    expect(await board('week', 'SG', 'campaign')).toEqual([]);
    expect(await board('month', 'SG', 'campaign')).toEqual([[1, 'bravo', 8]]);
    expect(await board('all', 'ID', 'campaign')).toEqual([
      [1, 'alpha', 13],
      [2, 'bravo', 2],
      [3, 'delta', 1],
    ]);
  });

  it('ranks creators by the supports of their public campaigns, by supporter country, not their own', async () => {
    expect(await board('week', 'WW', 'creator')).toEqual([
      [1, 'ana', 9],
      [2, 'budi', 6],
    ]);
    expect(await board('month', 'WW', 'creator')).toEqual([
      [1, 'budi', 15],
      [2, 'ana', 9],
    ]);
    expect(await board('all', 'WW', 'creator')).toEqual([
      [1, 'ana', 519],
      [2, 'budi', 15],
    ]);
    // budi's account says SG; only bravo's SG supporters put him on the SG board, and ana is not on it.
    expect(await board('month', 'SG', 'creator')).toEqual([[1, 'budi', 8]]);
    expect(await board('week', 'ID', 'creator')).toEqual([
      [1, 'ana', 3],
      [2, 'budi', 2],
    ]);
  });

  it('never lists private or unlisted campaigns, nor anything of a suspended creator', async () => {
    const rows = await database.db.select().from(leaderboardEntries);
    const excluded = new Set(['secret', 'quiet', 'banned'].map((uri) => ids.get(uri)));
    expect(rows.some((row) => excluded.has(row.subjectId))).toBe(false);
    expect((await board('all', 'WW', 'creator')).map(([, username]) => username)).not.toContain('citra');
    expect(rows.every((row) => row.refreshedAt.getTime() === NOW.getTime())).toBe(true);
  });

  it('reads the snapshot with summaries and its time; kind narrows to one board', async () => {
    const read = await service.read('week', 'WW');
    expect(read.refreshedAt).toBe(NOW.toISOString());
    expect(read.campaigns[0]).toMatchObject({ rank: 1, supporters: 5, campaign: { uri: 'alpha', title: 'Title alpha', supportersCount: 15, creator: { username: 'ana' } } });
    expect(read.creators[0]).toMatchObject({ rank: 1, supporters: 9, creator: { username: 'ana', name: 'Name of ana', avatarUrl: null } });
    expect((await service.read('week', 'WW', 'campaign')).creators).toEqual([]);
    expect((await service.read('week', 'WW', 'creator')).campaigns).toEqual([]);
    expect(await service.read('week', 'ZZ')).toMatchObject({ campaigns: [], creators: [], refreshedAt: NOW.toISOString() });
  });

  it('a campaign made private drops out of reads at once and out of the snapshot at the next refresh', async () => {
    await database.db.update(campaigns).set({ visibility: 'private' }).where(eq(campaigns.uri, 'alpha'));
    try {
      expect((await board('week', 'WW', 'campaign')).map(([, uri]) => uri)).toEqual(['charlie', 'delta', 'bravo']);
      const later = new Date(NOW.getTime() + 60_000);
      await refreshLeaderboard(database.db, later);
      expect(await board('week', 'WW', 'campaign')).toEqual([
        [1, 'charlie', 4],
        [2, 'delta', 4],
        [3, 'bravo', 2],
      ]);
      expect((await service.read('week', 'WW')).refreshedAt).toBe(later.toISOString());
    } finally {
      await database.db.update(campaigns).set({ visibility: 'public' }).where(eq(campaigns.uri, 'alpha'));
      await refreshLeaderboard(database.db, NOW);
    }
  });

  it('keeps the top 50 of a board', async () => {
    const creator = await insertCreator(database.db, 'many');
    const rows = await database.db
      .insert(campaigns)
      .values(Array.from({ length: 55 }, (_, i) => ({ uri: `many-${i}`, title: `Many ${i}`, creatorId: creator.id, thumbnailKey: 'public/x.jpg', createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)) })))
      .returning({ id: campaigns.id, uri: campaigns.uri });
    // many-i gets i + 1 supporters from Japan: the 50 best are many-54 … many-5.
    await database.db.insert(campaignSupports).values(rows.flatMap((row, i) => Array.from({ length: i + 1 }, () => ({ campaignId: row.id, fingerprint: `fp-${seq++}`, country: 'JP', createdAt: daysAgo(1) }))));
    await refreshLeaderboard(database.db, NOW);
    const jp = await board('week', 'JP', 'campaign');
    expect(jp).toHaveLength(50);
    expect(jp[0]).toEqual([1, 'many-54', 55]);
    expect(jp[49]).toEqual([50, 'many-5', 6]);
    expect(await board('week', 'JP', 'creator')).toEqual([[1, 'many', (55 * 56) / 2]]);
  });

  it('refreshes as a job (its schedule is the queue\'s: server/backgroundJobs.ts)', async () => {
    await database.db.delete(leaderboardEntries);
    const warnings: unknown[] = [];
    await leaderboardRefreshJob(database.db, { info: () => {}, warn: (obj: object) => warnings.push(obj) })();
    expect((await database.db.select().from(leaderboardEntries)).length).toBeGreaterThan(0);
    expect(warnings).toEqual([]);
  });
});
