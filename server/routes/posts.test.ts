import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope } from '../../contract/errorEnvelope.ts';
import { CAMPAIGN_LIMITS } from '../../contract/campaignWrite.ts';
import { post as postSchema, POST_MAX_BYTES } from '../../contract/post.ts';
import { accounts, campaignFrames, campaigns, posts } from '../infra/db/schema.ts';
import type { FileStorage } from '../infra/storage/storage.ts';
import { insertCampaign, insertCreator } from '../testing/fixtures.ts';
import { putUpload, uploadAccepted } from '../testing/storageRequests.ts';
import { asAccount, passwordAccount } from '../testing/socialApp.ts';
import { storedKeys, storedObject } from '../testing/storedObjects.ts';
import { createTestApp, drivers, signedInject, type TestApp } from '../testing/testApp.ts';
import { POSTS_PER_HOUR } from './posts.ts';

type Format = 'jpeg' | 'png' | 'webp';

/** A real two-colour image; `exif` adds a tag the re-encode must strip. */
async function image(width: number, height: number, format: Format, exif = false): Promise<Buffer> {
  let pipeline = sharp({ create: { width, height, channels: 3, background: '#d11f3c' } }).composite([
    { input: { create: { width: Math.floor(width / 2), height, channels: 3, background: '#1f6fd1' } }, left: 0, top: 0 },
  ]);
  if (exif) pipeline = pipeline.withExif({ IFD0: { Copyright: 'GPS secret' } });
  return pipeline.toFormat(format).toBuffer();
}

