import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCacheBus, type CacheBus } from '../infra/cacheBus.ts';
import { campaignFrames, campaigns } from '../infra/db/schema.ts';
import { LocalFileStorage } from '../infra/storage/localStorage.ts';
import type { FileStorage } from '../infra/storage/storage.ts';
import { UrlSigner } from '../infra/storage/urlSigning.ts';
import { insertCampaign, insertCreator } from '../testing/fixtures.ts';
import { framePng } from '../testing/framePng.ts';
import { storedKeys, storedObject } from '../testing/storedObjects.ts';
import { createTestDatabase, drivers, type TestDatabase } from '../testing/testApp.ts';
import { NO_PREVIEWS } from './campaignAssets.ts';
import { campaignPreviewsCatchUpJob, makeCampaignPreviews, type CampaignPreviewsDeps } from './campaignPreviews.ts';
import { CampaignService } from './campaigns.ts';

const signer = new UrlSigner(new TextEncoder().encode('campaign-previews-test-secret-0123'));
const silent = { warn: () => undefined };

describe.each(drivers)('campaign previews job (%s)', (driver) => {
  let root: string;
  let storage: LocalFileStorage;
  let database: TestDatabase;
  let bus: CacheBus;
  let deps: CampaignPreviewsDeps;

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'bingkai-previews-'));
    storage = new LocalFileStorage({ root, signer, maxObjectBytes: 8 * 1024 * 1024, publicUrl: '' });
    database = await createTestDatabase(driver);
    bus = await createCacheBus(undefined, () => undefined);
    deps = { db: database.db, storage, cacheBus: bus };
  });
  afterEach(async () => {
    await database.dispose();
    await rm(root, { recursive: true, force: true });
  });

  /** A campaign as a create leaves it: its frame stored, no thumbnail or link previews yet. */
  async function freshCampaign(uri: string) {
    const creator = await insertCreator(database.db, `maker-${uri}`);
    const row = await insertCampaign(database.db, creator.id, { uri });
    const frameKey = `public/campaigns/${row.id}/frames/first.png`;
    const holes = [{ x: 200, y: 150, width: 400, height: 450 }];
    await storage.put(frameKey, await framePng({ width: 800, height: 800, holes }), { contentType: 'image/png' });
    await database.db.update(campaignFrames).set({ storageKey: frameKey, width: 800, height: 800, holes }).where(eq(campaignFrames.campaignId, row.id));
    await database.db.update(campaigns).set(NO_PREVIEWS).where(eq(campaigns.id, row.id));
    return { id: row.id, frameKey };
  }

  const rowOf = async (id: string) => (await database.db.select().from(campaigns).where(eq(campaigns.id, id)))[0]!;

  it('shows the first frame until the job has run, then the made thumbnail and link previews, dropping cached reads', async () => {
    const { id, frameKey } = await freshCampaign('fresh');
    // A read cache far longer than the test: only the bus can make the second read see the previews.
    const reads = new CampaignService(database.db, storage, 60 * 60_000, undefined, bus);
    const before = (await reads.findReadable('fresh'))!;
    expect(before.thumbnailUrl).toBe(`/files/${frameKey}`);
    expect(before.ogImageUrl).toBe(`/files/${frameKey}`);
    expect(before.firstFrameDisplayUrl).toBeNull();

    expect(await makeCampaignPreviews(deps, id)).toBe('made');

    const row = await rowOf(id);
    const after = (await reads.findReadable('fresh'))!;
    expect(after.thumbnailUrl).toBe(`/files/${row.thumbnailKey}`);
    expect(after.ogImageUrl).toBe(`/files/${row.ogImageKey}`);
    expect(after.firstFrameDisplayUrl).toBe(`/files/${row.frameDisplayKey}`);
    const sizes = await Promise.all(
      [row.thumbnailKey, row.ogImageKey, row.ogSquareKey, row.frameDisplayKey].map(async (key) => {
        const stored = await storedObject(storage, key!);
        const meta = await sharp(stored!.bytes).metadata();
        return [stored!.contentType, meta.format, meta.width, meta.height];
      }),
    );
    expect(sizes).toEqual([
      ['image/webp', 'webp', 600, 600],
      ['image/jpeg', 'jpeg', 1200, 630],
      ['image/jpeg', 'jpeg', 600, 600],
      // The 800 px frame at display size.
      ['image/webp', 'webp', 768, 768],
    ]);
    // The thumbnail is the frame over the neutral grey: its corner is the frame's colour, its hole grey.
    const thumb = await sharp((await storedObject(storage, row.thumbnailKey!))!.bytes).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...thumb.data.subarray((y * thumb.info.width + x) * thumb.info.channels, (y * thumb.info.width + x) * thumb.info.channels + 3)];
    expect(pixel(300, 300)).toEqual([229, 231, 235]);
    expect(pixel(5, 5)).not.toEqual([229, 231, 235]);
  });

  it('does nothing for a campaign that has its previews or is gone, so a repeated job changes nothing', async () => {
    const { id } = await freshCampaign('twice');
    expect(await makeCampaignPreviews(deps, id)).toBe('made');
    const made = await rowOf(id);
    const files = await storedKeys(storage);
    expect(await makeCampaignPreviews(deps, id)).toBe('not-needed');
    expect(await rowOf(id)).toEqual(made);
    expect(await storedKeys(storage)).toEqual(files);
    expect(await makeCampaignPreviews(deps, '00000000-0000-4000-8000-000000000000')).toBe('not-needed');
  });

  it('drops its images when the campaign changed while they were rendered (the change enqueued its own job)', async () => {
    const { id, frameKey } = await freshCampaign('edited');
    // The title changes while the job stores its first image.
    let edited = false;
    const racing: FileStorage = Object.create(storage, {
      put: {
        value: async (...args: Parameters<FileStorage['put']>) => {
          if (!edited) {
            edited = true;
            await database.db.update(campaigns).set({ title: 'A newer title' }).where(eq(campaigns.id, id));
          }
          return storage.put(...args);
        },
      },
    }) as FileStorage;
    expect(await makeCampaignPreviews({ ...deps, storage: racing }, id)).toBe('changed-meanwhile');
    expect(await rowOf(id)).toMatchObject({ thumbnailKey: null, ogImageKey: null, ogSquareKey: null });
    expect(await storedKeys(storage, `public/campaigns/${id}/`)).toEqual([frameKey]);
    // The next run (the edit's own job) makes them with the new title.
    expect(await makeCampaignPreviews(deps, id)).toBe('made');
  });

  it('makes the previews a lost enqueue left missing once the campaign has been still for a while, not before', async () => {
    const old = await freshCampaign('lost-enqueue');
    const recent = await freshCampaign('just-made');
    await database.db.update(campaigns).set({ updatedAt: sql`now() - interval '1 hour'` }).where(eq(campaigns.id, old.id));
    await campaignPreviewsCatchUpJob(deps, silent)({});
    expect((await rowOf(old.id)).thumbnailKey).not.toBeNull();
    expect((await rowOf(recent.id)).thumbnailKey).toBeNull();
  });

  it('gives a campaign whose previews predate the display-size frame all of them anew, and removes the old ones', async () => {
    const { id, frameKey } = await freshCampaign('older-previews');
    const folder = `public/campaigns/${id}/`;
    const older = { thumbnailKey: `${folder}thumbnail-old.webp`, ogImageKey: `${folder}og-old.jpg`, ogSquareKey: `${folder}og-square-old.jpg` };
    for (const key of Object.values(older)) await storage.put(key, Buffer.from('an older preview'), { contentType: 'image/jpeg' });
    await database.db.update(campaigns).set({ ...older, updatedAt: sql`now() - interval '1 hour'` }).where(eq(campaigns.id, id));

    await campaignPreviewsCatchUpJob(deps, silent)({});

    const row = await rowOf(id);
    expect(row.frameDisplayKey).not.toBeNull();
    for (const column of ['thumbnailKey', 'ogImageKey', 'ogSquareKey'] as const) expect(row[column]).not.toBe(older[column]);
    expect(await storedKeys(storage, folder)).toEqual([frameKey, row.frameDisplayKey, row.ogImageKey, row.ogSquareKey, row.thumbnailKey].sort());
  });
});
