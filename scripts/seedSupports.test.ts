import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaderboardResponse } from '../contract/leaderboard.ts';
import { campaignSupports, campaigns } from '../server/infra/db/schema.ts';
import { createTestApp, drivers, signedInject, type TestApp } from '../server/testing/testApp.ts';
import { seedIfEmpty } from './seed.ts';
import { seedDemoSupports } from './seedSupports.ts';

describe.each(drivers)('demo supports (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
    expect(await seedIfEmpty(t.database, t.storage)).toBe(true);
  });
  afterAll(() => t.close());

  const top = async (query: string) => {
    const { data } = leaderboardResponse.parse((await signedInject(t.app, { method: 'GET', url: `/api/v2/leaderboard${query}` })).json());
    return data.campaigns.map((entry) => [entry.campaign.uri, entry.supporters]);
  };

  it('gives each period and country its own winner, computed at seed time', async () => {
    expect(await top('?period=week')).toEqual([
      ['lari-amal-jakarta', 14],
      ['garuda-fc-juara', 9],
      ['wisuda-2026', 5],
      ['merdeka-80', 3],
    ]);
    expect(await top('?period=month')).toEqual([
      ['garuda-fc-juara', 29],
      ['wisuda-2026', 15],
      ['lari-amal-jakarta', 14],
      ['merdeka-80', 7],
    ]);
    expect(await top('?period=all')).toEqual([
      ['merdeka-80', 1280],
      ['wisuda-2026', 642],
      ['garuda-fc-juara', 315],
      ['lari-amal-jakarta', 97],
    ]);
    expect(await top('?period=month&scope=MY')).toEqual([
      ['garuda-fc-juara', 8],
      ['lari-amal-jakarta', 4],
    ]);
  });

  it('stays within each campaign’s counter and is not added twice', async () => {
    for (const row of await t.database.db.select().from(campaigns)) {
      const supports = await t.database.db.select().from(campaignSupports).where(eq(campaignSupports.campaignId, row.id));
      expect(supports.length).toBeLessThanOrEqual(row.supportersCount);
    }
    expect(await seedDemoSupports(t.database)).toBe(0);
  });
});
