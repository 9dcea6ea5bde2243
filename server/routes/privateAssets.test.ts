import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { campaignResponse, type Campaign } from '../../contract/campaign.ts';
import { CAMPAIGN_ACCESS_HEADER, managedCampaignResponse, ownCampaignListResponse } from '../../contract/campaignWrite.ts';
import { errorEnvelope } from '../../contract/errorEnvelope.ts';
import { postResponse } from '../../contract/post.ts';
import { issueIdToken } from '../domain/accounts.ts';
import { PRIVATE_ASSET_URL_SECONDS, PRIVATE_ASSET_URL_STEP_SECONDS } from '../domain/campaignAssets.ts';
import { accounts, campaignFrames, campaigns, posts } from '../infra/db/schema.ts';
import type { FileStorage } from '../infra/storage/storage.ts';
import { createTokenService } from '../infra/tokens.ts';
import { insertCreator } from '../testing/fixtures.ts';
import { allPreviewsMade, previewsMade } from '../testing/campaignPreviews.ts';
import { framePng } from '../testing/framePng.ts';
import { fetchFile } from '../testing/storageRequests.ts';
import { createTestApp, drivers, signedInject, type SignedRequest, type TestApp } from '../testing/testApp.ts';

interface TestAccount {
  id: string;
  uuid: string;
  token: string;
}

