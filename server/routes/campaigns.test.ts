import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignListResponse, campaignResponse } from '../../contract/campaign.ts';
import { CAMPAIGN_ACCESS_HEADER, frameCheckResponse, managedCampaignResponse, ownCampaignListResponse, supportResponse, supportTokenResponse, uriAvailabilityResponse } from '../../contract/campaignWrite.ts';
import { errorEnvelope } from '../../contract/errorEnvelope.ts';
import { accounts, campaignFrames, campaigns, campaignSupports, campaignVisits } from '../infra/db/schema.ts';
import { issueIdToken } from '../domain/accounts.ts';
import { ACCESS_CODE_CHECKS_MAX, CampaignService } from '../domain/campaigns.ts';
import { hashPassword } from '../infra/passwords.ts';
import { createTokenService, type TokenService } from '../infra/tokens.ts';
import type { FileStorage } from '../infra/storage/storage.ts';
import { insertCampaign, insertCreator } from '../testing/fixtures.ts';
import { allPreviewsMade, previewsMade } from '../testing/campaignPreviews.ts';
import { framePng } from '../testing/framePng.ts';
import { putUpload, uploadAccepted } from '../testing/storageRequests.ts';
import { storedKeys as keysIn } from '../testing/storedObjects.ts';
import { createTestApp, drivers, signedInject, type SignedRequest, type TestApp } from '../testing/testApp.ts';
import { CAMPAIGN_CREATES_PER_ACCOUNT } from './campaigns.ts';
import { SUPPORTS_PER_IP } from './campaignSupports.ts';

interface TestAccount {
  id: string;
  uuid: string;
  token: string;
}

