import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope } from '../../contract/errorEnvelope.ts';
import { leaderboardResponse } from '../../contract/leaderboard.ts';
import { TEST_HOOKS_SECRET_HEADER } from '../../contract/routes.ts';
import { campaignSupports, campaigns, leaderboardEntries } from '../infra/db/schema.ts';
import { insertCampaign, insertCreator } from '../testing/fixtures.ts';
import { createTestApp, drivers, signedInject, type TestApp } from '../testing/testApp.ts';

const HOOKS_SECRET = 'leaderboard-hooks-secret-0123456789';

describe.each(drivers)('GET /leaderboard (%s)', (driver) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(driver, { testHooks: true, testHooksSecret: HOOKS_SECRET });
    const creator = await insertCreator(t.database.db, 'maker');
    const loud = await insertCampaign(t.database.db, creator.id, { uri: 'loud' });
    const quiet = await insertCampaign(t.database.db, creator.id, { uri: 'quiet-one' });
    const recent = new Date(Date.now() - 60_000);
    const old = new Date(Date.now() - 20 * 24 * 60 * 60_000);
    await t.database.db.insert(campaignSupports).values([
      ...Array.from({ length: 3 }, (_, i) => ({ campaignId: loud.id, fingerprint: `loud-${i}`, country: 'ID', createdAt: old })),
      ...Array.from({ length: 2 }, (_, i) => ({ campaignId: quiet.id, fingerprint: `quiet-${i}`, country: 'MY', createdAt: recent })),
    ]);
    await t.database.db.update(campaigns).set({ supportersCount: 3 }).where(eq(campaigns.id, loud.id));
    await t.database.db.update(campaigns).set({ supportersCount: 2 }).where(eq(campaigns.id, quiet.id));
  });
  afterAll(() => t.close());

  const get = (query: string) => signedInject(t.app, { method: 'GET', url: `/api/v2/leaderboard${query}` });

  it('answers an empty snapshot before the first refresh', async () => {
    const response = await get('');
    expect(response.statusCode, response.body).toBe(200);
    expect(leaderboardResponse.parse(response.json()).data).toEqual({ period: 'week', scope: 'WW', refreshedAt: null, campaigns: [], creators: [] });
  });

  it('the test hook refreshes it; periods and countries then differ as the supports say', async () => {
    const refused = await t.app.inject({ method: 'POST', url: '/api/test/leaderboard/refresh' });
    expect(refused.statusCode).toBe(401);
    expect(await t.database.db.select().from(leaderboardEntries)).toEqual([]);
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/test/leaderboard/refresh', headers: { [TEST_HOOKS_SECRET_HEADER]: HOOKS_SECRET } });
    expect(refreshed.statusCode, refreshed.body).toBe(204);

    const week = leaderboardResponse.parse((await get('?period=week')).json()).data;
    expect(week.campaigns.map((e) => [e.rank, e.campaign.uri, e.supporters])).toEqual([[1, 'quiet-one', 2]]);
    expect(week.creators.map((e) => [e.rank, e.creator.username, e.supporters])).toEqual([[1, 'maker', 2]]);
    expect(week.refreshedAt).not.toBeNull();
    const month = leaderboardResponse.parse((await get('?period=month&scope=WW&kind=campaign')).json()).data;
    expect(month.campaigns.map((e) => [e.campaign.uri, e.supporters])).toEqual([
      ['loud', 3],
      ['quiet-one', 2],
    ]);
    expect(month.creators).toEqual([]);
    const indonesia = leaderboardResponse.parse((await get('?period=all&scope=ID')).json()).data;
    expect(indonesia.campaigns.map((e) => e.campaign.uri)).toEqual(['loud']);
    expect(indonesia.scope).toBe('ID');
  });

  it.each([
    ['?period=year', 'period'],
    ['?period=', 'period'],
    ['?scope=id', 'scope'],
    ['?scope=IDN', 'scope'],
    ['?scope=1D', 'scope'],
    ['?kind=people', 'kind'],
  ])('refuses %s with 400 and the error envelope', async (query, field) => {
    const response = await get(query);
    expect(response.statusCode, response.body).toBe(400);
    const body = errorEnvelope.parse(response.json());
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(JSON.stringify(body)).toContain(field);
  });
});
