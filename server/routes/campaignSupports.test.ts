/**
 * Support and visit counts against a script (issue 13 §4, docs/COUNTS.md): page tokens, per-IP daily caps and
 * bursts, over real HTTP (inject), on PGlite and PostgreSQL, with the memory and the Redis hit counter. Client
 * addresses come from x-forwarded-for through a trusted loopback proxy, as in production behind one.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportResponse, supportTokenResponse } from '../../contract/campaignWrite.ts';
import { errorEnvelope } from '../../contract/errorEnvelope.ts';
import { issueIdToken } from '../domain/accounts.ts';
import { SUPPORT_TOKEN_TTL_MS, SupportTokens } from '../domain/supportTokens.ts';
import { loadConfig, type AppConfig } from '../config.ts';
import { campaigns, campaignSupports } from '../infra/db/schema.ts';
import { MemoryHitCounter } from '../infra/hitCounter.ts';
import { createTokenService } from '../infra/tokens.ts';
import { insertCampaign, insertCreator } from '../testing/fixtures.ts';
import { createTestApp, drivers, signedInject, TEST_SECRET, type TestApp } from '../testing/testApp.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const stores = [['memory', undefined] as const, ...(redisUrl ? [['redis', redisUrl] as const] : [])];
const defaults = loadConfig({}).countLimits;
const secret = new TextEncoder().encode(TEST_SECRET);

let ips = 0;
/** A client address no other test uses (TEST-NET-2), so the per-IP counters start empty. */
const freshIp = () => `198.51.100.${++ips}`;

