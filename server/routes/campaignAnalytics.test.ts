/**
 * Creator analytics over real HTTP (inject) on PGlite (and PostgreSQL with TEST_DATABASE_URL): what a counted visit,
 * support and share record, the owner-only analytics and its CSV. Client addresses come through a trusted loopback
 * proxy (x-forwarded-for), so a public address gets its country from the bundled database.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignAnalyticsResponse } from '../../contract/campaignAnalytics.ts';
import { supportTokenResponse } from '../../contract/campaignWrite.ts';
import { errorEnvelope } from '../../contract/errorEnvelope.ts';
import { loadConfig } from '../config.ts';
import { SHARES_PER_IP } from '../domain/campaignShares.ts';
import { accounts, campaignShares, campaignSupports, campaignVisitEvents } from '../infra/db/schema.ts';
import { insertCampaign } from '../testing/fixtures.ts';
import { asAccount, passwordAccount } from '../testing/socialApp.ts';
import { createTestApp, drivers, signedInject, type TestApp } from '../testing/testApp.ts';

/** An Indonesian address (Telkom) in the bundled DB-IP database, and a Malaysian one. */
const INDONESIA = '36.64.0.1';
let ips = 0;
/** A documentation address no other test uses: unknown country, fresh per-IP counters. */
const freshIp = () => `198.51.100.${++ips}`;