/** Issue 13 §1: a private campaign's images (frames, previews, post images) are not readable by whoever kept a URL. */
describe.each(drivers)('private campaign images (%s)', (driver) => {
  let t: TestApp;
  let storage: FileStorage;
  let dina: TestAccount;
  let bob: TestAccount;
  let frame: Buffer;

  /** The app every test below uses; `overrides` pin its storage for the tests about the local driver's own links. */
  async function setUp(overrides: Parameters<typeof createTestApp>[1] = {}) {
    t = await createTestApp(driver, overrides);
    storage = t.storage;
    const tokens = await createTokenService(t.config);
    const account = async (username: string, plan?: string): Promise<TestAccount> => {
      const row = await insertCreator(t.database.db, username);
      if (plan) await t.database.db.update(accounts).set({ subscription: { plan } }).where(eq(accounts.id, row.id));
      return { id: row.id, uuid: row.uuid, token: await issueIdToken({ database: t.database, storage, tokens }, row) };
    };
    dina = await account('dina', 'diamond-monthly');
    bob = await account('bob');
    frame = await framePng({ width: 800, height: 800, holes: [{ x: 200, y: 150, width: 400, height: 450 }] });
  }
  beforeAll(() => setUp());
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  const call = (who: TestAccount | null, request: SignedRequest) =>
    signedInject(t.app, { ...request, headers: { ...(who ? { authorization: `Bearer ${who.token}` } : {}), ...request.headers } });
  // Public files come from the app's /files; signed ones from /files too (local) or straight from the bucket (S3).
  const status = async (url: string) => (await fetchFile(t, url)).statusCode;

  async function rawUpload(who: TestAccount, purpose: 'frame' | 'post', bytes: Buffer, extension: string): Promise<string> {
    const key = `uploads/${purpose}/${who.uuid}/${randomBytes(6).toString('hex')}.${extension}`;
    await storage.put(key, bytes, { contentType: extension === 'png' ? 'image/png' : 'image/jpeg' });
    return key;
  }

  async function createCampaign(body: Record<string, unknown> = {}) {
    const uri = `c-${randomBytes(4).toString('hex')}`;
    const response = await call(dina, { method: 'POST', url: '/api/v2/campaigns', body: { type: 'frame', uri, title: 'A campaign', frames: [{ key: await rawUpload(dina, 'frame', frame, 'png') }], ...body } });
    expect(response.statusCode, response.body).toBe(201);
    // With the thumbnail and link previews the campaign-previews job makes after the request.
    await previewsMade(t.database.db, uri);
    return managedCampaignResponse.parse((await call(dina, { method: 'GET', url: `/api/v2/campaigns/${uri}/manage` })).json()).data;
  }

  async function read(uri: string, code?: string): Promise<Campaign> {
    const response = await call(null, { method: 'GET', url: `/api/v2/campaigns/${uri}`, headers: code ? { [CAMPAIGN_ACCESS_HEADER]: code } : {} });
    expect(response.statusCode, response.body).toBe(200);
    return campaignResponse.parse(response.json()).data;
  }

  const patch = (uri: string, body: Record<string, unknown>) => call(dina, { method: 'PATCH', url: `/api/v2/campaigns/${uri}`, body });

  /** Every image URL the campaign API hands out. */
  const imageUrls = (campaign: Campaign) => [...campaign.frames.map((f) => f.url), campaign.thumbnailUrl, campaign.ogImageUrl];

  async function storedKeys(campaignId: string) {
    await allPreviewsMade(t.database.db);
    const [row] = await t.database.db.select().from(campaigns).where(eq(campaigns.id, campaignId));
    const frames = await t.database.db.select({ key: campaignFrames.storageKey }).from(campaignFrames).where(eq(campaignFrames.campaignId, campaignId));
    const postRows = await t.database.db.select({ key: posts.imageKey }).from(posts).where(eq(posts.campaignId, campaignId));
    return [row!.thumbnailKey!, row!.ogImageKey!, row!.ogSquareKey!, ...frames.map((f) => f.key), ...postRows.map((p) => p.key)];
  }

  /**
   * A signed link to a private key: the app's /files link with exp and sig (local), or the bucket's presigned GET
   * (S3). Answers the app's unsigned /files URL of the same key and the link's expiry in epoch seconds.
   */
  function expectSignedPrivate(url: string): { unsigned: string; exp: number } {
    const parsed = new URL(url, 'http://local');
    const { storage: config } = t.config;
    if (config.driver === 's3') {
      const objectPath = `/${config.bucket}/${config.prefix}`;
      expect(parsed.pathname.startsWith(`${objectPath}private/`), url).toBe(true);
      expect(parsed.searchParams.get('X-Amz-Signature')).toBeTruthy();
      const signedAt = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(parsed.searchParams.get('X-Amz-Date') ?? '');
      expect(signedAt).not.toBeNull();
      const [, year, month, day, hour, minute, second] = signedAt!.map(Number);
      const exp = Date.UTC(year!, month! - 1, day, hour, minute, second) / 1000 + Number(parsed.searchParams.get('X-Amz-Expires'));
      return { unsigned: `/files/${decodeURIComponent(parsed.pathname.slice(objectPath.length))}`, exp };
    }
    expect(parsed.pathname).toMatch(/^\/files\/private\//);
    expect(parsed.searchParams.get('exp')).toMatch(/^\d+$/);
    expect(parsed.searchParams.get('sig')).toBeTruthy();
    return { unsigned: parsed.pathname, exp: Number(parsed.searchParams.get('exp')) };
  }

  it('moves every image of a campaign that turns private, or gets a new code, to new keys: the old URLs answer 404', async () => {
    const created = await createCampaign();
    const campaignId = (await t.database.db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.uri, created.uri)))[0]!.id;
    const asPublic = await read(created.uri);
    for (const url of imageUrls(asPublic)) {
      const response = await fetchFile(t, url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control']).toMatch(/^public/);
    }
    // A supporter's published result, readable by anyone while the campaign is public.
    const resultKey = await rawUpload(bob, 'post', await sharp({ create: { width: 800, height: 800, channels: 3, background: '#2255aa' } }).jpeg().toBuffer(), 'jpg');
    const posted = await call(bob, { method: 'POST', url: '/api/v2/posts', body: { campaignUri: created.uri, key: resultKey } });
    expect(posted.statusCode, posted.body).toBe(201);
    const publicPost = postResponse.parse(posted.json()).data;
    expect(await status(publicPost.imageUrl)).toBe(200);

    // Private: everything a crawler saw while it was public is gone.
    expect((await patch(created.uri, { visibility: 'private', accessCode: 'first-code' })).statusCode).toBe(200);
    for (const url of [...imageUrls(asPublic), publicPost.imageUrl]) expect(await status(url), url).toBe(404);
    expect((await storedKeys(campaignId)).every((key) => key.startsWith('private/'))).toBe(true);

    // A code holder gets signed URLs that work; without the signature they are refused.
    const withCode = await read(created.uri, 'first-code');
    for (const url of imageUrls(withCode)) {
      const { unsigned } = expectSignedPrivate(url);
      expect(await status(url), url).toBe(200);
      expect(await status(unsigned), url).toBe(403);
    }
    // The post's author still sees the post, through a signed URL too; everyone else gets 404.
    const authorView = postResponse.parse((await call(bob, { method: 'GET', url: `/api/v2/posts/${publicPost.uri}` })).json()).data;
    expectSignedPrivate(authorView.imageUrl);
    expect(await status(authorView.imageUrl)).toBe(200);
    expectSignedPrivate(authorView.campaign.thumbnailUrl);
    expect((await call(null, { method: 'GET', url: `/api/v2/posts/${publicPost.uri}` })).statusCode).toBe(404);

    // A new code: a former code holder's links stop working at once, not when their signature runs out.
    expect((await patch(created.uri, { accessCode: 'second-code' })).statusCode).toBe(200);
    for (const url of [...imageUrls(withCode), authorView.imageUrl]) expect(await status(url), url).toBe(404);
    expect(errorEnvelope.parse((await call(null, { method: 'GET', url: `/api/v2/campaigns/${created.uri}`, headers: { [CAMPAIGN_ACCESS_HEADER]: 'first-code' } })).json()).code).toBe(
      'ACCESS_CODE_INVALID',
    );
    const withNewCode = await read(created.uri, 'second-code');
    for (const url of imageUrls(withNewCode)) expect(await status(url), url).toBe(200);

    // Public again: new public names; the signed links of the private time answer 404 too.
    expect((await patch(created.uri, { visibility: 'public' })).statusCode).toBe(200);
    for (const url of imageUrls(withNewCode)) expect(await status(url), url).toBe(404);
    const againPublic = await read(created.uri);
    for (const url of imageUrls(againPublic)) {
      expect(url).toMatch(/^\/files\/public\/campaigns\//);
      expect(url).not.toContain('?');
      expect(await status(url), url).toBe(200);
    }
    const postAgain = postResponse.parse((await call(null, { method: 'GET', url: `/api/v2/posts/${publicPost.uri}` })).json()).data;
    expect(postAgain.imageUrl).not.toBe(publicPost.imageUrl);
    expect(await status(postAgain.imageUrl)).toBe(200);
    expect(await status(publicPost.imageUrl)).toBe(404);
    // Nothing of the private time is left in storage.
    const left: string[] = [];
    for await (const object of storage.list(`private/campaigns/${campaignId}/`)) left.push(object.key);
    expect(left).toEqual([]);
    expect((await storedKeys(campaignId)).every((key) => key.startsWith('public/'))).toBe(true);
  });

  it('stores a campaign created private outside public/, signed only for the owner and code holders, for a limited time', async () => {
    const created = await createCampaign({ visibility: 'private', accessCode: 'open-sesame' });
    for (const url of [...created.frames.map((f) => f.url), created.thumbnailUrl, created.ogImageUrl]) expectSignedPrivate(url);
    const own = ownCampaignListResponse.parse((await call(dina, { method: 'GET', url: '/api/v2/account/campaigns?limit=50' })).json()).data;
    const listed = own.items.find((item) => item.uri === created.uri)!;
    expectSignedPrivate(listed.thumbnailUrl);
    expect(await status(listed.thumbnailUrl)).toBe(200);

    const before = Math.floor(Date.now() / 1000);
    const withCode = await read(created.uri, 'open-sesame');
    const frameUrl = withCode.frames[0]!.url;
    const { exp } = expectSignedPrivate(frameUrl);
    expect(exp - before).toBeGreaterThanOrEqual(PRIVATE_ASSET_URL_SECONDS - 1);
    expect(exp - before).toBeLessThanOrEqual(PRIVATE_ASSET_URL_SECONDS + PRIVATE_ASSET_URL_STEP_SECONDS + 1);
    expect(await status(frameUrl)).toBe(200);
  });


  // PGlite runs one transaction at a time, so only PostgreSQL can hold the row while a post is on its way.
  it.runIf(driver === 'postgres')('refuses a post that waited on a campaign turning private, and leaves no public image of it', async () => {
    const created = await createCampaign();
    const resultKey = await rawUpload(bob, 'post', await sharp({ create: { width: 800, height: 800, channels: 3, background: '#aa5522' } }).jpeg().toBuffer(), 'jpg');
    const publicPosts = async () => {
      const keys: string[] = [];
      for await (const object of storage.list('public/posts/')) keys.push(object.key);
      return keys.sort();
    };
    const before = await publicPosts();
    let posting: ReturnType<typeof call> | undefined;
    await t.database.db.transaction(async (tx) => {
      // What an edit making the campaign private holds while it moves the images.
      await tx.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.uri, created.uri)).for('update');
      posting = call(bob, { method: 'POST', url: '/api/v2/posts', body: { campaignUri: created.uri, key: resultKey } });
      // Until the post waits on this row's lock (its image already stored).
      for (const end = Date.now() + 15_000; ; ) {
        if (Date.now() > end) throw new Error('the post never waited on the campaign row');
        const waiting = await t.database.db.execute(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
        // node-postgres answers a QueryResult (this test runs on PostgreSQL only).
        if ((waiting as { rows: Array<{ n: number }> }).rows[0]!.n > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await tx.update(campaigns).set({ visibility: 'private' }).where(eq(campaigns.uri, created.uri));
    });
    const response = await posting!;
    expect(response.statusCode, response.body).toBe(403);
    expect(errorEnvelope.parse(response.json()).code).toBe('FORBIDDEN');
    expect(await publicPosts()).toEqual(before);
    const [row] = await t.database.db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.uri, created.uri));
    expect(await t.database.db.select().from(posts).where(eq(posts.campaignId, row!.id))).toEqual([]);
  });

  // The app's own signed /files links: their cache header and expiry are the local driver's, so these run on an app
  // pinned to local storage whatever the run's storage is. On S3 the bucket serves presigned GETs and checks their
  // expiry itself (server/infra/storage/s3Storage.test.ts).
  describe('on local storage', () => {
    beforeAll(async () => {
      await t.close();
      await setUp({ storage: { driver: 'local' } });
    });

    it('caches a private campaign\'s signed /files link no longer than it lives, and refuses it once expired', async () => {
      const created = await createCampaign({ visibility: 'private', accessCode: 'open-sesame' });
      const before = Math.floor(Date.now() / 1000);
      const frameUrl = (await read(created.uri, 'open-sesame')).frames[0]!.url;
      const { exp } = expectSignedPrivate(frameUrl);

      // Only the browser that asked may keep it, and no longer than the link lives.
      const response = await fetchFile(t, frameUrl);
      expect(response.statusCode).toBe(200);
      const cacheControl = String(response.headers['cache-control']);
      expect(cacheControl).not.toMatch(/public/);
      const maxAge = Number(/^private, max-age=(\d+)$/.exec(cacheControl)?.[1]);
      expect(maxAge).toBeGreaterThan(0);
      expect(maxAge).toBeLessThanOrEqual(exp - before);

      // Once its time has passed, the same link is refused.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime((exp + 1) * 1000);
      const expired = await fetchFile(t, frameUrl);
      expect([expired.statusCode, errorEnvelope.parse(JSON.parse(expired.text())).message]).toEqual([403, 'This file link has expired']);
    });

    it('caches a signed file no longer than its link is valid, and never in a shared cache', async () => {
      await storage.put('private/short-lived.png', frame, { contentType: 'image/png' });
      const url = await storage.signedReadUrl('private/short-lived.png', { expiresInSeconds: 60 });
      const response = await fetchFile(t, url);
      expect(response.statusCode).toBe(200);
      const maxAge = Number(/^private, max-age=(\d+)$/.exec(String(response.headers['cache-control']))?.[1]);
      expect(maxAge).toBeGreaterThan(0);
      expect(maxAge).toBeLessThanOrEqual(60);
    });
  });
});