describe.each(drivers)('campaign routes (%s)', (driver) => {
  let t: TestApp;
  let tokens: TokenService;
  let storage: FileStorage;
  let ana: TestAccount;
  let bob: TestAccount;
  let dina: TestAccount;
  let pngA: Buffer;
  let pngB: Buffer;

  beforeAll(async () => {
    t = await createTestApp(driver);
    tokens = await createTokenService(t.config);
    storage = t.storage;
    const maker = await insertCreator(t.database.db, 'maker', 'public/avatars/maker.png');
    const base = Date.UTC(2026, 0, 1);
    for (let i = 0; i < 12; i++) await insertCampaign(t.database.db, maker.id, { uri: `public-${i}`, createdAt: new Date(base + i * 60_000) });
    await insertCampaign(t.database.db, maker.id, { uri: 'secret-one', visibility: 'private', createdAt: new Date(base + 99 * 60_000) });
    await insertCampaign(t.database.db, maker.id, { uri: 'by-link', visibility: 'unlisted', createdAt: new Date(base + 98 * 60_000), frames: 2 });
    ana = await account('ana');
    bob = await account('bob');
    dina = await account('dina', 'diamond-monthly');
    pngA = await framePng({ width: 800, height: 800, holes: [{ x: 200, y: 150, width: 400, height: 450 }] });
    pngB = await framePng({ width: 600, height: 900, holes: [{ x: 100, y: 100, width: 400, height: 400 }], colour: [20, 90, 200] });
  });
  afterAll(() => t.close());

  async function account(username: string, plan?: string): Promise<TestAccount> {
    const row = await insertCreator(t.database.db, username);
    if (plan) await t.database.db.update(accounts).set({ subscription: { plan } }).where(eq(accounts.id, row.id));
    return { id: row.id, uuid: row.uuid, token: await issueIdToken({ database: t.database, storage, tokens }, row) };
  }

  const call = (who: TestAccount | null, request: SignedRequest) =>
    signedInject(t.app, { ...request, headers: { ...(who ? { authorization: `Bearer ${who.token}` } : {}), ...request.headers } });
  const get = (url: string, who: TestAccount | null = null, headers: Record<string, string> = {}) => call(who, { method: 'GET', url, headers });
  const codeOf = (response: { json(): unknown }) => errorEnvelope.parse(response.json()).code;

  /** Puts bytes where a presigned upload of this account would land (storage does not check content, like S3). */
  async function rawUpload(who: TestAccount, bytes: Buffer): Promise<string> {
    const key = `uploads/frame/${who.uuid}/${randomBytes(6).toString('hex')}.png`;
    await storage.put(key, bytes, { contentType: 'image/png' });
    return key;
  }

  /** Every stored object key, to assert that a refusal wrote or deleted nothing. */
  // Both wait for the campaign-previews jobs edits enqueued, so a snapshot stays still while a test compares it.
  const storedKeys = async () => {
    await allPreviewsMade(t.database.db);
    return keysIn(storage);
  };

  const dbState = async () => {
    await allPreviewsMade(t.database.db);
    return {
      campaigns: await t.database.db.select().from(campaigns).orderBy(campaigns.uri),
      frames: await t.database.db.select().from(campaignFrames).orderBy(campaignFrames.id),
    };
  };

  async function create(who: TestAccount, body: Record<string, unknown>) {
    return call(who, { method: 'POST', url: '/api/v2/campaigns', body });
  }

  async function createOk(who: TestAccount, overrides: Record<string, unknown> = {}, pngs: Buffer[] = [pngA]) {
    const frames = await Promise.all(pngs.map(async (png) => ({ key: await rawUpload(who, png) })));
    const response = await create(who, { type: 'frame', uri: `c-${randomBytes(4).toString('hex')}`, title: 'A campaign', frames, ...overrides });
    expect(response.statusCode, response.body).toBe(201);
    return previewsOf(who, managedCampaignResponse.parse(response.json()).data.uri);
  }

  /** The owner's view once the campaign-previews job has made the thumbnail and link previews after a create or edit. */
  async function previewsOf(who: TestAccount, uri: string) {
    await previewsMade(t.database.db, uri);
    return managedCampaignResponse.parse((await get(`/api/v2/campaigns/${uri}/manage`, who)).json()).data;
  }

  /** An edit that succeeds, with the previews it asks the job for made. */
  async function patchOk(who: TestAccount, uri: string, body: Record<string, unknown>) {
    const response = await call(who, { method: 'PATCH', url: `/api/v2/campaigns/${uri}`, body });
    expect(response.statusCode, response.body).toBe(200);
    return previewsOf(who, managedCampaignResponse.parse(response.json()).data.uri);
  }

  describe('reads', () => {
    it('lists public campaigns newest first with default paging, never unlisted or private ones', async () => {
      const response = await get('/api/v2/campaigns?limit=50');
      expect(response.statusCode).toBe(200);
      const { data } = campaignListResponse.parse(response.json());
      const uris = data.items.map((item) => item.uri);
      expect(uris.slice(0, 3)).toEqual(['public-11', 'public-10', 'public-9']);
      expect(uris).not.toContain('secret-one');
      expect(uris).not.toContain('by-link');
      const paged = campaignListResponse.parse((await get('/api/v2/campaigns?page=3&limit=5')).json()).data;
      expect(paged.items.map((item) => item.uri)).toEqual(['public-1', 'public-0']);
      expect(paged.total).toBe(12);
    });

    it('refuses bad paging values', async () => {
      for (const query of ['limit=0', 'limit=51', 'page=0', 'page=abc', 'limit=2.5']) {
        const response = await get(`/api/v2/campaigns?${query}`);
        expect(response.statusCode, query).toBe(400);
        expect(codeOf(response)).toBe('VALIDATION_FAILED');
      }
    });

    it('reads an unlisted campaign by its URI with frames in order, premium and og image', async () => {
      const response = await get('/api/v2/campaigns/by-link');
      expect(response.statusCode).toBe(200);
      const { data } = campaignResponse.parse(response.json());
      expect(data).toMatchObject({ uri: 'by-link', visibility: 'unlisted', premium: false, ogImageUrl: '/files/public/campaigns/by-link/thumbnail.jpg' });
      expect(data.frames.map((frame) => [frame.position, frame.url])).toEqual([
        [0, '/files/public/campaigns/by-link/frame-0.png'],
        [1, '/files/public/campaigns/by-link/frame-1.png'],
      ]);
    });

    it('answers 404 for unknown campaigns and 403 ACCESS_CODE_REQUIRED for private ones', async () => {
      expect(codeOf(await get('/api/v2/campaigns/nope'))).toBe('NOT_FOUND');
      const secret = await get('/api/v2/campaigns/secret-one');
      expect(secret.statusCode).toBe(403);
      expect(codeOf(secret)).toBe('ACCESS_CODE_REQUIRED');
    });
  });

  describe('uri availability', () => {
    it('says whether a link is free, and why not', async () => {
      const ask = async (uri: string) => uriAvailabilityResponse.parse((await get(`/api/v2/campaigns/uri-availability?uri=${encodeURIComponent(uri)}`)).json()).data;
      expect(await ask('Fresh-Link')).toEqual({ uri: 'fresh-link', available: true });
      expect(await ask('public-3')).toEqual({ uri: 'public-3', available: false, reason: 'taken' });
      expect(await ask('explore')).toEqual({ uri: 'explore', available: false, reason: 'reserved' });
      for (const bad of ['ab', 'has space', 'double--hyphen', '-edge', 'x'.repeat(61), 'ünïcode']) {
        expect(await ask(bad), bad).toMatchObject({ available: false, reason: 'invalid' });
      }
    });
  });

  describe('frame uploads', () => {
    it('presigns a PNG upload, accepts the PUT and checks it with sharp', async () => {
      const presigned = await call(ana, { method: 'POST', url: '/api/v2/campaigns/frames/presigned', body: { contentType: 'image/png' } });
      expect(presigned.statusCode).toBe(200);
      const grant = (presigned.json() as { data: { url: string; key: string; maxBytes: number; headers: { 'content-type': string } } }).data;
      const { key, maxBytes } = grant;
      expect(key.startsWith(`uploads/frame/${ana.uuid}/`)).toBe(true);
      expect(maxBytes).toBe(10 * 1024 * 1024);
      expect(grant.headers).toEqual({ 'content-type': 'image/png' });
      const put = await putUpload(t, grant, pngA);
      expect(put.statusCode, put.text()).toBe(uploadAccepted(t));
      const checked = await call(ana, { method: 'POST', url: '/api/v2/campaigns/frames/check', body: { key, type: 'frame' } });
      expect(checked.statusCode).toBe(200);
      const { data } = frameCheckResponse.parse(checked.json());
      expect(data).toMatchObject({ key, width: 800, height: 800 });
      expect(data.holes).toHaveLength(1);
      expect(data.transparentShare).toBeCloseTo((400 * 450) / (800 * 800), 3);
    });

    it('refuses other content types, other accounts’ uploads, unknown keys and anonymous callers', async () => {
      expect(codeOf(await call(ana, { method: 'POST', url: '/api/v2/campaigns/frames/presigned', body: { contentType: 'image/jpeg' } }))).toBe('VALIDATION_FAILED');
      expect((await call(null, { method: 'POST', url: '/api/v2/campaigns/frames/presigned', body: { contentType: 'image/png' } })).statusCode).toBe(401);
      const bobs = await rawUpload(bob, pngA);
      const foreign = await call(ana, { method: 'POST', url: '/api/v2/campaigns/frames/check', body: { key: bobs, type: 'frame' } });
      expect([foreign.statusCode, codeOf(foreign)]).toEqual([403, 'FORBIDDEN']);
      const missing = await call(ana, { method: 'POST', url: '/api/v2/campaigns/frames/check', body: { key: `uploads/frame/${ana.uuid}/gone.png`, type: 'frame' } });
      expect([missing.statusCode, codeOf(missing)]).toEqual([404, 'NOT_FOUND']);
      const outside = await call(ana, { method: 'POST', url: '/api/v2/campaigns/frames/check', body: { key: 'public/campaigns/x/frame.png', type: 'frame' } });
      expect(codeOf(outside)).toBe('VALIDATION_FAILED');
    });

    it('checks by content: a JPEG renamed to .png is refused', async () => {
      const jpeg = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#888' } }).jpeg().toBuffer();
      const key = await rawUpload(ana, jpeg);
      const response = await call(ana, { method: 'POST', url: '/api/v2/campaigns/frames/check', body: { key, type: 'frame' } });
      expect([response.statusCode, codeOf(response)]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
      // A refused upload can never be used: it is gone right away, not at the next sweep.
      expect(await storage.exists(key)).toBe(false);
    });

    it('deletes an opaque PNG refused as a frame at once; the same design is fine for a background campaign', async () => {
      const opaque = await framePng({ width: 800, height: 800, alpha: false });
      const key = await rawUpload(ana, opaque);
      const refused = await call(ana, { method: 'POST', url: '/api/v2/campaigns/frames/check', body: { key, type: 'frame' } });
      expect([refused.statusCode, codeOf(refused)]).toEqual([400, 'FRAME_INVALID']);
      expect(errorEnvelope.parse(refused.json()).message).toBe('The frame has no transparent areas for the photo to show through; export it as a PNG with transparency');
      expect(await storage.exists(key)).toBe(false);
      const again = await rawUpload(ana, opaque);
      const background = await call(ana, { method: 'POST', url: '/api/v2/campaigns/frames/check', body: { key: again, type: 'background' } });
      expect(background.statusCode).toBe(200);
      expect(frameCheckResponse.parse(background.json()).data).toMatchObject({ key: again, width: 800, height: 800, holes: [] });
      expect(await storage.exists(again)).toBe(true);
    });
  });

  describe('create', () => {
    it('publishes a campaign: frames re-encoded under the campaign, raw upload gone, previews generated', async () => {
      const key = await rawUpload(ana, pngA);
      const response = await create(ana, {
        type: 'frame',
        uri: 'Hari-Guru',
        title: '  Hari Guru Nasional  ',
        description: 'Terima kasih guru',
        caption: 'Saya [[nama]] berterima kasih',
        category: 'education',
        tags: ['Guru', 'pendidikan'],
        frames: [{ key }],
      });
      expect(response.statusCode, response.body).toBe(201);
      const { data } = managedCampaignResponse.parse(response.json());
      expect(data).toMatchObject({
        uri: 'hari-guru',
        title: 'Hari Guru Nasional',
        category: 'education',
        tags: ['guru', 'pendidikan'],
        visibility: 'public',
        premium: false,
        supportersCount: 0,
        visitsCount: 0,
        postsCount: 0,
        hasAccessCode: false,
        creator: { username: 'ana' },
      });
      const [row] = await t.database.db.select().from(campaigns).where(eq(campaigns.uri, 'hari-guru'));
      const frame = data.frames[0]!;
      expect(frame.url).toMatch(new RegExp(`^/files/public/campaigns/${row!.id}/frames/[0-9a-f]+\\.png$`));
      expect(frame).toMatchObject({ position: 0, width: 800, height: 800 });
      expect(frame.holes).toHaveLength(1);
      const [frameRow] = await t.database.db.select().from(campaignFrames).where(eq(campaignFrames.campaignId, row!.id));
      expect(frameRow!.transparentShare).toBeCloseTo((400 * 450) / (800 * 800), 3);
      // Found once at upload by the editor core's rules and stored with the frame.
      expect(frameRow!.holes).toEqual([{ x: 200, y: 150, width: 400, height: 450 }]);
      expect(frame.holes).toEqual(frameRow!.holes);
      expect(await storage.exists(key)).toBe(false);

      const stored = await t.app.inject({ method: 'GET', url: frame.url });
      expect((await sharp(stored.rawPayload).metadata()).format).toBe('png');
      // The thumbnail and link previews come from the campaign-previews job, after the request.
      const made = await previewsOf(ana, 'hari-guru');
      const thumb = await sharp((await t.app.inject({ method: 'GET', url: made.thumbnailUrl })).rawPayload).metadata();
      expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 600, 600]);
      const og = await sharp((await t.app.inject({ method: 'GET', url: made.ogImageUrl })).rawPayload).metadata();
      expect([og.format, og.width, og.height]).toEqual(['jpeg', 1200, 630]);
      const square = await sharp((await t.app.inject({ method: 'GET', url: `/files/${(await previewsMade(t.database.db, 'hari-guru')).ogSquareKey}` })).rawPayload).metadata();
      expect([square.format, square.width, square.height]).toEqual(['jpeg', 600, 600]);

      expect(campaignResponse.parse((await get('/api/v2/campaigns/hari-guru')).json()).data.title).toBe('Hari Guru Nasional');
      // A read hands out the stored holes; it never analyses the PNG again (a marker in the row comes back as is;
      // a service without the read cache, so that the read goes to the row).
      const marker = [{ x: 1, y: 2, width: 3, height: 4 }];
      await t.database.db.update(campaignFrames).set({ holes: marker }).where(eq(campaignFrames.id, frameRow!.id));
      const read = await new CampaignService(t.database.db, storage, 0).findReadable('hari-guru');
      await t.database.db.update(campaignFrames).set({ holes: frameRow!.holes }).where(eq(campaignFrames.id, frameRow!.id));
      expect(read?.frames[0]?.holes).toEqual(marker);
      const listed = campaignListResponse.parse((await get('/api/v2/campaigns')).json()).data.items;
      expect(listed[0]?.uri).toBe('hari-guru');
    });

    it('validates every field and changes nothing', async () => {
      const key = await rawUpload(ana, pngA);
      const valid = { type: 'frame', uri: 'valid-uri', title: 'Valid title', frames: [{ key }] };
      const cases: Array<[string, Record<string, unknown>, string]> = [
        ['type', { type: 'sticker' }, 'type'],
        ['uri too short', { uri: 'ab' }, 'uri'],
        ['uri pattern', { uri: 'no_underscores' }, 'uri'],
        ['uri too long', { uri: 'a'.repeat(61) }, 'uri'],
        ['uri reserved', { uri: 'pricing' }, 'uri'],
        ['title short', { title: ' a ' }, 'title'],
        ['title long', { title: 'x'.repeat(101) }, 'title'],
        ['description', { description: 'x'.repeat(2001) }, 'description'],
        ['caption', { caption: 'x'.repeat(2001) }, 'caption'],
        ['category', { category: 'gossip' }, 'category'],
        ['too many tags', { tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, 'tags'],
        ['tag characters', { tags: ['two words'] }, 'tags.0'],
        ['tag length', { tags: ['x'.repeat(31)] }, 'tags.0'],
        ['visibility', { visibility: 'secret' }, 'visibility'],
        ['private without code', { visibility: 'private' }, 'accessCode'],
        ['access code short', { visibility: 'private', accessCode: 'abc' }, 'accessCode'],
        ['no frames', { frames: [] }, 'frames'],
        ['too many frames', { frames: Array.from({ length: 11 }, (_, i) => ({ key: `uploads/frame/${ana.uuid}/f${i}.png` })) }, 'frames'],
        ['kept frame in a create', { frames: [{ id: '00000000-0000-4000-8000-000000000000' }] }, 'frames'],
        ['foreign key shape', { frames: [{ key: 'public/campaigns/x.png' }] }, 'frames.0.key'],
        ['unknown field', { colour: 'red' }, ''],
      ];
      const before = await dbState();
      const files = await storedKeys();
      for (const [name, change, field] of cases) {
        const response = await create(ana, { ...valid, ...change });
        expect(response.statusCode, name).toBe(400);
        const error = errorEnvelope.parse(response.json());
        expect(error.code, name).toBe('VALIDATION_FAILED');
        if (field) expect(Object.keys(error.fields ?? {}), name).toContain(field);
      }
      expect(codeOf(await create(ana, { ...valid, title: undefined }))).toBe('VALIDATION_FAILED');
      expect(await dbState()).toEqual(before);
      expect(await storedKeys()).toEqual(files);
    });

    it('refuses bad frame files by content with a clear reason and stores nothing', async () => {
      const jpeg = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#888' } }).jpeg().toBuffer();
      const cases: Array<[string, Buffer, number, string, RegExp]> = [
        ['renamed JPEG', jpeg, 415, 'UNSUPPORTED_MEDIA_TYPE', /JPEG image, not a PNG/],
        ['no alpha', await framePng({ width: 800, height: 800, alpha: false }), 400, 'FRAME_INVALID', /no transparent areas/],
        ['too few pixels', await framePng({ width: 400, height: 400, holes: [{ x: 100, y: 100, width: 200, height: 200 }] }), 400, 'FRAME_INVALID', /at least 500 pixels/],
        ['too many pixels', await framePng({ width: 4100, height: 600, holes: [{ x: 0, y: 0, width: 2000, height: 600 }] }), 400, 'FRAME_INVALID', /at most 4096 pixels/],
        ['little transparency', await framePng({ width: 800, height: 800, holes: [{ x: 10, y: 10, width: 100, height: 100 }] }), 400, 'FRAME_INVALID', /a frame needs at least 5 %/],
        ['too big', Buffer.concat([pngA, Buffer.alloc(10 * 1024 * 1024)]), 413, 'PAYLOAD_TOO_LARGE', /10 MB/],
      ];
      const before = await dbState();
      for (const [name, bytes, status, code, message] of cases) {
        // Alone, and second after a good frame (creator plan): one bad frame stores nothing at all, and its
        // refused upload is deleted at once; the good frame's upload stays for the next try.
        const good = await rawUpload(dina, pngA);
        for (const alone of [true, false]) {
          const bad = await rawUpload(dina, bytes);
          const files = await storedKeys();
          const response = await create(dina, { type: 'frame', uri: 'bad-frame', title: 'Bad frame', frames: alone ? [{ key: bad }] : [{ key: good }, { key: bad }] });
          expect(response.statusCode, name).toBe(status);
          const error = errorEnvelope.parse(response.json());
          expect(error.code, name).toBe(code);
          expect(error.message, name).toMatch(alone ? message : new RegExp(`^Frame 2: .*${message.source}`));
          expect(await storedKeys(), name).toEqual(files.filter((file) => file !== bad));
        }
      }
      expect(await dbState()).toEqual(before);
    });

    it('refuses a taken URI with 409 URI_TAKEN and a reserved one with a clear reason', async () => {
      const key = await rawUpload(ana, pngA);
      const taken = await create(ana, { type: 'frame', uri: 'PUBLIC-1', title: 'Taken', frames: [{ key }] });
      expect([taken.statusCode, codeOf(taken)]).toEqual([409, 'URI_TAKEN']);
      const reserved = await create(ana, { type: 'frame', uri: 'explore', title: 'Reserved', frames: [{ key }] });
      expect(reserved.statusCode).toBe(400);
      expect(errorEnvelope.parse(reserved.json()).fields?.uri).toBe('This link is reserved; choose another');
      expect(await storage.exists(key)).toBe(true);
    });

    it('needs the creator plan for several frames and for unlisted or private campaigns', async () => {
      const before = await dbState();
      const keys = [await rawUpload(ana, pngA), await rawUpload(ana, pngB)];
      const two = await create(ana, { type: 'frame', uri: 'two-frames', title: 'Two frames', frames: keys.map((key) => ({ key })) });
      expect([two.statusCode, codeOf(two)]).toEqual([403, 'PLAN_REQUIRED']);
      const unlisted = await create(ana, { type: 'frame', uri: 'quiet-one', title: 'Quiet', visibility: 'unlisted', frames: [{ key: keys[0] }] });
      expect([unlisted.statusCode, codeOf(unlisted)]).toEqual([403, 'PLAN_REQUIRED']);
      expect(await dbState()).toEqual(before);

      const premium = await createOk(dina, { uri: 'dina-private', visibility: 'private', accessCode: 'open-sesame' }, [pngA, pngB]);
      expect(premium).toMatchObject({ visibility: 'private', premium: true, hasAccessCode: true });
      expect(premium.frames.map((frame) => [frame.position, frame.width, frame.height])).toEqual([
        [0, 800, 800],
        [1, 600, 900],
      ]);
      const [row] = await t.database.db.select().from(campaigns).where(eq(campaigns.uri, 'dina-private'));
      expect(row!.accessCodeHash).toMatch(/^\$argon2id\$/);
    });

    it('refuses suspended accounts and changes nothing', async () => {
      const suspended = await account('suspended-sam');
      const key = await rawUpload(suspended, pngA);
      await t.database.db.update(accounts).set({ suspendedAt: new Date() }).where(eq(accounts.id, suspended.id));
      const before = await dbState();
      const response = await create(suspended, { type: 'frame', uri: 'from-suspended', title: 'Suspended', frames: [{ key }] });
      expect([response.statusCode, codeOf(response)]).toEqual([403, 'ACCOUNT_SUSPENDED']);
      expect(await dbState()).toEqual(before);
      expect(await storage.exists(key)).toBe(true);
    });
  });

  describe('owner routes', () => {
    it('shows the owner the managed campaign and their own list of every visibility', async () => {
      const created = await createOk(dina, { uri: 'dina-unlisted', visibility: 'unlisted' });
      const managed = await get('/api/v2/campaigns/dina-unlisted/manage', dina);
      expect(managedCampaignResponse.parse(managed.json()).data).toEqual(created);
      const own = ownCampaignListResponse.parse((await get('/api/v2/account/campaigns?limit=50', dina)).json()).data;
      expect(own.items.map((item) => [item.uri, item.visibility])).toEqual(expect.arrayContaining([['dina-unlisted', 'unlisted'], ['dina-private', 'private']]));
      expect(own.items.every((item) => item.creator.username === 'dina')).toBe(true);
      expect((await get('/api/v2/account/campaigns')).statusCode).toBe(401);
    });

    it('answers 404 to everyone else on manage, update and delete, and changes nothing', async () => {
      await createOk(ana, { uri: 'ana-owns-this' });
      const before = await dbState();
      const files = await storedKeys();
      for (const who of [bob, dina]) {
        expect(codeOf(await get('/api/v2/campaigns/ana-owns-this/manage', who))).toBe('NOT_FOUND');
        const patched = await call(who, { method: 'PATCH', url: '/api/v2/campaigns/ana-owns-this', body: { title: 'Stolen' } });
        expect([patched.statusCode, codeOf(patched)]).toEqual([404, 'NOT_FOUND']);
        const deleted = await call(who, { method: 'DELETE', url: '/api/v2/campaigns/ana-owns-this' });
        expect([deleted.statusCode, codeOf(deleted)]).toEqual([404, 'NOT_FOUND']);
      }
      expect((await call(null, { method: 'PATCH', url: '/api/v2/campaigns/ana-owns-this', body: { title: 'Stolen' } })).statusCode).toBe(401);
      expect(await dbState()).toEqual(before);
      expect(await storedKeys()).toEqual(files);
    });

    it('updates fields, renames the link (old one gone at once) and refuses a taken one', async () => {
      const created = await createOk(ana, { uri: 'old-name' });
      const createdRow = await previewsMade(t.database.db, 'old-name');
      expect((await get('/api/v2/campaigns/old-name')).statusCode).toBe(200);
      const response = await call(ana, { method: 'PATCH', url: '/api/v2/campaigns/old-name', body: { uri: 'new-name', title: 'New title', tags: ['baru'], caption: 'Hi [[nama]]' } });
      expect(response.statusCode, response.body).toBe(200);
      expect(managedCampaignResponse.parse(response.json()).data).toMatchObject({ uri: 'new-name', title: 'New title', tags: ['baru'], caption: 'Hi [[nama]]' });
      expect(codeOf(await get('/api/v2/campaigns/old-name'))).toBe('NOT_FOUND');
      expect(campaignResponse.parse((await get('/api/v2/campaigns/new-name')).json()).data.title).toBe('New title');
      // The link previews show the title: rendered again (by the job) under new names, the old ones deleted.
      const updatedRow = await previewsMade(t.database.db, 'new-name');
      expect(updatedRow.ogImageKey).not.toBe(createdRow.ogImageKey);
      expect(updatedRow.ogSquareKey).not.toBe(createdRow.ogSquareKey);
      expect(await storage.exists(updatedRow.ogSquareKey)).toBe(true);
      for (const key of [createdRow.thumbnailKey, createdRow.ogImageKey, createdRow.ogSquareKey]) expect(await storage.exists(key)).toBe(false);
      expect(created.ogImageUrl).toBe(`/files/${createdRow.ogImageKey}`);

      const before = await dbState();
      const taken = await call(ana, { method: 'PATCH', url: '/api/v2/campaigns/new-name', body: { uri: 'public-2' } });
      expect([taken.statusCode, codeOf(taken)]).toEqual([409, 'URI_TAKEN']);
      const invalid = [
        {},
        { title: 'x' },
        { description: 'x'.repeat(2001) },
        { caption: 'x'.repeat(2001) },
        { category: 'gossip' },
        { tags: ['two words'] },
        { visibility: 'secret' },
        { accessCode: 'abc' },
        { frames: [] },
        { frames: [{ id: 'not-a-uuid' }] },
        { uri: 'login' },
        { uri: 'Bad_Link' },
        { colour: 'red' },
      ];
      for (const body of invalid) {
        const refused = await call(ana, { method: 'PATCH', url: '/api/v2/campaigns/new-name', body });
        expect([refused.statusCode, codeOf(refused)], JSON.stringify(body)).toEqual([400, 'VALIDATION_FAILED']);
      }
      expect(await dbState()).toEqual(before);
    });

    it('adds, replaces, reorders and removes frames, regenerating previews when the first frame changes', async () => {
      const created = await createOk(dina, { uri: 'frames-edit' }, [pngA, pngB]);
      const [first, second] = created.frames;
      const keyOf = (url: string) => url.replace('/files/', '');

      // Reorder: the first frame changes, so the previews are new and the old ones deleted.
      const reordered = await patchOk(dina, 'frames-edit', { frames: [{ id: second!.id }, { id: first!.id }] });
      expect(reordered.frames.map((frame) => frame.id)).toEqual([second!.id, first!.id]);
      expect(reordered.thumbnailUrl).not.toBe(created.thumbnailUrl);
      expect(await storage.exists(keyOf(created.thumbnailUrl))).toBe(false);
      expect(await storage.exists(keyOf(created.ogImageUrl))).toBe(false);
      // pngB (blue, 600×900) now makes the thumbnail: its bottom border shows where pngA (red) had its hole.
      const thumb = await sharp((await t.app.inject({ method: 'GET', url: reordered.thumbnailUrl })).rawPayload).raw().toBuffer({ resolveWithObject: true });
      const at = (560 * thumb.info.width + 300) * thumb.info.channels;
      const [r, g, b] = [thumb.data[at]!, thumb.data[at + 1]!, thumb.data[at + 2]!];
      expect(Math.abs(r - 20) + Math.abs(g - 90) + Math.abs(b - 200)).toBeLessThan(40);

      // Replace the second frame with a new upload, and add one more.
      const replacement = await rawUpload(dina, pngA);
      const added = await rawUpload(dina, pngB);
      const replaced = await patchOk(dina, 'frames-edit', { frames: [{ id: second!.id }, { key: replacement }, { key: added }] });
      expect(replaced.frames).toHaveLength(3);
      expect(replaced.frames.map((frame) => frame.position)).toEqual([0, 1, 2]);
      expect(replaced.frames[0]!.id).toBe(second!.id);
      expect(replaced.thumbnailUrl).toBe(reordered.thumbnailUrl);
      expect(await storage.exists(keyOf(first!.url))).toBe(false);
      expect(await storage.exists(replacement)).toBe(false);
      expect(await storage.exists(keyOf(replaced.frames[1]!.url))).toBe(true);

      // Remove down to one frame.
      const removed = await patchOk(dina, 'frames-edit', { frames: [{ id: replaced.frames[2]!.id }] });
      expect(removed.frames.map((frame) => frame.id)).toEqual([replaced.frames[2]!.id]);
      for (const gone of replaced.frames.slice(0, 2)) expect(await storage.exists(keyOf(gone.url))).toBe(false);
      expect(await t.database.db.select().from(campaignFrames).where(eq(campaignFrames.campaignId, (await t.database.db.select().from(campaigns).where(eq(campaigns.uri, 'frames-edit')))[0]!.id))).toHaveLength(1);

      // Bad edits change nothing: unknown frame, a frame twice, a bad upload, a free account's second frame.
      const before = await dbState();
      const files = await storedKeys();
      const keep = { id: removed.frames[0]!.id };
      const noAlpha = await rawUpload(dina, await framePng({ alpha: false }));
      const afterUpload = await storedKeys();
      for (const frames of [[{ id: first!.id }], [keep, keep], [keep, { key: noAlpha }]]) {
        const refused = await call(dina, { method: 'PATCH', url: '/api/v2/campaigns/frames-edit', body: { frames } });
        expect(refused.statusCode, JSON.stringify(frames)).toBe(400);
      }
      expect(await dbState()).toEqual(before);
      expect(afterUpload.filter((key) => !files.includes(key))).toEqual([noAlpha]);
      // The refused upload is deleted at once; nothing else changed.
      expect(await storedKeys()).toEqual(files);
    });

    it('needs the plan to add frames or hide a campaign, and a code to make it private', async () => {
      const created = await createOk(ana, { uri: 'ana-single' });
      const extra = await rawUpload(ana, pngB);
      const before = await dbState();
      const more = await call(ana, { method: 'PATCH', url: '/api/v2/campaigns/ana-single', body: { frames: [{ id: created.frames[0]!.id }, { key: extra }] } });
      expect([more.statusCode, codeOf(more)]).toEqual([403, 'PLAN_REQUIRED']);
      const hide = await call(ana, { method: 'PATCH', url: '/api/v2/campaigns/ana-single', body: { visibility: 'private', accessCode: 'letmein' } });
      expect([hide.statusCode, codeOf(hide)]).toEqual([403, 'PLAN_REQUIRED']);
      expect(await dbState()).toEqual(before);

      await createOk(dina, { uri: 'dina-goes-private' });
      const noCode = await call(dina, { method: 'PATCH', url: '/api/v2/campaigns/dina-goes-private', body: { visibility: 'private' } });
      expect([noCode.statusCode, errorEnvelope.parse(noCode.json()).fields?.accessCode]).toEqual([400, 'A private campaign needs an access code']);
      const ok = await call(dina, { method: 'PATCH', url: '/api/v2/campaigns/dina-goes-private', body: { visibility: 'private', accessCode: 'letmein' } });
      expect(managedCampaignResponse.parse(ok.json()).data).toMatchObject({ visibility: 'private', hasAccessCode: true });
      expect(codeOf(await get('/api/v2/campaigns/dina-goes-private'))).toBe('ACCESS_CODE_REQUIRED');
      const back = await call(dina, { method: 'PATCH', url: '/api/v2/campaigns/dina-goes-private', body: { visibility: 'public' } });
      expect(managedCampaignResponse.parse(back.json()).data).toMatchObject({ visibility: 'public', hasAccessCode: false });
      expect((await get('/api/v2/campaigns/dina-goes-private')).statusCode).toBe(200);
    });

    it('deletes a campaign with its rows and stored files', async () => {
      const created = await createOk(dina, { uri: 'to-delete' }, [pngA, pngB]);
      await call(bob, { method: 'POST', url: '/api/v2/campaigns/to-delete/supports', body: {} });
      const [row] = await t.database.db.select().from(campaigns).where(eq(campaigns.uri, 'to-delete'));
      const files = await storedKeys();
      const own = files.filter((key) => key.startsWith(`public/campaigns/${row!.id}/`));
      // Two frames, the thumbnail, the two link previews and the display-size frame.
      expect(own).toHaveLength(6);
      const response = await call(dina, { method: 'DELETE', url: '/api/v2/campaigns/to-delete' });
      expect(response.statusCode).toBe(204);
      expect(codeOf(await get('/api/v2/campaigns/to-delete'))).toBe('NOT_FOUND');
      expect(await t.database.db.select().from(campaignFrames).where(eq(campaignFrames.campaignId, row!.id))).toEqual([]);
      expect(await t.database.db.select().from(campaignSupports).where(eq(campaignSupports.campaignId, row!.id))).toEqual([]);
      expect(await storedKeys()).toEqual(files.filter((key) => !own.includes(key)));
      expect(created.frames).toHaveLength(2);
    });
  });

  describe('private campaigns', () => {
    it('are readable by the owner, or with the code in the header or through /access', async () => {
      await createOk(dina, { uri: 'members-only', visibility: 'private', accessCode: 'Kode-Rahasia' });
      expect(campaignResponse.parse((await get('/api/v2/campaigns/members-only', dina)).json()).data.visibility).toBe('private');
      const without = await get('/api/v2/campaigns/members-only', bob);
      expect([without.statusCode, codeOf(without)]).toEqual([403, 'ACCESS_CODE_REQUIRED']);
      const wrong = await get('/api/v2/campaigns/members-only', null, { [CAMPAIGN_ACCESS_HEADER]: 'nope' });
      expect([wrong.statusCode, codeOf(wrong)]).toEqual([403, 'ACCESS_CODE_INVALID']);
      const right = await get('/api/v2/campaigns/members-only', null, { [CAMPAIGN_ACCESS_HEADER]: 'Kode-Rahasia' });
      expect(right.statusCode).toBe(200);
      expect(right.headers['cache-control']).toBe('private, no-store');

      const badAccess = await call(null, { method: 'POST', url: '/api/v2/campaigns/members-only/access', body: { code: 'wrong-code' } });
      expect([badAccess.statusCode, codeOf(badAccess)]).toEqual([403, 'ACCESS_CODE_INVALID']);
      const access = await call(null, { method: 'POST', url: '/api/v2/campaigns/members-only/access', body: { code: ' Kode-Rahasia ' } });
      expect(campaignResponse.parse(access.json()).data.uri).toBe('members-only');
      expect(codeOf(await call(null, { method: 'POST', url: '/api/v2/campaigns/members-only/access', body: { code: '' } }))).toBe('VALIDATION_FAILED');
      expect(codeOf(await call(null, { method: 'POST', url: '/api/v2/campaigns/nope-nope/access', body: { code: 'abcd' } }))).toBe('NOT_FOUND');

      // Visits and supports need the code too.
      expect(codeOf(await call(null, { method: 'POST', url: '/api/v2/campaigns/members-only/supports', body: {} }))).toBe('ACCESS_CODE_REQUIRED');
      expect(codeOf(await get('/api/v2/campaigns/members-only/support-token'))).toBe('ACCESS_CODE_REQUIRED');
      const token = supportTokenResponse.parse((await get('/api/v2/campaigns/members-only/support-token', null, { [CAMPAIGN_ACCESS_HEADER]: 'Kode-Rahasia' })).json()).data.token;
      const supported = await call(null, { method: 'POST', url: '/api/v2/campaigns/members-only/supports', body: { pageToken: token }, headers: { [CAMPAIGN_ACCESS_HEADER]: 'Kode-Rahasia' } });
      expect(supportResponse.parse(supported.json()).data).toEqual({ counted: true, supportersCount: 1 });
    });
  });

  describe('supports and visits', () => {
    /** Like the support page: the page token first (when the campaign exists), then the post. */
    const support = async (who: TestAccount | null, fingerprint: string, uri = 'supported', body: Record<string, unknown> = {}) => {
      const token = await call(who, { method: 'GET', url: `/api/v2/campaigns/${uri}/support-token`, fingerprint });
      const pageToken = token.statusCode === 200 ? supportTokenResponse.parse(token.json()).data.token : undefined;
      return call(who, { method: 'POST', url: `/api/v2/campaigns/${uri}/supports`, body: { ...body, ...(pageToken ? { pageToken } : {}) }, fingerprint });
    };
    const result = async (response: Promise<{ json(): unknown; statusCode: number }>) => supportResponse.parse((await response).json()).data;

    it('counts a support once per person', async () => {
      const created = await createOk(ana, { uri: 'supported' });
      const frameId = created.frames[0]!.id;
      expect(await result(support(null, 'fp-one', 'supported', { frameId }))).toEqual({ counted: true, supportersCount: 1 });
      expect(await result(support(null, 'fp-one'))).toEqual({ counted: false, supportersCount: 1 });
      // An account, then the same account from another device.
      expect(await result(support(bob, 'fp-two'))).toEqual({ counted: true, supportersCount: 2 });
      expect(await result(support(bob, 'fp-three'))).toEqual({ counted: false, supportersCount: 2 });
      // Anonymous first, then signed in on the same device: the support gets the account, not a second count.
      expect(await result(support(null, 'fp-four'))).toEqual({ counted: true, supportersCount: 3 });
      expect(await result(support(dina, 'fp-four'))).toEqual({ counted: false, supportersCount: 3 });
      expect(await result(support(dina, 'fp-five'))).toEqual({ counted: false, supportersCount: 3 });
      const [row] = await t.database.db.select().from(campaigns).where(eq(campaigns.uri, 'supported'));
      const rows = await t.database.db.select().from(campaignSupports).where(eq(campaignSupports.campaignId, row!.id));
      expect(rows).toHaveLength(3);
      expect(rows.filter((r) => r.accountId === dina.id)).toHaveLength(1);
      expect(rows.find((r) => r.frameId === frameId)).toBeDefined();
      // Only keyed hashes are stored.
      expect(rows.some((r) => r.fingerprint.includes('fp-'))).toBe(false);
      expect(campaignResponse.parse((await get('/api/v2/campaigns/supported')).json()).data.supportersCount).toBe(3);
    });

    it('counts concurrent duplicates once', async () => {
      await createOk(ana, { uri: 'rush' });
      const anonymous = await Promise.all(Array.from({ length: 5 }, () => result(support(null, 'fp-rush', 'rush'))));
      expect(anonymous.filter((r) => r.counted)).toHaveLength(1);
      const signed = await Promise.all(['fp-a', 'fp-b', 'fp-c', 'fp-d'].map((fp) => result(support(bob, fp, 'rush'))));
      expect(signed.filter((r) => r.counted)).toHaveLength(1);
      const [row] = await t.database.db.select().from(campaigns).where(eq(campaigns.uri, 'rush'));
      expect(row!.supportersCount).toBe(2);
      expect(await t.database.db.select().from(campaignSupports).where(eq(campaignSupports.campaignId, row!.id))).toHaveLength(2);
    });

    it('refuses a frame of another campaign and unknown campaigns, counting nothing', async () => {
      await createOk(ana, { uri: 'picky' });
      const other = campaignResponse.parse((await get('/api/v2/campaigns/by-link')).json()).data.frames[0]!.id;
      const refused = await support(null, 'fp-picky', 'picky', { frameId: other });
      expect([refused.statusCode, codeOf(refused)]).toEqual([400, 'VALIDATION_FAILED']);
      expect(codeOf(await support(null, 'fp-picky', 'picky', { frameId: 'not-a-uuid' }))).toBe('VALIDATION_FAILED');
      expect(codeOf(await support(null, 'fp-picky', 'no-such-campaign'))).toBe('NOT_FOUND');
      const [row] = await t.database.db.select().from(campaigns).where(eq(campaigns.uri, 'picky'));
      expect(row!.supportersCount).toBe(0);
    });

    it('counts a visit once per fingerprint per 30 minutes', async () => {
      await createOk(ana, { uri: 'visited' });
      const visit = (fingerprint: string) => call(null, { method: 'POST', url: '/api/v2/campaigns/visited/visits', fingerprint });
      expect((await visit('fp-v1')).statusCode).toBe(204);
      await Promise.all([visit('fp-v1'), visit('fp-v1'), visit('fp-v2')]);
      const visits = async () => (await t.database.db.select().from(campaigns).where(eq(campaigns.uri, 'visited')))[0]!.visitsCount;
      expect(await visits()).toBe(2);
      await t.database.db.update(campaignVisits).set({ lastAt: sql`now() - interval '31 minutes'` });
      await visit('fp-v1');
      expect(await visits()).toBe(3);
      expect(codeOf(await call(null, { method: 'POST', url: '/api/v2/campaigns/no-such/visits' }))).toBe('NOT_FOUND');
      expect(managedCampaignResponse.parse((await get('/api/v2/campaigns/visited/manage', ana)).json()).data.visitsCount).toBe(3);
    });
  });
});