describe.each(drivers)('creator analytics routes (%s)', (driver) => {
  let t: TestApp;
  let owner: string;
  let other: string;
  let campaignId: string;

  beforeAll(async () => {
    const defaults = loadConfig({}).countLimits;
    // A small visit burst, so a test can see a visit the IP filter drops.
    t = await createTestApp(driver, { trustProxy: ['loopback'], publicUrl: 'https://bingkai.test', countLimits: { ...defaults, visit: { perIpPerDay: 100, burst: 2 } } });
    owner = (await passwordAccount(t, { username: 'owner', email: 'owner@example.test' }))!;
    other = (await passwordAccount(t, { username: 'other', email: 'other@example.test' }))!;
    const [row] = await t.database.db.select().from(accounts).where(eq(accounts.email, 'owner@example.test'));
    campaignId = (await insertCampaign(t.database.db, row!.id, { uri: 'merdeka', createdAt: new Date(Date.now() - 3 * 86_400_000) })).id;
    await insertCampaign(t.database.db, row!.id, { uri: 'secret', visibility: 'private' });
  });
  afterAll(() => t.close());

  const visit = (fingerprint: string, ip: string, body?: unknown, headers: Record<string, string> = {}) =>
    signedInject(t.app, { method: 'POST', url: '/api/v2/campaigns/merdeka/visits', fingerprint, body, headers: { 'x-forwarded-for': ip, ...headers } });
  const share = (fingerprint: string, ip: string, body: unknown, uri = 'merdeka') =>
    signedInject(t.app, { method: 'POST', url: `/api/v2/campaigns/${uri}/shares`, fingerprint, body, headers: { 'x-forwarded-for': ip } });
  const events = () => t.database.db.select().from(campaignVisitEvents).where(eq(campaignVisitEvents.campaignId, campaignId)).orderBy(campaignVisitEvents.id);
  const shareRows = () => t.database.db.select().from(campaignShares).where(eq(campaignShares.campaignId, campaignId)).orderBy(campaignShares.id);

  describe('recording', () => {
    it('writes a counted visit with its country and referrer host only, and nothing for a visit that does not count', async () => {
      const before = (await events()).length;
      expect((await visit('v-1', INDONESIA, { referrer: 'https://WWW.Facebook.com/groups/123?fbclid=secret' })).statusCode).toBe(204);
      // Within the fingerprint's 30 minutes: not counted, no event.
      expect((await visit('v-1', INDONESIA, { referrer: 'https://t.co/abc' })).statusCode).toBe(204);
      // The Referer header when the body has none; this site's own pages are direct.
      expect((await visit('v-2', freshIp(), undefined, { referer: 'https://bingkai.test/explore' })).statusCode).toBe(204);
      expect((await visit('v-3', freshIp(), undefined, { referer: 'https://t.co/xyz' })).statusCode).toBe(204);
      const rows = (await events()).slice(before);
      expect(rows.map((row) => [row.country, row.referrerHost])).toEqual([
        ['ID', 'www.facebook.com'],
        [null, null],
        [null, 't.co'],
      ]);
      expect(JSON.stringify(rows)).not.toContain('fbclid');
    });

    it('writes no event for a visit the IP burst filter drops', async () => {
      const ip = freshIp();
      const before = (await events()).length;
      for (const fingerprint of ['burst-1', 'burst-2', 'burst-3', 'burst-4']) expect((await visit(fingerprint, ip)).statusCode).toBe(204);
      expect((await events()).length - before).toBe(2);
    });

    it('refuses a malformed visit body with 400 and records nothing', async () => {
      const before = (await events()).length;
      const response = await visit('v-bad', freshIp(), { referrer: 'x'.repeat(3000) });
      expect(response.statusCode).toBe(400);
      expect(errorEnvelope.parse(response.json()).code).toBe('VALIDATION_FAILED');
      expect((await visit('v-bad', freshIp(), { referrer: 'https://a.example', extra: 1 })).statusCode).toBe(400);
      expect((await events()).length).toBe(before);
    });

    it('stores the country of a counted support', async () => {
      const token = await signedInject(t.app, { method: 'GET', url: '/api/v2/campaigns/merdeka/support-token', fingerprint: 's-1', headers: { 'x-forwarded-for': INDONESIA } });
      const pageToken = supportTokenResponse.parse(token.json()).data.token;
      const response = await signedInject(t.app, { method: 'POST', url: '/api/v2/campaigns/merdeka/supports', fingerprint: 's-1', body: { pageToken }, headers: { 'x-forwarded-for': INDONESIA } });
      expect(response.json().data.counted).toBe(true);
      const rows = await t.database.db.select().from(campaignSupports).where(eq(campaignSupports.campaignId, campaignId));
      expect(rows.map((row) => row.country)).toEqual(['ID']);
    });

    it('records a share once per channel, device and hour, with a hashed fingerprint', async () => {
      const ip = freshIp();
      const before = (await shareRows()).length;
      for (let i = 0; i < 3; i++) expect((await share('sh-1', ip, { channel: 'whatsapp' })).statusCode).toBe(204);
      expect((await share('sh-1', ip, { channel: 'copy_link' })).statusCode).toBe(204);
      expect((await share('sh-2', ip, { channel: 'whatsapp' })).statusCode).toBe(204);
      const rows = (await shareRows()).slice(before);
      expect(rows.map((row) => row.channel)).toEqual(['whatsapp', 'copy_link', 'whatsapp']);
      expect(rows.some((row) => row.fingerprint.includes('sh-'))).toBe(false);
    });

    it(`caps shares from one IP for one campaign at ${SHARES_PER_IP} an hour`, async () => {
      const ip = freshIp();
      const before = (await shareRows()).length;
      for (let i = 0; i < SHARES_PER_IP + 5; i++) await share(`cap-${i}`, ip, { channel: 'download' });
      expect((await shareRows()).length - before).toBe(SHARES_PER_IP);
    });

    it('refuses an unknown channel (400), an unknown campaign (404) and a private one without its code (403), recording nothing', async () => {
      const before = (await shareRows()).length;
      const bad = await share('sh-x', freshIp(), { channel: 'myspace' });
      expect(bad.statusCode).toBe(400);
      expect(errorEnvelope.parse(bad.json()).code).toBe('VALIDATION_FAILED');
      expect((await share('sh-x', freshIp(), {})).statusCode).toBe(400);
      expect((await share('sh-x', freshIp(), { channel: 'x' }, 'no-such-campaign')).statusCode).toBe(404);
      expect((await share('sh-x', freshIp(), { channel: 'x' }, 'secret')).statusCode).toBe(403);
      expect((await shareRows()).length).toBe(before);
    });
  });

  describe('reading', () => {
    const read = (token: string | null, path: string) =>
      token ? asAccount(t, token, { method: 'GET', url: `/api/v2/campaigns/${path}` }) : signedInject(t.app, { method: 'GET', url: `/api/v2/campaigns/${path}` });

    it('is for the owner only: 401 signed out, 403 for another account, 404 for an unknown campaign', async () => {
      expect((await read(null, 'merdeka/analytics')).statusCode).toBe(401);
      const forbidden = await read(other, 'merdeka/analytics');
      expect(forbidden.statusCode).toBe(403);
      expect(errorEnvelope.parse(forbidden.json()).code).toBe('FORBIDDEN');
      expect((await read(other, 'merdeka/analytics.csv')).statusCode).toBe(403);
      expect((await read(owner, 'no-such-campaign/analytics')).statusCode).toBe(404);
    });

    it('refuses a bad range, granularity or an unknown parameter with 400', async () => {
      for (const query of ['range=1y', 'granularity=hour', 'range=7d&extra=1', 'range=']) {
        const response = await read(owner, `merdeka/analytics?${query}`);
        expect(response.statusCode, query).toBe(400);
        expect(errorEnvelope.parse(response.json()).code).toBe('VALIDATION_FAILED');
      }
    });

    it('answers the owner with what the rows hold, and the same series as CSV', async () => {
      const response = await read(owner, 'merdeka/analytics?range=7d&granularity=day');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['cache-control']).toBe('private, no-store');
      const data = campaignAnalyticsResponse.parse(response.json()).data;
      const visitCount = (await events()).length;
      const today = new Date().toISOString().slice(0, 10);
      expect(data.series).toHaveLength(7);
      expect(data.series.at(-1)).toMatchObject({ start: today, visits: visitCount, supporters: 1 });
      expect(data.totals).toMatchObject({ visits: visitCount, supporters: 1, shares: (await shareRows()).length });
      expect(data.conversion).toBeCloseTo(1 / visitCount);
      expect(data.countries[0]).toEqual({ country: 'ID', supporters: 1, visits: 1 });
      expect(data.referrers).toContainEqual({ host: 'www.facebook.com', visits: 1 });
      expect(data.shares[0]).toEqual({ channel: 'download', shares: SHARES_PER_IP });

      const csv = await read(owner, 'merdeka/analytics.csv?range=7d&granularity=day');
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition']).toBe('attachment; filename="bingkai-merdeka-analytics-7d-day.csv"');
      const lines = csv.body.split('\r\n');
      expect(lines[0]).toBe('period_start,supporters,visits,posts');
      expect(lines).toHaveLength(9);
      expect(lines[7]).toBe(`${today},1,${visitCount},0`);
      expect(lines.slice(1, 8)).toEqual(data.series.map((bucket) => `${bucket.start},${bucket.supporters},${bucket.visits},${bucket.posts}`));
    });
  });
});
