import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collection as collectionSchema } from '../../contract/collection.ts';
import { errorEnvelope } from '../../contract/errorEnvelope.ts';
import { accounts, collectionCampaigns, collections } from '../infra/db/schema.ts';
import { insertCampaign } from '../testing/fixtures.ts';
import { builtIndexHtml, metaOf, titleOf } from '../testing/pageHead.ts';
import { asAccount, passwordAccount } from '../testing/socialApp.ts';
import { fetchFile, putUpload, uploadAccepted } from '../testing/storageRequests.ts';
import { createTestApp, drivers, signedInject, type TestApp } from '../testing/testApp.ts';

describe.each(drivers)('collection routes (%s)', (driver) => {
  let t: TestApp;
  let dist: string;
  let ana: string;
  let budi: string;

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'bingkai-dist-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), await builtIndexHtml());
    t = await createTestApp(driver, { distDir: dist, publicUrl: 'https://bingkai.test' });
    ana = (await passwordAccount(t, { username: 'ana', email: 'ana@example.test' }))!;
    budi = (await passwordAccount(t, { username: 'budi', email: 'budi@example.test' }))!;
    const idOf = async (email: string) => (await t.database.db.select().from(accounts).where(eq(accounts.email, email)))[0]!.id;
    const anaId = await idOf('ana@example.test');
    const budiId = await idOf('budi@example.test');
    await insertCampaign(t.database.db, anaId, { uri: 'ana-one' });
    await insertCampaign(t.database.db, anaId, { uri: 'ana-secret', visibility: 'private' });
    await insertCampaign(t.database.db, budiId, { uri: 'budi-one' });
    await insertCampaign(t.database.db, budiId, { uri: 'budi-secret', visibility: 'private' });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  const envelope = (response: { json(): unknown }) => errorEnvelope.parse(response.json());
  const rows = async () => ({ collections: await t.database.db.select().from(collections).orderBy(collections.uri), entries: await t.database.db.select().from(collectionCampaigns) });
  const create = (token: string, body: unknown) => asAccount(t, token, { method: 'POST', url: '/api/v2/collections', body });

  it('creates a collection for a signed-in creator and reads it back for anyone', async () => {
    const created = await create(ana, { uri: 'my-picks', title: 'My picks', description: 'The ones I love', campaigns: ['budi-one', 'ana-secret', 'ana-one'] });
    expect(created.statusCode, created.body).toBe(201);
    const data = collectionSchema.parse(created.json().data);
    expect(data.campaigns.map((c) => c.uri)).toEqual(['budi-one', 'ana-secret', 'ana-one']);
    expect(data.isOwner).toBe(true);

    const visitor = await signedInject(t.app, { method: 'GET', url: '/api/v2/collections/my-picks' });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json().data).toMatchObject({ isOwner: false, title: 'My picks', creator: { username: 'ana' }, campaignsCount: 2, supportersCount: 6 });
    expect(visitor.json().data.campaigns.map((c: { uri: string }) => c.uri)).toEqual(['budi-one', 'ana-one']);
    const owner = await asAccount(t, ana, { method: 'GET', url: '/api/v2/collections/my-picks' });
    expect(owner.json().data.campaigns).toHaveLength(3);
    expect(owner.headers['cache-control']).toBe('private, no-store');
  });

  it('needs an account for every write and for the own lists', async () => {
    const before = await rows();
    for (const request of [
      { method: 'POST', url: '/api/v2/collections', body: { uri: 'anon-list', title: 'Anonymous' } },
      { method: 'PATCH', url: '/api/v2/collections/my-picks', body: { title: 'Taken over' } },
      { method: 'DELETE', url: '/api/v2/collections/my-picks' },
      { method: 'POST', url: '/api/v2/collections/presigned', body: { contentType: 'image/png' } },
      { method: 'GET', url: '/api/v2/account/collections' },
      { method: 'GET', url: '/api/v2/account/collection-candidates?q=one' },
    ] as const) {
      const response = await signedInject(t.app, request);
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(401);
      expect(envelope(response).code).toBe('UNAUTHORIZED');
    }
    expect(await rows()).toEqual(before);
  });

  it('refuses bad input with 400 and the envelope, and writes nothing', async () => {
    const before = await rows();
    const cases: Array<[unknown, string]> = [
      [{ uri: 'Bad Link!', title: 'Fine title' }, 'uri'],
      [{ uri: 'explore', title: 'Fine title' }, 'uri'],
      [{ uri: 'ok-link', title: 'x' }, 'title'],
      [{ uri: 'ok-link', title: 'Fine title', visibility: 'private' }, 'visibility'],
      [{ uri: 'ok-link', title: 'Fine title', campaigns: ['ana-one', 'ana-one'] }, 'campaigns'],
      [{ uri: 'ok-link', title: 'Fine title', cover: '../../etc/passwd' }, 'cover'],
      [{ uri: 'ok-link', title: 'Fine title', extra: true }, ''],
    ];
    for (const [body, field] of cases) {
      const response = await create(ana, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const problem = envelope(response);
      expect(problem.code).toBe('VALIDATION_FAILED');
      if (field) expect(Object.keys(problem.fields ?? {}).join(' '), JSON.stringify(body)).toContain(field);
    }
    const taken = await create(budi, { uri: 'my-picks', title: 'Mine too' });
    expect(taken.statusCode).toBe(409);
    expect(envelope(taken).code).toBe('URI_TAKEN');
    const foreign = await create(ana, { uri: 'ok-link', title: 'Fine title', campaigns: ['budi-secret'] });
    expect(foreign.statusCode).toBe(400);
    expect(envelope(foreign).fields?.campaigns).toContain('budi-secret');
    const emptyPatch = await asAccount(t, ana, { method: 'PATCH', url: '/api/v2/collections/my-picks', body: {} });
    expect(emptyPatch.statusCode).toBe(400);
    expect(await rows()).toEqual(before);
  });

  it('lets only the owner change or delete: 403 for others, 404 for unknown links', async () => {
    const before = await rows();
    const patch = await asAccount(t, budi, { method: 'PATCH', url: '/api/v2/collections/my-picks', body: { title: 'Taken over' } });
    expect(patch.statusCode).toBe(403);
    expect(envelope(patch).code).toBe('FORBIDDEN');
    const remove = await asAccount(t, budi, { method: 'DELETE', url: '/api/v2/collections/my-picks' });
    expect(remove.statusCode).toBe(403);
    expect(await rows()).toEqual(before);
    expect((await asAccount(t, ana, { method: 'PATCH', url: '/api/v2/collections/not-there', body: { title: 'New title' } })).statusCode).toBe(404);
    expect((await signedInject(t.app, { method: 'GET', url: '/api/v2/collections/not-there' })).statusCode).toBe(404);
    expect((await signedInject(t.app, { method: 'GET', url: '/api/v2/collections/Not%20A%20Link' })).statusCode).toBe(400);
  });

  it('reorders, lists own collections and unlisted ones only for their owner', async () => {
    const reordered = await asAccount(t, ana, { method: 'PATCH', url: '/api/v2/collections/my-picks', body: { campaigns: ['ana-one', 'budi-one'], visibility: 'unlisted' } });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json().data.campaigns.map((c: { uri: string }) => c.uri)).toEqual(['ana-one', 'budi-one']);
    const own = await asAccount(t, ana, { method: 'GET', url: '/api/v2/account/collections' });
    expect(own.json().data).toMatchObject({ total: 1, items: [{ uri: 'my-picks', visibility: 'unlisted', campaignsCount: 2 }] });
    expect((await asAccount(t, budi, { method: 'GET', url: '/api/v2/account/collections' })).json().data.total).toBe(0);
    // Unlisted: still opens by its link.
    expect((await signedInject(t.app, { method: 'GET', url: '/api/v2/collections/my-picks' })).statusCode).toBe(200);
  });

  it('offers candidates by title: own campaigns of any visibility and public ones', async () => {
    const response = await asAccount(t, ana, { method: 'GET', url: '/api/v2/account/collection-candidates?q=secret' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.items.map((c: { uri: string; own: boolean }) => [c.uri, c.own])).toEqual([['ana-secret', true]]);
    expect((await asAccount(t, ana, { method: 'GET', url: '/api/v2/account/collection-candidates?limit=500' })).statusCode).toBe(400);
  });

  it('takes a cover through the presigned upload, checked by content', async () => {
    const upload = async (bytes: Buffer, contentType: string) => {
      const presigned = await asAccount(t, ana, { method: 'POST', url: '/api/v2/collections/presigned', body: { contentType } });
      expect(presigned.statusCode, presigned.body).toBe(200);
      const grant = presigned.json().data;
      const put = await putUpload(t, grant, bytes);
      expect(put.statusCode, put.text()).toBe(uploadAccepted(t));
      return grant.key as string;
    };
    const before = await rows();
    // A PNG by its first bytes whose pixels are cut off: passes the upload's type sniff, not sharp's decode.
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#a37' } }).png().toBuffer();
    const truncated = await upload(png.subarray(0, 80), 'image/png');
    const refused = await asAccount(t, ana, { method: 'PATCH', url: '/api/v2/collections/my-picks', body: { cover: truncated } });
    expect(refused.statusCode).toBe(400);
    expect(envelope(refused).code).toBe('BAD_REQUEST');
    expect(await rows()).toEqual(before);
    // Budi cannot use Ana's upload.
    const good = await upload(await sharp({ create: { width: 800, height: 600, channels: 3, background: '#37a' } }).jpeg().toBuffer(), 'image/jpeg');
    expect((await create(budi, { uri: 'budi-list', title: 'Budi list', cover: good })).statusCode).toBe(403);
    const withCover = await asAccount(t, ana, { method: 'PATCH', url: '/api/v2/collections/my-picks', body: { cover: good } });
    expect(withCover.statusCode, withCover.body).toBe(200);
    expect(withCover.json().data).toMatchObject({ hasCover: true, coverUrl: expect.stringMatching(/^https:\/\/bingkai\.test\/files\/public\/collections\/.+\.webp$/) });
    const file = await fetchFile(t, withCover.json().data.coverUrl);
    expect(file.statusCode).toBe(200);
    expect(await sharp(file.body).metadata()).toMatchObject({ format: 'webp', width: 1200, height: 630 });
  });

  it("renders the collection page's link preview", async () => {
    await asAccount(t, ana, { method: 'PATCH', url: '/api/v2/collections/my-picks', body: { title: 'My <best> picks', visibility: 'public' } });
    const page = await t.app.inject({ method: 'GET', url: '/c/my-picks', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(titleOf(page.body)).toBe('My &lt;best&gt; picks · Bingkai');
    const meta = metaOf(page.body);
    expect(meta).toMatchObject({ 'og:title': 'My <best> picks', 'og:description': 'The ones I love', 'og:url': 'https://bingkai.test/c/my-picks', 'og:image:width': '1200', 'og:image:height': '630' });
    expect(meta['og:image']).toMatch(/^https:\/\/bingkai\.test\/files\/public\/collections\//);
    expect(page.body).toContain('<link rel="canonical" href="https://bingkai.test/c/my-picks" />');
    const missing = await t.app.inject({ method: 'GET', url: '/c/nobody-here', headers: { accept: 'text/html' } });
    expect(missing.statusCode).toBe(404);
  });

  it('deletes a collection for its owner', async () => {
    const response = await asAccount(t, ana, { method: 'DELETE', url: '/api/v2/collections/my-picks' });
    expect(response.statusCode).toBe(204);
    expect((await signedInject(t.app, { method: 'GET', url: '/api/v2/collections/my-picks' })).statusCode).toBe(404);
    expect((await rows()).entries).toEqual([]);
  });
});