describe.each(drivers)('posts (%s)', (driver) => {
  let t: TestApp;
  let storage: FileStorage;
  let ana: string;
  let budi: string;
  let anaUuid: string;

  beforeAll(async () => {
    t = await createTestApp(driver, { publicUrl: 'https://bingkai.test' });
    // The app's own storage, used directly to plant objects the upload route would refuse.
    storage = t.storage;
    ana = (await passwordAccount(t, { username: 'ana', email: 'ana@example.test' }))!;
    budi = (await passwordAccount(t, { username: 'budi', email: 'budi@example.test' }))!;
    anaUuid = (await t.database.db.select().from(accounts).where(eq(accounts.email, 'ana@example.test')))[0]!.uuid;
    const creator = await insertCreator(t.database.db, 'creator', 'public/avatars/creator/a.webp');
    const merdeka = await insertCampaign(t.database.db, creator.id, { uri: 'merdeka' });
    // A second, landscape frame: results of either frame are accepted.
    await t.database.db.insert(campaignFrames).values({ campaignId: merdeka.id, position: 1, storageKey: 'public/campaigns/merdeka/frame-1.png', width: 600, height: 400 });
    await insertCampaign(t.database.db, creator.id, { uri: 'quiet', visibility: 'unlisted' });
    await insertCampaign(t.database.db, creator.id, { uri: 'secret', visibility: 'private' });
    await insertCampaign(t.database.db, creator.id, { uri: 'later-private' });
  });
  afterAll(() => t.close());

  const envelope = (response: { json(): unknown }) => errorEnvelope.parse(response.json());
  /** Every post row and stored object: a refused request must leave both as they were. */
  const state = async () => ({
    posts: await t.database.db.select().from(posts).orderBy(posts.uri),
    files: await storedKeys(storage),
  });

  async function upload(token: string, contentType: string, bytes: Buffer): Promise<string> {
    const presigned = await asAccount(t, token, { method: 'POST', url: '/api/v2/posts/presigned', body: { contentType } });
    expect(presigned.statusCode, presigned.body).toBe(200);
    const grant = presigned.json().data;
    const put = await putUpload(t, grant, bytes);
    expect(put.statusCode, put.text()).toBe(uploadAccepted(t));
    return grant.key as string;
  }

  const create = (token: string, body: unknown) => asAccount(t, token, { method: 'POST', url: '/api/v2/posts', body });
  const read = (uri: string, token?: string) => (token ? asAccount(t, token, { method: 'GET', url: `/api/v2/posts/${uri}` }) : signedInject(t.app, { method: 'GET', url: `/api/v2/posts/${uri}` }));
  const remove = (uri: string, token: string) => asAccount(t, token, { method: 'DELETE', url: `/api/v2/posts/${uri}` });

  const stored = (key: string) => storedObject(storage, key);

  it('hands out an upload link for post results only', async () => {
    const response = await asAccount(t, ana, { method: 'POST', url: '/api/v2/posts/presigned', body: { contentType: 'image/jpeg' } });
    expect(response.statusCode).toBe(200);
    const grant = response.json().data;
    expect(grant.key).toMatch(new RegExp(`^uploads/post/${anaUuid}/[0-9a-f]+\\.jpg$`));
    expect(grant.maxBytes).toBe(POST_MAX_BYTES);
    const gif = await asAccount(t, ana, { method: 'POST', url: '/api/v2/posts/presigned', body: { contentType: 'image/gif' } });
    expect(gif.statusCode).toBe(400);
    const anonymous = await signedInject(t.app, { method: 'POST', url: '/api/v2/posts/presigned', body: { contentType: 'image/jpeg' } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('publishes a JPEG result of a frame’s size, re-encoded without metadata, and removes the raw upload', async () => {
    const key = await upload(ana, 'image/jpeg', await image(1080, 1080, 'jpeg', true));
    expect((await sharp((await stored(key))!.bytes).metadata()).exif).toBeDefined();
    const response = await create(ana, { campaignUri: 'merdeka', key, caption: '  I support freedom  ' });
    expect(response.statusCode, response.body).toBe(201);
    const post = postSchema.parse(response.json().data);
    expect(post.uri).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(post).toMatchObject({
      imageUrl: `https://bingkai.test/files/public/posts/${post.uri}.jpg`,
      width: 1080,
      height: 1080,
      caption: 'I support freedom',
      author: { username: 'ana', name: 'ana', avatarUrl: null },
      campaign: { uri: 'merdeka', title: 'Title merdeka', supportersCount: 3, creator: { username: 'creator', name: 'Name of creator', avatarUrl: 'https://bingkai.test/files/public/avatars/creator/a.webp' } },
    });
    const kept = (await stored(`public/posts/${post.uri}.jpg`))!;
    expect(kept.contentType).toBe('image/jpeg');
    const metadata = await sharp(kept.bytes).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 1080, height: 1080 });
    expect(metadata.exif).toBeUndefined();
    expect(await storage.exists(key)).toBe(false);

    const fetched = await read(post.uri);
    expect(fetched.statusCode).toBe(200);
    expect(fetched.json().data).toEqual(post);
    // The image is public: link previews fetch it without a signature.
    const file = await t.app.inject({ method: 'GET', url: `/files/public/posts/${post.uri}.jpg` });
    expect(file.statusCode).toBe(200);
  });

  it('accepts twice a frame’s size, keeps PNG as PNG, turns WebP into JPEG, and allows unlisted campaigns', async () => {
    const png = await create(ana, { campaignUri: 'merdeka', key: await upload(ana, 'image/png', await image(1200, 800, 'png')) });
    expect(png.statusCode, png.body).toBe(201);
    expect(png.json().data).toMatchObject({ width: 1200, height: 800, caption: '' });
    const pngUri = png.json().data.uri as string;
    expect(await sharp((await stored(`public/posts/${pngUri}.png`))!.bytes).metadata()).toMatchObject({ format: 'png', width: 1200, height: 800 });

    const webp = await create(budi, { campaignUri: 'quiet', key: await upload(budi, 'image/webp', await image(2160, 2160, 'webp')) });
    expect(webp.statusCode, webp.body).toBe(201);
    const webpUri = webp.json().data.uri as string;
    expect(webp.json().data.imageUrl).toBe(`https://bingkai.test/files/public/posts/${webpUri}.jpg`);
    expect(await sharp((await stored(`public/posts/${webpUri}.jpg`))!.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 2160, height: 2160 });
  });

  it('refuses results that are not of a frame’s size, and changes nothing', async () => {
    const key = await upload(ana, 'image/jpeg', await image(1000, 1000, 'jpeg'));
    const before = await state();
    const response = await create(ana, { campaignUri: 'merdeka', key });
    expect(response.statusCode).toBe(400);
    expect(envelope(response).message).toBe('The image is 1000×1000 pixels; a result of this campaign is 1080×1080, 2160×2160, 600×400, 1200×800');
    // A frame's size of another campaign's frame (600×400 belongs to merdeka only) is refused too.
    const landscape = await upload(ana, 'image/png', await image(600, 400, 'png'));
    const other = await create(ana, { campaignUri: 'quiet', key: landscape });
    expect(other.statusCode).toBe(400);
    // Both refused uploads are deleted at once; nothing else changed.
    expect(await state()).toEqual({ ...before, files: before.files.filter((file) => file !== key) });
  });

  it('refuses posting a private campaign publicly, and changes nothing', async () => {
    const key = await upload(ana, 'image/jpeg', await image(1080, 1080, 'jpeg'));
    const before = await state();
    const response = await create(ana, { campaignUri: 'secret', key });
    expect(response.statusCode).toBe(403);
    expect(envelope(response)).toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining('private') });
    expect(await state()).toEqual(before);
  });

  it('refuses unknown campaigns, foreign or missing uploads, bad content and bad fields, and changes nothing', async () => {
    const anaKey = await upload(ana, 'image/jpeg', await image(1080, 1080, 'jpeg'));
    // Planted directly: the upload route itself would refuse bytes that do not match their declared type.
    const gifKey = `uploads/post/${anaUuid}/planted.gif`;
    await storage.put(gifKey, await sharp({ create: { width: 1080, height: 1080, channels: 3, background: '#000' } }).gif().toBuffer(), { contentType: 'image/gif' });
    const brokenKey = `uploads/post/${anaUuid}/broken.png`;
    await storage.put(brokenKey, (await image(1080, 1080, 'png')).subarray(0, 200), { contentType: 'image/png' });
    const before = await state();

    const cases: Array<[token: string, body: Record<string, unknown>, status: number, code: string]> = [
      [ana, { campaignUri: 'no-such-campaign', key: anaKey }, 404, 'NOT_FOUND'],
      [budi, { campaignUri: 'merdeka', key: anaKey }, 403, 'FORBIDDEN'],
      [ana, { campaignUri: 'merdeka', key: `uploads/post/${anaUuid}/missing.jpg` }, 404, 'NOT_FOUND'],
      [ana, { campaignUri: 'merdeka', key: gifKey }, 415, 'UNSUPPORTED_MEDIA_TYPE'],
      [ana, { campaignUri: 'merdeka', key: brokenKey }, 400, 'BAD_REQUEST'],
      [ana, { campaignUri: 'merdeka', key: 'public/posts/steal.jpg' }, 400, 'VALIDATION_FAILED'],
      [ana, { campaignUri: 'merdeka', key: anaKey, caption: 'x'.repeat(CAMPAIGN_LIMITS.captionMax + 1) }, 400, 'VALIDATION_FAILED'],
      [ana, { campaignUri: 'merdeka', key: anaKey, extra: true }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [token, body, status, code] of cases) {
      const response = await create(token, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(envelope(response).code, JSON.stringify(body)).toBe(code);
    }
    const anonymous = await signedInject(t.app, { method: 'POST', url: '/api/v2/posts', body: { campaignUri: 'merdeka', key: anaKey } });
    expect(anonymous.statusCode).toBe(401);
    // The uploads refused for their content are gone; the good one, only sent to the wrong place, stays.
    expect(await state()).toEqual({ ...before, files: before.files.filter((file) => file !== gifKey && file !== brokenKey) });
    expect(await storage.exists(anaKey)).toBe(true);
  });

  it('answers 404 for unknown posts', async () => {
    expect((await read('Unknown123')).statusCode).toBe(404);
    expect(envelope(await read('Unknown123')).code).toBe('NOT_FOUND');
  });

  it('lets only the author delete a post; everyone else gets 404 and nothing changes', async () => {
    const created = await create(ana, { campaignUri: 'merdeka', key: await upload(ana, 'image/jpeg', await image(1080, 1080, 'jpeg')) });
    const uri = created.json().data.uri as string;
    const before = await state();
    expect(before.files).toContain(`public/posts/${uri}.jpg`);

    const byBudi = await remove(uri, budi);
    expect(byBudi.statusCode).toBe(404);
    expect(envelope(byBudi).code).toBe('NOT_FOUND');
    const anonymous = await signedInject(t.app, { method: 'DELETE', url: `/api/v2/posts/${uri}` });
    expect(anonymous.statusCode).toBe(401);
    expect(await state()).toEqual(before);

    const byAna = await remove(uri, ana);
    expect(byAna.statusCode).toBe(204);
    const after = await state();
    expect(after.posts.map((row) => row.uri)).not.toContain(uri);
    expect(after.files).not.toContain(`public/posts/${uri}.jpg`);
    expect(after.posts).toHaveLength(before.posts.length - 1);
    expect((await read(uri)).statusCode).toBe(404);
    expect((await remove(uri, ana)).statusCode).toBe(404);
  });

  it('hides a post from everyone but its author once its campaign turns private', async () => {
    const created = await create(budi, { campaignUri: 'later-private', key: await upload(budi, 'image/jpeg', await image(1080, 1080, 'jpeg')) });
    const uri = created.json().data.uri as string;
    expect((await read(uri)).statusCode).toBe(200);
    await t.database.db.update(campaigns).set({ visibility: 'private' }).where(eq(campaigns.uri, 'later-private'));
    expect((await read(uri)).statusCode).toBe(404);
    expect((await read(uri, ana)).statusCode).toBe(404);
    expect((await read(uri, budi)).statusCode).toBe(200);
  });

  it('limits post creation per account', async () => {
    const cara = (await passwordAccount(t, { username: 'cara', email: 'cara@example.test' }))!;
    const body = { campaignUri: 'no-such-campaign', key: 'uploads/post/x/y.jpg' };
    for (let i = 0; i < POSTS_PER_HOUR; i++) expect((await create(cara, body)).statusCode).toBe(404);
    const limited = await create(cara, body);
    expect(limited.statusCode).toBe(429);
    expect(envelope(limited).code).toBe('RATE_LIMITED');
    // Another account is not affected.
    expect((await create(budi, body)).statusCode).toBe(404);
  });
});