describe.each(drivers)('support and visit counts (%s)', (driver) => {
  describe.each(stores)('with the %s hit counter', (_store, redis) => {
    const apps: TestApp[] = [];
    afterAll(async () => {
      await Promise.all(apps.map((app) => app.close()));
    });

    async function start(countLimits: AppConfig['countLimits'] = defaults): Promise<TestApp> {
      const prefix = `bingkai-test:${Date.now()}:${Math.random().toString(36).slice(2)}:`;
      const t = await createTestApp(driver, { trustProxy: ['loopback'], countLimits, ...(redis ? { redisUrl: redis, redisPrefix: prefix } : {}) });
      apps.push(t);
      return t;
    }

    async function campaignIn(t: TestApp, uri: string) {
      const creator = await insertCreator(t.database.db, `maker-${uri}`);
      return insertCampaign(t.database.db, creator.id, { uri });
    }

    const supportersOf = async (t: TestApp, id: string) => (await t.database.db.select({ count: campaigns.supportersCount }).from(campaigns).where(eq(campaigns.id, id)))[0]!.count;
    const visitsOf = async (t: TestApp, id: string) => (await t.database.db.select({ count: campaigns.visitsCount }).from(campaigns).where(eq(campaigns.id, id)))[0]!.count;

    async function tokenFor(t: TestApp, uri: string, fingerprint: string, ip: string): Promise<string> {
      const response = await signedInject(t.app, { method: 'GET', url: `/api/v2/campaigns/${uri}/support-token`, fingerprint, headers: { 'x-forwarded-for': ip } });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['cache-control']).toBe('private, no-store');
      return supportTokenResponse.parse(response.json()).data.token;
    }

    async function support(t: TestApp, uri: string, fingerprint: string, ip: string, body: Record<string, unknown>, authorization?: string) {
      const response = await signedInject(t.app, { method: 'POST', url: `/api/v2/campaigns/${uri}/supports`, body, fingerprint, headers: { 'x-forwarded-for': ip, ...(authorization ? { authorization } : {}) } });
      expect(response.statusCode, response.body).toBe(200);
      return supportResponse.parse(response.json()).data.counted;
    }

    /** A fresh fingerprint's whole anonymous support: its page token, then the post. */
    async function supportAsNewcomer(t: TestApp, uri: string, fingerprint: string, ip: string) {
      return support(t, uri, fingerprint, ip, { pageToken: await tokenFor(t, uri, fingerprint, ip) });
    }

    const visit = async (t: TestApp, uri: string, fingerprint: string, ip: string) => {
      const response = await signedInject(t.app, { method: 'POST', url: `/api/v2/campaigns/${uri}/visits`, fingerprint, headers: { 'x-forwarded-for': ip } });
      expect(response.statusCode, response.body).toBe(204);
    };

    describe('page tokens', () => {
      let t: TestApp;
      beforeAll(async () => {
        t = await start();
      });

      it('counts an anonymous support only with a token issued to its fingerprint for its campaign', async () => {
        const row = await campaignIn(t, 'tokened');
        await campaignIn(t, 'elsewhere');
        const before = await supportersOf(t, row.id);
        const ip = freshIp();
        expect(await support(t, 'tokened', 'fp-bare', ip, {})).toBe(false);
        expect(await support(t, 'tokened', 'fp-junk', ip, { pageToken: 'not.a.token' })).toBe(false);
        // A token handed to another fingerprint, or for another campaign, is worth nothing here.
        expect(await support(t, 'tokened', 'fp-borrower', ip, { pageToken: await tokenFor(t, 'tokened', 'fp-lender', ip) })).toBe(false);
        expect(await support(t, 'tokened', 'fp-wanderer', ip, { pageToken: await tokenFor(t, 'elsewhere', 'fp-wanderer', ip) })).toBe(false);
        expect(await supportersOf(t, row.id)).toBe(before);
        // Refused supports leave no row, so the same device still counts once it comes with its own token.
        expect(await supportAsNewcomer(t, 'tokened', 'fp-bare', ip)).toBe(true);
        expect(await supportersOf(t, row.id)).toBe(before + 1);
        expect(await t.database.db.select().from(campaignSupports).where(eq(campaignSupports.campaignId, row.id))).toHaveLength(1);
      });

      it('does not count a replayed or expired token', async () => {
        const row = await campaignIn(t, 'replayed');
        const before = await supportersOf(t, row.id);
        const ip = freshIp();
        const token = await tokenFor(t, 'replayed', 'fp-original', ip);
        expect(await support(t, 'replayed', 'fp-original', ip, { pageToken: token })).toBe(true);
        expect(await support(t, 'replayed', 'fp-original', ip, { pageToken: token })).toBe(false);
        // A token farm: the counted token re-sent with fresh fingerprints.
        for (const fingerprint of ['fp-copy-1', 'fp-copy-2']) expect(await support(t, 'replayed', fingerprint, ip, { pageToken: token })).toBe(false);
        // Issued by the server's own key, but longer ago than a token lives.
        const expired = new SupportTokens(new MemoryHitCounter(), secret, () => Date.now() - SUPPORT_TOKEN_TTL_MS - 1000).issue(row.id, 'fp-late');
        expect(await support(t, 'replayed', 'fp-late', ip, { pageToken: expired.token })).toBe(false);
        const fromTheFuture = new SupportTokens(new MemoryHitCounter(), secret, () => Date.now() + 60 * 60_000).issue(row.id, 'fp-early');
        expect(await support(t, 'replayed', 'fp-early', ip, { pageToken: fromTheFuture.token })).toBe(false);
        expect(await supportersOf(t, row.id)).toBe(before + 1);
      });

      it('refuses an oversized token or an unknown campaign with a clear 4xx, changing nothing', async () => {
        const row = await campaignIn(t, 'strict');
        const before = await supportersOf(t, row.id);
        const oversized = await signedInject(t.app, { method: 'POST', url: '/api/v2/campaigns/strict/supports', body: { pageToken: 'x'.repeat(201) }, fingerprint: 'fp-big' });
        expect([oversized.statusCode, errorEnvelope.parse(oversized.json()).code]).toEqual([400, 'VALIDATION_FAILED']);
        const missing = await signedInject(t.app, { method: 'GET', url: '/api/v2/campaigns/no-such-campaign/support-token', fingerprint: 'fp-big' });
        expect([missing.statusCode, errorEnvelope.parse(missing.json()).code]).toEqual([404, 'NOT_FOUND']);
        expect(await supportersOf(t, row.id)).toBe(before);
      });
    });

    it('lets one IP add at most its daily cap of supports to a campaign; other IPs and accounts still count', async () => {
      // Bursts allowed here, so what stops the loop is the daily cap alone.
      const t = await start({ ...defaults, support: { ...defaults.support, burst: 10_000 } });
      const row = await campaignIn(t, 'capped');
      const before = await supportersOf(t, row.id);
      const school = freshIp();
      const cap = defaults.support.perIpPerDay;
      expect(cap).toBeGreaterThan(1);
      // A device counted once and sending again spends none of its IP's allowance.
      expect(await supportAsNewcomer(t, 'capped', 'fp-0', school)).toBe(true);
      for (let repeat = 0; repeat < 3; repeat++) expect(await support(t, 'capped', 'fp-0', school, { pageToken: await tokenFor(t, 'capped', 'fp-0', school) })).toBe(false);
      for (let i = 1; i < cap; i++) expect(await supportAsNewcomer(t, 'capped', `fp-${i}`, school), `support ${i + 1}`).toBe(true);
      // Beyond the cap: the same success answer, not counted.
      for (let i = cap; i < cap + 5; i++) expect(await supportAsNewcomer(t, 'capped', `fp-${i}`, school)).toBe(false);
      expect(await supportersOf(t, row.id)).toBe(before + cap);
      expect(await supportAsNewcomer(t, 'capped', 'fp-neighbour', freshIp())).toBe(true);
      // A signed-in supporter is counted once per account, whatever the IP has sent.
      const reader = await insertCreator(t.database.db, 'reader');
      const tokens = await createTokenService(t.config);
      const idToken = await issueIdToken({ database: t.database, storage: { publicUrl: (key: string) => `/files/${key}` } as never, tokens }, reader);
      expect(await support(t, 'capped', 'fp-reader', school, {}, `Bearer ${idToken}`)).toBe(true);
      expect(await supportersOf(t, row.id)).toBe(before + cap + 2);
    });

    it('ignores a burst of supports from one IP, answering success', async () => {
      const t = await start();
      const row = await campaignIn(t, 'bursty');
      const before = await supportersOf(t, row.id);
      const script = freshIp();
      const attempts = defaults.support.burst + 4;
      // Tokens first, then every post at once: all inside one burst window.
      const tokens = await Promise.all(Array.from({ length: attempts }, (_, i) => tokenFor(t, 'bursty', `fp-burst-${i}`, script)));
      const counted = await Promise.all(tokens.map((pageToken, i) => support(t, 'bursty', `fp-burst-${i}`, script, { pageToken })));
      expect(counted.filter(Boolean)).toHaveLength(defaults.support.burst);
      expect(await supportersOf(t, row.id)).toBe(before + defaults.support.burst);
      expect(await supportAsNewcomer(t, 'bursty', 'fp-elsewhere', freshIp())).toBe(true);
    });

    it('caps counted visits per IP per day, ignores bursts, and repeat views spend nothing', async () => {
      const t = await start({ ...defaults, visit: { perIpPerDay: 4, burst: 10_000 } });
      const row = await campaignIn(t, 'viewed');
      const office = freshIp();
      for (let repeat = 0; repeat < 3; repeat++) await visit(t, 'viewed', 'fp-view-0', office);
      expect(await visitsOf(t, row.id)).toBe(1);
      for (let i = 1; i < 8; i++) await visit(t, 'viewed', `fp-view-${i}`, office);
      expect(await visitsOf(t, row.id)).toBe(4);
      await visit(t, 'viewed', 'fp-view-away', freshIp());
      expect(await visitsOf(t, row.id)).toBe(5);

      const bursting = await start();
      const flooded = await campaignIn(bursting, 'flooded');
      const script = freshIp();
      await Promise.all(Array.from({ length: defaults.visit.burst + 5 }, (_, i) => visit(bursting, 'flooded', `fp-flood-${i}`, script)));
      expect(await visitsOf(bursting, flooded.id)).toBe(defaults.visit.burst);
    });
  });
});
