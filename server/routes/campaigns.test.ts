import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignListResponse, campaignResponse } from '../../contract/campaign.ts';
import { errorEnvelope } from '../../contract/errorEnvelope.ts';
import { insertCampaign, insertCreator } from '../testing/fixtures.ts';
import { createTestApp, drivers, signedInject, type TestApp } from '../testing/testApp.ts';

describe.each(drivers)('campaign routes (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
    const creator = await insertCreator(t.database.db, 'maker', 'public/avatars/maker.png');
    const base = Date.UTC(2026, 0, 1);
    for (let i = 0; i < 12; i++) {
      await insertCampaign(t.database.db, creator.id, { uri: `public-${i}`, createdAt: new Date(base + i * 60_000) });
    }
    await insertCampaign(t.database.db, creator.id, { uri: 'secret-one', visibility: 'private', createdAt: new Date(base + 99 * 60_000) });
    await insertCampaign(t.database.db, creator.id, { uri: 'by-link', visibility: 'unlisted', createdAt: new Date(base + 98 * 60_000), frames: 2 });
  });
  afterAll(() => t.close());

  const get = (url: string) => signedInject(t.app, { method: 'GET', url });

  it('lists public campaigns newest first with default paging', async () => {
    const response = await get('/api/v2/campaigns');
    expect(response.statusCode).toBe(200);
    const { data } = campaignListResponse.parse(response.json());
    expect(data).toMatchObject({ page: 1, limit: 10, total: 12 });
    expect(data.items.map((item) => item.uri)).toEqual(Array.from({ length: 10 }, (_, i) => `public-${11 - i}`));
    expect(data.items[0]).toEqual({
      uri: 'public-11',
      type: 'frame',
      title: 'Title public-11',
      description: 'About public-11',
      thumbnailUrl: '/files/public/campaigns/public-11/thumbnail.jpg',
      supportersCount: 3,
      creator: { username: 'maker', name: 'Name of maker', avatarUrl: '/files/public/avatars/maker.png' },
      createdAt: new Date(Date.UTC(2026, 0, 1) + 11 * 60_000).toISOString(),
    });
  });

  it('pages through the list and never shows private or unlisted campaigns', async () => {
    const { data } = campaignListResponse.parse((await get('/api/v2/campaigns?page=3&limit=5')).json());
    expect(data).toMatchObject({ page: 3, limit: 5, total: 12 });
    expect(data.items.map((item) => item.uri)).toEqual(['public-1', 'public-0']);
    const all = campaignListResponse.parse((await get('/api/v2/campaigns?limit=50')).json()).data.items.map((item) => item.uri);
    expect(all).not.toContain('secret-one');
    expect(all).not.toContain('by-link');
    const beyond = campaignListResponse.parse((await get('/api/v2/campaigns?page=9')).json()).data;
    expect(beyond.items).toEqual([]);
  });

  it('refuses bad paging values', async () => {
    for (const query of ['limit=0', 'limit=51', 'page=0', 'page=abc', 'limit=2.5']) {
      const response = await get(`/api/v2/campaigns?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(errorEnvelope.parse(response.json()).code).toBe('VALIDATION_FAILED');
    }
  });

  it('reads one campaign with its frames in order', async () => {
    const response = await get('/api/v2/campaigns/by-link');
    expect(response.statusCode).toBe(200);
    const { data } = campaignResponse.parse(response.json());
    expect(data).toMatchObject({ uri: 'by-link', visibility: 'unlisted', caption: 'I support [[cause]]', category: 'community', tags: ['a', 'b'] });
    expect(data.frames.map((frame) => [frame.position, frame.url])).toEqual([
      [0, '/files/public/campaigns/by-link/frame-0.png'],
      [1, '/files/public/campaigns/by-link/frame-1.png'],
    ]);
    expect(data.frames[0]).toMatchObject({ width: 1080, height: 1080, holes: [{ x: 100, y: 100, width: 500, height: 500 }] });
  });

  it('answers 404 NOT_FOUND for unknown and private campaigns', async () => {
    for (const uri of ['nope', 'secret-one']) {
      const response = await get(`/api/v2/campaigns/${uri}`);
      expect(response.statusCode).toBe(404);
      expect(errorEnvelope.parse(response.json()).code).toBe('NOT_FOUND');
    }
  });
});
