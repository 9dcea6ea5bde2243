import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { campaignFrames, campaigns, posts } from '../infra/db/schema.ts';
import { LocalFileStorage } from '../infra/storage/localStorage.ts';
import { UrlSigner } from '../infra/storage/urlSigning.ts';
import { insertCampaign, insertCreator } from '../testing/fixtures.ts';
import { createTestApp, createTestDatabase, drivers, type TestDatabase } from '../testing/testApp.ts';
import { moveMisplacedCampaignImages, sweepCampaignAssets } from './campaignAssetSweep.ts';

const HOUR = 3600;
const signer = new UrlSigner(new TextEncoder().encode('asset-sweep-test-secret-0123456789'));

describe.each(drivers)('campaign image sweep (%s)', (driver) => {
  let root: string;
  let storage: LocalFileStorage;
  let database: TestDatabase;
  let bytes: Buffer;

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'bingkai-asset-sweep-'));
    storage = new LocalFileStorage({ root, signer, maxObjectBytes: 1024 * 1024, publicUrl: '' });
    database = await createTestDatabase(driver);
    bytes = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#336699' } }).png().toBuffer();
  });
  afterEach(async () => {
    await database.dispose();
    await rm(root, { recursive: true, force: true });
  });

  /** Stores an object and back-dates its file, as if written `ageSeconds` ago. */
  async function putAged(key: string, ageSeconds: number): Promise<string> {
    await storage.put(key, bytes, { contentType: 'image/png' });
    const when = new Date(Date.now() - ageSeconds * 1000);
    await utimes(join(root, 'objects', key), when, when);
    return key;
  }

  /** A live campaign whose rows name images in its own folder (public or private), all written long ago. */
  async function liveCampaign(uri: string, folderRoot: 'public' | 'private') {
    const creator = await insertCreator(database.db, `maker-${uri}`);
    const row = await insertCampaign(database.db, creator.id, { uri, visibility: folderRoot === 'private' ? 'private' : 'public' });
    const folder = `${folderRoot}/campaigns/${row.id}/`;
    const keys = { thumbnailKey: `${folder}thumbnail-a.webp`, ogImageKey: `${folder}og-a.jpg`, ogSquareKey: `${folder}og-square-a.jpg`, frameDisplayKey: `${folder}frame-display-a.webp` };
    await database.db.update(campaigns).set(keys).where(eq(campaigns.id, row.id));
    const frameKey = `${folder}frames/a.png`;
    await database.db.update(campaignFrames).set({ storageKey: frameKey }).where(eq(campaignFrames.campaignId, row.id));
    const postKey = `${folderRoot}/posts/post${uri}-a.jpg`;
    await database.db.insert(posts).values({ uri: `post${uri}`, campaignId: row.id, authorId: creator.id, imageKey: postKey, width: 1080, height: 1080 });
    const named = [...Object.values(keys), frameKey, postKey];
    for (const key of named) await putAged(key, 30 * 24 * HOUR);
    return { id: row.id, folder, named };
  }

  it('removes the folders of interrupted creates and what interrupted moves left, once older than the limit; keeps the rest', async () => {
    const open = await liveCampaign('open', 'public');
    const closed = await liveCampaign('closed', 'private');
    // An interrupted create: images stored, rows never committed.
    const orphan = randomUUID();
    const orphanKeys = [
      await putAged(`public/campaigns/${orphan}/frames/x.png`, 2 * HOUR),
      await putAged(`public/campaigns/${orphan}/thumbnail-x.webp`, 2 * HOUR),
      await putAged(`private/campaigns/${randomUUID()}/og-x.jpg`, 2 * HOUR),
    ];
    // Copies an interrupted move left beside live images, and a post image no row names.
    const leftovers = [
      await putAged(`${open.folder}frames/copy.png`, 2 * HOUR),
      await putAged(`${closed.folder}thumbnail-copy.webp`, 2 * HOUR),
      await putAged('private/posts/postopen-copy.jpg', 2 * HOUR),
    ];
    // Possibly a write in progress: younger than the limit.
    const fresh = [await putAged(`public/campaigns/${randomUUID()}/frames/new.png`, 60), await putAged(`${open.folder}frames/new.png`, 60), await putAged('public/posts/fresh.jpg', 60)];
    // Not a campaign folder at all.
    const foreign = await putAged('public/campaigns/demo/frame.png', 30 * 24 * HOUR);

    const deleted = await sweepCampaignAssets(database.db, storage, HOUR);

    expect(deleted.sort()).toEqual([...orphanKeys, ...leftovers].sort());
    for (const key of [...orphanKeys, ...leftovers]) expect(await storage.exists(key), key).toBe(false);
    for (const key of [...open.named, ...closed.named, ...fresh, foreign]) expect(await storage.exists(key), key).toBe(true);
    expect(await sweepCampaignAssets(database.db, storage, HOUR)).toEqual([]);
  });

  it('moves the public images of a campaign that is private (stored before keys followed visibility) out of public/', async () => {
    const legacy = await liveCampaign('legacy', 'public');
    await database.db.update(campaigns).set({ visibility: 'private' }).where(eq(campaigns.id, legacy.id));
    const open = await liveCampaign('still-open', 'public');

    expect(await moveMisplacedCampaignImages(database.db, storage)).toBe(1);

    const [row] = await database.db.select().from(campaigns).where(eq(campaigns.id, legacy.id));
    const [frameRow] = await database.db.select().from(campaignFrames).where(eq(campaignFrames.campaignId, legacy.id));
    const [postRow] = await database.db.select().from(posts).where(eq(posts.campaignId, legacy.id));
    const now = [row!.thumbnailKey!, row!.ogImageKey!, row!.ogSquareKey!, frameRow!.storageKey, postRow!.imageKey];
    for (const key of now) {
      expect(key.startsWith('private/'), key).toBe(true);
      expect(await storage.exists(key), key).toBe(true);
    }
    // The URLs it had while public answer nothing any more; the public campaign is untouched.
    for (const key of legacy.named) expect(await storage.exists(key), key).toBe(false);
    for (const key of open.named) expect(await storage.exists(key), key).toBe(true);
    expect(await moveMisplacedCampaignImages(database.db, storage)).toBe(0);
    // What it wrote is named by the rows, so the orphan sweep keeps it.
    expect(await sweepCampaignAssets(database.db, storage, HOUR, Date.now() + 2 * HOUR * 1000)).toEqual([]);
  });
});

describe.each(drivers)('campaign image sweep in the server (%s)', (driver) => {
  it('runs with the upload sweep when the app starts', async () => {
    const root = await mkdtemp(join(tmpdir(), 'bingkai-asset-sweep-app-'));
    const storage = new LocalFileStorage({ root, signer, maxObjectBytes: 1024 * 1024, publicUrl: '' });
    const key = `private/campaigns/${randomUUID()}/frames/x.png`;
    await storage.put(key, await sharp({ create: { width: 16, height: 16, channels: 3, background: '#336699' } }).png().toBuffer(), { contentType: 'image/png' });
    const old = new Date(Date.now() - 2 * HOUR * 1000);
    await utimes(join(root, 'objects', key), old, old);
    const t = await createTestApp(driver, { uploadTtlSeconds: HOUR }, { storage });
    try {
      const end = Date.now() + 10_000;
      while (await storage.exists(key)) {
        if (Date.now() > end) throw new Error('the orphaned folder was not swept');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await t.close();
      await rm(root, { recursive: true, force: true });
    }
  });
});
