import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope } from '../../contract/errorEnvelope.ts';
import { exploreResponse, suggestionsResponse } from '../../contract/search.ts';
import { campaigns } from '../infra/db/schema.ts';
import { insertCampaign, insertCreator } from '../testing/fixtures.ts';
import { createTestApp, drivers, signedInject, type TestApp } from '../testing/testApp.ts';

describe.each(drivers)('search routes (%s)', (driver) => {
  let t: TestApp;
  const get = (url: string) => signedInject(t.app, { method: 'GET', url });

  beforeAll(async () => {
    t = await createTestApp(driver);
    const creator = await insertCreator(t.database.db, 'rina');
    const row = await insertCampaign(t.database.db, creator.id, { uri: 'merdeka' });
    await t.database.db.update(campaigns).set({ title: 'Merdeka 17 Agustus', category: 'national-day' }).where(eq(campaigns.id, row.id));
  });
  afterAll(() => t.close());

  it('answers suggestions and explore pages in the contract shape', async () => {
    const suggestions = await get('/api/v2/search/suggestions?q=merdak');
    expect(suggestions.statusCode).toBe(200);
    expect(suggestionsResponse.parse(suggestions.json()).data.campaigns.map((item) => item.uri)).toEqual(['merdeka']);

    const page = await get('/api/v2/explore/campaign?q=merd&sort=popular&category=national-day&country=WW&page=1');
    expect(page.statusCode).toBe(200);
    expect(exploreResponse.parse(page.json()).data).toMatchObject({ tab: 'campaign', sort: 'popular', total: 1, page: 1, limit: 10 });

    // Empty parameters (a form's blank select) are the same as none.
    const blank = await get('/api/v2/explore/creator?q=&sort=&category=&country=');
    expect(exploreResponse.parse(blank.json()).data).toMatchObject({ tab: 'creator', total: 1, sort: 'trending' });
  });

  it('refuses bad parameters with the error envelope', async () => {
    const cases = [
      '/api/v2/explore/people',
      '/api/v2/explore/campaign?sort=random',
      '/api/v2/explore/campaign?category=nope',
      '/api/v2/explore/campaign?country=indonesia',
      '/api/v2/explore/campaign?country=id',
      '/api/v2/explore/campaign?page=0',
      '/api/v2/explore/campaign?page=abc',
      '/api/v2/explore/campaign?page=1001',
      `/api/v2/explore/campaign?q=${'a'.repeat(101)}`,
      '/api/v2/explore/campaign?q=%01merdeka',
      `/api/v2/search/suggestions?q=${'a'.repeat(101)}`,
    ];
    for (const url of cases) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(errorEnvelope.parse(response.json()).code, url).toBe('VALIDATION_FAILED');
    }
  });

  it('needs the request signature like every API call', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v2/explore/campaign' });
    expect(response.statusCode).toBe(401);
  });
});