describe.each(drivers)('campaign rate limits (%s)', (driver) => {
  let t: TestApp;
  let tokens: TokenService;
  beforeAll(async () => {
    t = await createTestApp(driver);
    tokens = await createTokenService(t.config);
  });
  afterAll(() => t.close());

  async function signIn(username: string) {
    const row = await insertCreator(t.database.db, username);
    return { row, authorization: `Bearer ${await issueIdToken({ database: t.database, storage: { publicUrl: (key: string) => `/files/${key}` } as never, tokens }, row)}` };
  }

  it('limits new campaigns per account', async () => {
    const { row, authorization } = await signIn('eager');
    const attempt = (i: number) =>
      signedInject(t.app, { method: 'POST', url: '/api/v2/campaigns', headers: { authorization }, body: { type: 'frame', uri: `eager-${i}`, title: 'Eager', frames: [{ key: `uploads/frame/${row.uuid}/missing.png` }] } });
    for (let i = 0; i < CAMPAIGN_CREATES_PER_ACCOUNT; i++) expect((await attempt(i)).statusCode).toBe(404);
    const limited = await attempt(99);
    expect([limited.statusCode, errorEnvelope.parse(limited.json()).code]).toEqual([429, 'RATE_LIMITED']);
  });

  // A flood guard only: without page tokens none of these count (docs/COUNTS.md; server/routes/campaignSupports.test.ts).
  it('limits support posts per IP with 429', async () => {
    const { row: owner } = await signIn('popular');
    const popular = await insertCampaign(t.database.db, owner.id, { uri: 'popular' });
    const count = async () => (await t.database.db.select({ count: campaigns.supportersCount }).from(campaigns).where(eq(campaigns.id, popular.id)))[0]?.count;
    const before = await count();
    const support = (i: number) => signedInject(t.app, { method: 'POST', url: '/api/v2/campaigns/popular/supports', body: {}, fingerprint: `script-${i}` });
    for (let i = 0; i < SUPPORTS_PER_IP; i++) expect((await support(i)).statusCode).toBe(200);
    const limited = await support(SUPPORTS_PER_IP);
    expect([limited.statusCode, errorEnvelope.parse(limited.json()).code]).toEqual([429, 'RATE_LIMITED']);
    expect(await count()).toBe(before);
  });

  it('limits access-code checks per IP; a wrong code costs one, and the owner needs none', async () => {
    const { row: owner, authorization } = await signIn('keeper');
    const guarded = await insertCampaign(t.database.db, owner.id, { uri: 'guarded', visibility: 'private' });
    await t.database.db.update(campaigns).set({ accessCodeHash: await hashPassword('right-code') }).where(eq(campaigns.id, guarded.id));
    const tryCode = (code: string) => signedInject(t.app, { method: 'POST', url: '/api/v2/campaigns/guarded/access', body: { code } });
    for (let i = 0; i < ACCESS_CODE_CHECKS_MAX; i++) expect(errorEnvelope.parse((await tryCode(`guess-${i}`)).json()).code).toBe('ACCESS_CODE_INVALID');
    const blocked = await tryCode('right-code');
    expect([blocked.statusCode, errorEnvelope.parse(blocked.json()).code]).toEqual([429, 'RATE_LIMITED']);
    expect((await signedInject(t.app, { method: 'GET', url: '/api/v2/campaigns/guarded', headers: { authorization } })).statusCode).toBe(200);
  });
});
