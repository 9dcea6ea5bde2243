import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, campaigns, collectionCampaigns, collections } from '../infra/db/schema.ts';
import { LocalFileStorage } from '../infra/storage/localStorage.ts';
import { UrlSigner } from '../infra/storage/urlSigning.ts';
import { insertCampaign, insertCreator } from '../testing/fixtures.ts';
import { refusal } from '../testing/refusal.ts';
import { createTestDatabase, drivers, type TestDatabase } from '../testing/testApp.ts';
import type { AccountRow } from './accounts.ts';
import { CollectionService, coverFolder, escapeLike } from './collections.ts';
import { uploadPrefix } from './uploads.ts';

describe('escapeLike', () => {
  it('makes %, _ and \\ match themselves', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
  });
});

describe.each(drivers)('CollectionService (%s)', (driver) => {
  let database: TestDatabase;
  let root: string;
  let storage: LocalFileStorage;
  let service: CollectionService;
  let ana: AccountRow;
  let budi: AccountRow;

  const uris = (collection: { campaigns: { uri: string }[] }) => collection.campaigns.map((campaign) => campaign.uri);
  const fields = (uri: string, campaignUris: string[] = []) => ({ uri, title: `Collection ${uri}`, description: '', visibility: 'public' as const, campaigns: campaignUris });

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    root = await mkdtemp(join(tmpdir(), 'bingkai-collections-'));
    storage = new LocalFileStorage({ root, signer: new UrlSigner(new TextEncoder().encode('x'.repeat(32))), maxObjectBytes: 20 * 1024 * 1024, publicUrl: '' });
    service = new CollectionService(database.db, storage);
    ana = await insertCreator(database.db, 'ana');
    budi = await insertCreator(database.db, 'budi');
    await insertCampaign(database.db, ana.id, { uri: 'ana-public' });
    await insertCampaign(database.db, ana.id, { uri: 'ana-private', visibility: 'private' });
    await insertCampaign(database.db, ana.id, { uri: 'ana-unlisted', visibility: 'unlisted' });
    await insertCampaign(database.db, budi.id, { uri: 'budi-public' });
    await insertCampaign(database.db, budi.id, { uri: 'budi-private', visibility: 'private' });
    await insertCampaign(database.db, budi.id, { uri: 'budi-unlisted', visibility: 'unlisted' });
    await database.db.update(campaigns).set({ supportersCount: 10 }).where(eq(campaigns.uri, 'budi-public'));
  });
  afterAll(async () => {
    await database.dispose();
    await rm(root, { recursive: true, force: true });
  });

  it('creates a collection in the given order, with the total of its supporters', async () => {
    const created = await service.create(ana, { ...fields('favourites', ['budi-public', 'ana-public', 'ana-private']), description: 'Best ones' });
    expect(created).toMatchObject({ uri: 'favourites', title: 'Collection favourites', description: 'Best ones', visibility: 'public', isOwner: true, hasCover: false, creator: { username: 'ana' } });
    expect(uris(created)).toEqual(['budi-public', 'ana-public', 'ana-private']);
    // The cover falls back to the first campaign's thumbnail.
    expect(created.coverUrl).toBe('/files/public/campaigns/budi-public/thumbnail.jpg');
  });

  it('shows visitors only the public campaigns, and the owner their own of every visibility', async () => {
    const visitor = await service.read('favourites');
    expect(uris(visitor)).toEqual(['budi-public', 'ana-public']);
    expect(visitor).toMatchObject({ isOwner: false, campaignsCount: 2, supportersCount: 13 });
    expect(uris(await service.read('favourites', budi.id))).toEqual(['budi-public', 'ana-public']);
    const owner = await service.read('favourites', ana.id);
    expect(owner).toMatchObject({ campaignsCount: 3, supportersCount: 16 });
    expect(owner.campaigns.map((campaign) => campaign.visibility)).toEqual(['public', 'public', 'private']);
  });

  it('refuses a taken link, and changes nothing', async () => {
    const before = await database.db.select().from(collections);
    expect(await refusal(service.create(budi, fields('favourites')))).toMatchObject({ code: 'URI_TAKEN' });
    expect(await database.db.select().from(collections)).toEqual(before);
    expect(await service.uriAvailability('Favourites')).toEqual({ uri: 'favourites', available: false, reason: 'taken' });
    expect(await service.uriAvailability('explore')).toEqual({ uri: 'explore', available: false, reason: 'reserved' });
    expect(await service.uriAvailability('free-one')).toEqual({ uri: 'free-one', available: true });
  });

  it("refuses someone else's private or unlisted campaign and unknown links alike, and writes nothing", async () => {
    for (const refused of ['budi-private', 'budi-unlisted', 'no-such-campaign']) {
      const error = await refusal(service.create(ana, fields('refused', ['ana-public', refused])));
      expect(error, refused).toMatchObject({ code: 'VALIDATION_FAILED', fields: { campaigns: expect.stringContaining(refused) } });
    }
    expect(await database.db.select().from(collections).where(eq(collections.uri, 'refused'))).toEqual([]);
    const before = await database.db.select().from(collectionCampaigns);
    expect(await refusal(service.update(ana, 'favourites', { campaigns: ['budi-private'] }))).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await database.db.select().from(collectionCampaigns)).toEqual(before);
    // The owner's own unlisted and private campaigns may be added.
    expect(uris(await service.create(ana, fields('own-hidden', ['ana-unlisted', 'ana-private'])))).toEqual(['ana-unlisted', 'ana-private']);
  });

  it('persists a new order, keeping when each campaign was added', async () => {
    const [first] = await database.db.select().from(collectionCampaigns).innerJoin(campaigns, eq(campaigns.id, collectionCampaigns.campaignId)).where(eq(campaigns.uri, 'ana-public'));
    const updated = await service.update(ana, 'favourites', { campaigns: ['ana-private', 'ana-public', 'budi-public'] });
    expect(uris(updated)).toEqual(['ana-private', 'ana-public', 'budi-public']);
    expect(uris(await new CollectionService(database.db, storage).read('favourites', ana.id))).toEqual(['ana-private', 'ana-public', 'budi-public']);
    const [after] = await database.db.select().from(collectionCampaigns).innerJoin(campaigns, eq(campaigns.id, collectionCampaigns.campaignId)).where(eq(campaigns.uri, 'ana-public'));
    expect(after!.collection_campaigns.addedAt).toEqual(first!.collection_campaigns.addedAt);
    // Removing is leaving out.
    expect(uris(await service.update(ana, 'favourites', { campaigns: ['budi-public', 'ana-public'] }))).toEqual(['budi-public', 'ana-public']);
  });

  it("keeps a campaign the owner can no longer see when they reorder, and shows it to nobody", async () => {
    await service.create(ana, fields('keeps-hidden', ['ana-public', 'budi-public']));
    await database.db.update(campaigns).set({ visibility: 'private' }).where(eq(campaigns.uri, 'budi-public'));
    try {
      expect(uris(await service.read('keeps-hidden', ana.id))).toEqual(['ana-public']);
      await service.update(ana, 'keeps-hidden', { campaigns: ['ana-public'] });
      const rows = await database.db
        .select({ uri: campaigns.uri, position: collectionCampaigns.position })
        .from(collectionCampaigns)
        .innerJoin(campaigns, eq(campaigns.id, collectionCampaigns.campaignId))
        .innerJoin(collections, eq(collections.id, collectionCampaigns.collectionId))
        .where(eq(collections.uri, 'keeps-hidden'))
        .orderBy(collectionCampaigns.position);
      expect(rows).toEqual([
        { uri: 'ana-public', position: 0 },
        { uri: 'budi-public', position: 1 },
      ]);
    } finally {
      await database.db.update(campaigns).set({ visibility: 'public' }).where(eq(campaigns.uri, 'budi-public'));
    }
    expect(uris(await service.read('keeps-hidden'))).toEqual(['ana-public', 'budi-public']);
  });

  it('lists public collections, never unlisted ones; the owner lists both', async () => {
    await service.create(budi, { ...fields('budi-secret-list', ['budi-public']), visibility: 'unlisted' });
    const listed = (await service.listPublic(1, 50)).items.map((item) => item.uri);
    expect(listed).toContain('favourites');
    expect(listed).not.toContain('budi-secret-list');
    expect((await service.listPublic(1, 50, budi.id)).items).toEqual([]);
    // Reachable by its link all the same.
    expect(uris(await service.read('budi-secret-list'))).toEqual(['budi-public']);
    const own = await service.listOwn(budi.id, 1, 10);
    expect(own).toMatchObject({ total: 1, items: [{ uri: 'budi-secret-list', visibility: 'unlisted', campaignsCount: 1, supportersCount: 10 }] });
  });

  it("lets only the owner change or delete a collection: 403 for others, 404 when unknown", async () => {
    expect(await refusal(service.update(budi, 'favourites', { title: 'Mine now' }))).toMatchObject({ code: 'FORBIDDEN' });
    expect(await refusal(service.delete(budi, 'favourites'))).toMatchObject({ code: 'FORBIDDEN' });
    expect(await refusal(service.update(ana, 'nothing-here', { title: 'New' }))).toMatchObject({ code: 'NOT_FOUND' });
    expect((await service.read('favourites')).title).toBe('Collection favourites');
  });

  it('renames the link, refusing one another collection has', async () => {
    expect(await refusal(service.update(ana, 'own-hidden', { uri: 'favourites' }))).toMatchObject({ code: 'URI_TAKEN' });
    const renamed = await service.update(ana, 'own-hidden', { uri: 'renamed-list', title: 'Renamed' });
    expect(renamed).toMatchObject({ uri: 'renamed-list', title: 'Renamed' });
    expect(await service.find('own-hidden')).toBeNull();
  });

  it('finds candidates by title among own campaigns (first) and public ones', async () => {
    const all = await service.candidates(ana, '', 20);
    expect(all.map((c) => c.uri)).toEqual(expect.arrayContaining(['ana-public', 'ana-private', 'ana-unlisted', 'budi-public']));
    expect(all.map((c) => c.uri)).not.toContain('budi-private');
    expect(all.map((c) => c.uri)).not.toContain('budi-unlisted');
    expect(all.slice(0, 3).every((c) => c.own)).toBe(true);
    expect((await service.candidates(ana, 'BUDI', 20)).map((c) => c.uri)).toEqual(['budi-public']);
    expect(await service.candidates(ana, '%', 20)).toEqual([]);
  });

  it('adopts a cover checked by content, replaces and removes it, and deletes it with the collection', async () => {
    const raw = `${uploadPrefix('collection', ana.uuid)}cover.png`;
    await storage.put(raw, await sharp({ create: { width: 400, height: 300, channels: 3, background: '#2a7' } }).png().toBuffer(), { contentType: 'image/png' });
    const withCover = await service.update(ana, 'favourites', { cover: raw });
    expect(withCover.hasCover).toBe(true);
    const key = withCover.coverUrl!.replace(/^\/files\//, '');
    expect(key.startsWith(`${coverFolder(ana.uuid)}/`)).toBe(true);
    expect(await sharp(await readAll(storage, key)).metadata()).toMatchObject({ format: 'webp', width: 1200, height: 630 });
    expect(await storage.get(raw)).toBeNull();

    // Not an image: refused by content, nothing changes.
    const fake = `${uploadPrefix('collection', ana.uuid)}fake.png`;
    await storage.put(fake, Buffer.from('not really a png'), { contentType: 'image/png' });
    expect(await refusal(service.update(ana, 'favourites', { cover: fake }))).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect((await service.read('favourites')).coverUrl).toBe(withCover.coverUrl);
    // Someone else's upload is refused.
    expect(await refusal(service.update(budi, 'budi-secret-list', { cover: raw }))).toMatchObject({ code: 'FORBIDDEN' });

    const removed = await service.update(ana, 'favourites', { cover: null });
    expect(removed.hasCover).toBe(false);
    expect(await storage.get(key)).toBeNull();

    const again = `${uploadPrefix('collection', ana.uuid)}again.png`;
    await storage.put(again, await sharp({ create: { width: 64, height: 64, channels: 3, background: '#a27' } }).png().toBuffer(), { contentType: 'image/png' });
    const coverKey = (await service.update(ana, 'favourites', { cover: again })).coverUrl!.replace(/^\/files\//, '');
    const [collection] = await database.db.select().from(collections).where(eq(collections.uri, 'favourites'));
    await service.delete(ana, 'favourites');
    expect(await service.find('favourites')).toBeNull();
    // The entries go by cascade, the campaigns stay.
    expect(await database.db.select().from(collectionCampaigns).where(eq(collectionCampaigns.collectionId, collection!.id))).toEqual([]);
    expect(await database.db.select({ uri: campaigns.uri }).from(campaigns).where(eq(campaigns.uri, 'ana-public'))).toHaveLength(1);
    expect(await storage.get(coverKey)).toBeNull();
  });

  it("goes with its creator's account", async () => {
    const carla = await insertCreator(database.db, 'carla');
    await service.create(carla, fields('carla-list', ['budi-public']));
    await database.db.delete(accounts).where(eq(accounts.id, carla.id));
    expect(await service.find('carla-list')).toBeNull();
  });
});

async function readAll(storage: LocalFileStorage, key: string): Promise<Buffer> {
  const object = await storage.get(key);
  if (!object) throw new Error(`missing ${key}`);
  const chunks: Buffer[] = [];
  for await (const chunk of object.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
