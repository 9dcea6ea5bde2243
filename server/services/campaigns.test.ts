import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignFrames, campaigns } from '../db/schema.ts';
import { LocalFileStorage } from '../storage/localStorage.ts';
import { UrlSigner } from '../storage/urlSigning.ts';
import { insertCampaign, insertCreator } from '../testing/fixtures.ts';
import { createTestDatabase, drivers, type TestDatabase } from '../testing/testApp.ts';
import { CampaignService } from './campaigns.ts';

const CACHE_MS = 150;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(drivers)('CampaignService.findReadable (%s)', (driver) => {
  let database: TestDatabase;
  let creatorId: string;
  // Only builds URLs here: nothing is stored.
  const storage = new LocalFileStorage({ root: '/nonexistent', signer: new UrlSigner(new TextEncoder().encode('x'.repeat(32))), maxObjectBytes: 64, publicUrl: '' });
  const rename = (uri: string, title: string) => database.db.update(campaigns).set({ title }).where(eq(campaigns.uri, uri));

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    creatorId = (await insertCreator(database.db, 'maker')).id;
  });
  afterAll(() => database.dispose());

  it('reads a campaign with its frames in order in one query, and one without frames', async () => {
    const service = new CampaignService(database.db, storage, 0);
    await insertCampaign(database.db, creatorId, { uri: 'three-frames', frames: 3 });
    const bare = await insertCampaign(database.db, creatorId, { uri: 'no-frames', visibility: 'unlisted' });
    await database.db.delete(campaignFrames).where(eq(campaignFrames.campaignId, bare.id));
    const found = await service.findReadable('three-frames');
    expect(found).toMatchObject({ uri: 'three-frames', title: 'Title three-frames', creator: { username: 'maker' }, tags: ['a', 'b'] });
    expect(found?.frames.map((frame) => [frame.position, frame.url])).toEqual([0, 1, 2].map((i) => [i, `/files/public/campaigns/three-frames/frame-${i}.png`]));
    expect(await service.findReadable('no-frames')).toMatchObject({ uri: 'no-frames', visibility: 'unlisted', frames: [] });
  });

  it('serves repeated reads from memory until the cache time passes or the URI is forgotten', async () => {
    const service = new CampaignService(database.db, storage, CACHE_MS);
    await insertCampaign(database.db, creatorId, { uri: 'cached' });
    // Concurrent reads share one lookup.
    const first = service.findReadable('cached');
    expect(service.findReadable('cached')).toBe(first);
    expect((await first)?.title).toBe('Title cached');
    await rename('cached', 'Renamed once');
    expect((await service.findReadable('cached'))?.title).toBe('Title cached');
    service.forget('cached');
    expect((await service.findReadable('cached'))?.title).toBe('Renamed once');
    await rename('cached', 'Renamed twice');
    await pause(CACHE_MS + 50);
    expect((await service.findReadable('cached'))?.title).toBe('Renamed twice');
  });

  it('stops serving a campaign made private once the cache time has passed', async () => {
    const service = new CampaignService(database.db, storage, CACHE_MS);
    await insertCampaign(database.db, creatorId, { uri: 'going-private' });
    expect(await service.findReadable('going-private')).not.toBeNull();
    await database.db.update(campaigns).set({ visibility: 'private' }).where(eq(campaigns.uri, 'going-private'));
    await pause(CACHE_MS + 50);
    expect(await service.findReadable('going-private')).toBeNull();
  });

  it('does not keep misses: a campaign created after a 404 shows at once', async () => {
    const service = new CampaignService(database.db, storage, 60_000);
    expect(await service.findReadable('late')).toBeNull();
    await insertCampaign(database.db, creatorId, { uri: 'late' });
    expect((await service.findReadable('late'))?.uri).toBe('late');
  });
});
