import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, campaignFrames, campaigns } from '../infra/db/schema.ts';
import { LocalFileStorage } from '../infra/storage/localStorage.ts';
import { UrlSigner } from '../infra/storage/urlSigning.ts';
import { insertCampaign, insertCreator } from '../testing/fixtures.ts';
import { refusal } from '../testing/refusal.ts';
import { createTestDatabase, drivers, type TestDatabase } from '../testing/testApp.ts';
import { CampaignService } from './campaigns.ts';
import { hashPassword } from '../infra/passwords.ts';

const CACHE_MS = 150;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(drivers)('CampaignService reads (%s)', (driver) => {
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
    const first = service.find('cached');
    expect(service.find('cached')).toBe(first);
    expect((await first)?.campaign.title).toBe('Title cached');
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

  it('marks campaigns of creator-plan accounts premium and points link previews at the og image, else the thumbnail', async () => {
    const service = new CampaignService(database.db, storage, 0);
    const diamond = await insertCreator(database.db, 'diamond-maker');
    await database.db.update(accounts).set({ subscription: { plan: 'diamond-yearly' } }).where(eq(accounts.id, diamond.id));
    const premium = await insertCampaign(database.db, diamond.id, { uri: 'premium-one' });
    await database.db.update(campaigns).set({ ogImageKey: 'public/campaigns/premium-one/og.jpg' }).where(eq(campaigns.id, premium.id));
    expect(await service.findReadable('premium-one')).toMatchObject({ premium: true, ogImageUrl: '/files/public/campaigns/premium-one/og.jpg' });
    const supporterPlan = await insertCreator(database.db, 'supporter-plan');
    await database.db.update(accounts).set({ subscription: { plan: 'premiumn-monthly' } }).where(eq(accounts.id, supporterPlan.id));
    await insertCampaign(database.db, supporterPlan.id, { uri: 'not-premium' });
    expect(await service.findReadable('not-premium')).toMatchObject({ premium: false, ogImageUrl: '/files/public/campaigns/not-premium/thumbnail.jpg' });
  });

  it('reads a private campaign only for its owner or with its access code, also when it is cached', async () => {
    const service = new CampaignService(database.db, storage, 60_000);
    const hidden = await insertCampaign(database.db, creatorId, { uri: 'hidden', visibility: 'private' });
    await database.db.update(campaigns).set({ accessCodeHash: await hashPassword('sesame') }).where(eq(campaigns.id, hidden.id));
    // Warm the cache through the owner's read first.
    expect((await service.read('hidden', { accountId: creatorId })).campaign.uri).toBe('hidden');
    expect(await service.findReadable('hidden')).toBeNull();
    const stranger = (await insertCreator(database.db, 'stranger')).id;
    expect((await refusal(service.read('hidden', { accountId: stranger }))).code).toBe('ACCESS_CODE_REQUIRED');
    expect((await refusal(service.read('hidden', { accessCode: 'wrong' }))).code).toBe('ACCESS_CODE_INVALID');
    expect((await service.read('hidden', { accessCode: ' sesame ' })).id).toBe(hidden.id);
    expect((await refusal(service.read('unknown-uri', { accountId: creatorId }))).code).toBe('NOT_FOUND');
  });
});
