import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignListResponse } from '../../contract/campaign.ts';
import { creatorProfileResponse, profilePostListResponse } from '../../contract/creatorProfile.ts';
import { errorEnvelope } from '../../contract/errorEnvelope.ts';
import { accounts, collectionCampaigns, collections, campaigns, posts } from '../infra/db/schema.ts';
import { insertCampaign, insertCreator } from '../testing/fixtures.ts';
import { createTestApp, drivers, signedInject, type TestApp } from '../testing/testApp.ts';

describe.each(drivers)('creator profiles (%s)', (driver) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(driver);
    const db = t.database.db;
    const ana = await insertCreator(db, 'ana', 'public/avatars/ana/a.webp');
    await db
      .update(accounts)
      .set({ bio: 'I make frames.', websiteLink: 'https://ana.example', country: 'ID', createdAt: new Date('2025-03-04T05:06:07Z') })
      .where(eq(accounts.id, ana.id));
    // Twelve public campaigns (a second page at 10 per page), one unlisted, one private.
    for (let i = 0; i < 12; i++) {
      const row = await insertCampaign(db, ana.id, { uri: `ana-${String(i).padStart(2, '0')}`, createdAt: new Date(Date.UTC(2026, 0, 1 + i)) });
      await db.update(campaigns).set({ supportersCount: 10 + i }).where(eq(campaigns.id, row.id));
    }
    const unlisted = await insertCampaign(db, ana.id, { uri: 'ana-unlisted', visibility: 'unlisted' });
    const secret = await insertCampaign(db, ana.id, { uri: 'ana-secret', visibility: 'private' });
    await db.update(campaigns).set({ supportersCount: 1000 }).where(eq(campaigns.id, secret.id));
    const first = (await db.select().from(campaigns).where(eq(campaigns.uri, 'ana-00')))[0]!;

    const [shown] = await db.insert(collections).values({ uri: 'ana-picks', creatorId: ana.id, title: 'Picks', description: 'Best of' }).returning();
    await db.insert(collectionCampaigns).values([
      { collectionId: shown!.id, campaignId: secret.id, position: 0 },
      { collectionId: shown!.id, campaignId: first.id, position: 1 },
    ]);
    await db.insert(collections).values({ uri: 'ana-hidden', creatorId: ana.id, title: 'Hidden', visibility: 'unlisted' });

    await db.insert(posts).values([
      { uri: 'post-public-1', campaignId: first.id, authorId: ana.id, imageKey: 'public/posts/post-public-1.jpg', width: 1080, height: 1080, caption: 'Mine', createdAt: new Date('2026-02-01T00:00:00Z') },
      { uri: 'post-unlisted', campaignId: unlisted.id, authorId: ana.id, imageKey: 'public/posts/post-unlisted.jpg', width: 1080, height: 1080 },
      { uri: 'post-secret-1', campaignId: secret.id, authorId: ana.id, imageKey: 'private/posts/post-secret-1.jpg', width: 1080, height: 1080 },
    ]);

    const banned = await insertCreator(db, 'banned');
    await insertCampaign(db, banned.id, { uri: 'banned-campaign' });
    await db.update(accounts).set({ suspendedAt: new Date() }).where(eq(accounts.id, banned.id));
  });
  afterAll(() => t.close());

  const get = (url: string) => signedInject(t.app, { method: 'GET', url: `/api/v2${url}` });

  it('shows who the creator is and totals over public campaigns only', async () => {
    const response = await get('/profiles/ana');
    expect(response.statusCode, response.body).toBe(200);
    const { data } = creatorProfileResponse.parse(response.json());
    expect(data).toMatchObject({
      username: 'ana',
      name: 'Name of ana',
      avatarUrl: '/files/public/avatars/ana/a.webp',
      bannerUrl: null,
      bio: 'I make frames.',
      websiteLink: 'https://ana.example',
      country: 'ID',
      createdAt: '2025-03-04T05:06:07.000Z',
      // 10 + 11 + … + 21; the private campaign's 1000 and the unlisted one are not counted.
      totals: { campaigns: 12, supporters: 186, posts: 1 },
    });
    // Only the public collection, counting (and showing) only its public campaign.
    expect(data.collections).toEqual([{ uri: 'ana-picks', title: 'Picks', description: 'Best of', coverUrl: '/files/public/campaigns/ana-00/thumbnail.jpg', campaignsCount: 1 }]);
    // Case in the link does not matter.
    expect((await get('/profiles/Ana')).statusCode).toBe(200);
  });

  it('lists public campaigns newest first, 10 per page', async () => {
    const one = campaignListResponse.parse((await get('/profiles/ana/campaigns')).json()).data;
    expect(one.total).toBe(12);
    expect(one.items).toHaveLength(10);
    expect(one.items[0]!.uri).toBe('ana-11');
    const two = campaignListResponse.parse((await get('/profiles/ana/campaigns?page=2')).json()).data;
    expect(two.items.map((c) => c.uri)).toEqual(['ana-01', 'ana-00']);
    const all = [...one.items, ...two.items].map((c) => c.uri);
    expect(all).not.toContain('ana-unlisted');
    expect(all).not.toContain('ana-secret');
  });

  it('lists posts made with public campaigns only', async () => {
    const { data } = profilePostListResponse.parse((await get('/profiles/ana/posts')).json());
    expect(data.total).toBe(1);
    expect(data.items.map((p) => [p.uri, p.campaign.uri, p.author.username])).toEqual([['post-public-1', 'ana-00', 'ana']]);
    expect(data.items[0]!.imageUrl).toBe('/files/public/posts/post-public-1.jpg');
  });

  it.each(['/profiles/banned', '/profiles/banned/campaigns', '/profiles/banned/posts', '/profiles/nobody', '/profiles/nobody/campaigns'])('%s answers 404', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(404);
    expect(errorEnvelope.parse(response.json()).code).toBe('NOT_FOUND');
  });

  it.each(['/profiles/a%20b', '/profiles/%3Cscript%3E', `/profiles/${'a'.repeat(61)}`, '/profiles/ana/campaigns?page=0', '/profiles/ana/campaigns?limit=51', '/profiles/ana/posts?page=x'])(
    '%s is refused with 400',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode, response.body).toBe(400);
      expect(errorEnvelope.parse(response.json()).code).toBe('VALIDATION_FAILED');
    },
  );
});
