import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignFrames, piracyFlags } from '../infra/db/schema.ts';
import { insertCampaign, insertCreator } from '../testing/fixtures.ts';
import { framePng } from '../testing/framePng.ts';
import { sampleFrame } from '../testing/sampleFrame.ts';
import { createTestDatabase, drivers, type TestDatabase } from '../testing/testApp.ts';
import { frameHash } from './frameFingerprint.ts';
import { fingerprintFrames, fingerprintFramesQuietly, fingerprintOf } from './framePiracy.ts';

describe.each(drivers)('frame piracy flags (%s)', (driver) => {
  let database: TestDatabase;
  let alice: string;
  let bob: string;
  const frameOf = async (campaignId: string) => (await database.db.select({ id: campaignFrames.id }).from(campaignFrames).where(eq(campaignFrames.campaignId, campaignId)))[0]!.id;
  const campaignWith = async (creatorId: string, uri: string) => {
    const campaign = await insertCampaign(database.db, creatorId, { uri });
    return { campaignId: campaign.id, frameId: await frameOf(campaign.id) };
  };
  const flagsOf = (campaignId: string) => database.db.select().from(piracyFlags).where(eq(piracyFlags.campaignId, campaignId));

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    alice = (await insertCreator(database.db, 'alice')).id;
    bob = (await insertCreator(database.db, 'bob')).id;
  });
  afterAll(() => database.dispose());

  it("flags a resized copy of another creator's earlier frame, and stores both fingerprints", async () => {
    const original = await sampleFrame(3);
    const first = await campaignWith(alice, 'original-frame');
    expect(await fingerprintFrames(database.db, first.campaignId, alice, [{ id: first.frameId, png: original }])).toBe(0);
    expect(await fingerprintOf(database.db, first.frameId)).toBe(await frameHash(original));

    const copy = await campaignWith(bob, 'copied-frame');
    const resized = await sharp(original).resize(800, 800).png().toBuffer();
    expect(await fingerprintFrames(database.db, copy.campaignId, bob, [{ id: copy.frameId, png: resized }])).toBe(1);
    const [flag] = await flagsOf(copy.campaignId);
    expect(flag).toMatchObject({ frameId: copy.frameId, matchedCampaignId: first.campaignId, matchedFrameId: first.frameId, status: 'open' });
    expect(flag!.distance).toBeLessThanOrEqual(2);
    // The original is not flagged against the later copy.
    expect(await flagsOf(first.campaignId)).toEqual([]);
  });

  it("does not flag the same creator's own frame used again, nor a different design", async () => {
    const design = await sampleFrame(4);
    const first = await campaignWith(alice, 'alice-one');
    await fingerprintFrames(database.db, first.campaignId, alice, [{ id: first.frameId, png: design }]);
    const again = await campaignWith(alice, 'alice-two');
    expect(await fingerprintFrames(database.db, again.campaignId, alice, [{ id: again.frameId, png: design }])).toBe(0);
    const other = await campaignWith(bob, 'bob-own-design');
    expect(await fingerprintFrames(database.db, other.campaignId, bob, [{ id: other.frameId, png: await sampleFrame(5) }])).toBe(0);
    expect(await flagsOf(other.campaignId)).toEqual([]);
  });

  it('does not flag plain frames (one colour around a hole): they carry too little of a design to tell a copy', async () => {
    const first = await campaignWith(alice, 'plain-red');
    await fingerprintFrames(database.db, first.campaignId, alice, [{ id: first.frameId, png: await framePng({ colour: [200, 30, 40] }) }]);
    const second = await campaignWith(bob, 'plain-blue');
    expect(await fingerprintFrames(database.db, second.campaignId, bob, [{ id: second.frameId, png: await framePng({ colour: [20, 30, 200] }) }])).toBe(0);
  });

  it('never throws for the campaign writes: a frame that cannot be hashed is logged and skipped', async () => {
    const broken = await campaignWith(bob, 'broken-frame');
    await expect(fingerprintFramesQuietly(database.db, broken.campaignId, bob, [{ id: broken.frameId, png: Buffer.from('not a png') }])).resolves.toBeUndefined();
    expect(await fingerprintOf(database.db, broken.frameId)).toBeNull();
  });
});
