/**
 * Demo supports for the seeded campaigns (scripts/seed.ts): rows at different dates and supporter countries, so
 * the leaderboard's periods and countries show different winners on a fresh start. The campaigns' own counters
 * (all time) are set by the seed; these rows are a part of them, as real supports would be.
 *
 *   this week (7 days):  lari-amal-jakarta 14 · garuda-fc-juara 9 · wisuda-2026 5 · merdeka-80 3
 *   this month (30 days): garuda-fc-juara 29 · wisuda-2026 15 · lari-amal-jakarta 14 · merdeka-80 7
 *   all time (counters): merdeka-80 1280 · wisuda-2026 642 · garuda-fc-juara 315 · lari-amal-jakarta 97
 *   Malaysia, this month: garuda-fc-juara 8 · lari-amal-jakarta 4
 */
import { count, eq, inArray } from 'drizzle-orm';
import type { Database } from '../server/infra/db/database.ts';
import { campaignSupports, campaigns } from '../server/infra/db/schema.ts';

/** [campaign, supporters, days ago (spread from the first to the second), supporter country or null]. */
type Batch = [uri: string, supporters: number, fromDays: number, toDays: number, country: string | null];

export const DEMO_SUPPORTS: readonly Batch[] = [
  ['lari-amal-jakarta', 8, 0.1, 6, 'ID'],
  ['lari-amal-jakarta', 4, 0.2, 5, 'MY'],
  ['lari-amal-jakarta', 2, 1, 4, 'SG'],
  ['garuda-fc-juara', 9, 0.3, 6.5, 'ID'],
  ['garuda-fc-juara', 12, 10, 25, 'ID'],
  ['garuda-fc-juara', 8, 9, 20, 'MY'],
  ['wisuda-2026', 3, 0.5, 6, 'ID'],
  ['wisuda-2026', 2, 1, 3, null],
  ['wisuda-2026', 10, 8, 29, 'ID'],
  ['merdeka-80', 3, 1, 6, 'ID'],
  ['merdeka-80', 4, 15, 16, 'ID'],
  ['merdeka-80', 25, 40, 200, 'ID'],
  ['merdeka-80', 5, 60, 90, 'SG'],
];

const DAY_MS = 24 * 60 * 60_000;

/** Adds the demo supports to the seeded campaigns that have none yet; returns how many rows it wrote. */
export async function seedDemoSupports(database: Database, now: Date = new Date()): Promise<number> {
  const uris = [...new Set(DEMO_SUPPORTS.map(([uri]) => uri))];
  const found = await database.db.select({ id: campaigns.id, uri: campaigns.uri }).from(campaigns).where(inArray(campaigns.uri, uris));
  const rows: Array<typeof campaignSupports.$inferInsert> = [];
  for (const { id, uri } of found) {
    const [existing] = await database.db.select({ total: count() }).from(campaignSupports).where(eq(campaignSupports.campaignId, id));
    if ((existing?.total ?? 0) > 0) continue;
    for (const [batchUri, supporters, fromDays, toDays, country] of DEMO_SUPPORTS) {
      if (batchUri !== uri) continue;
      for (let i = 0; i < supporters; i++) {
        const days = supporters === 1 ? fromDays : fromDays + ((toDays - fromDays) * i) / (supporters - 1);
        rows.push({ campaignId: id, fingerprint: `demo:${uri}:${country ?? 'xx'}:${fromDays}:${i}`, country, createdAt: new Date(now.getTime() - days * DAY_MS) });
      }
    }
  }
  if (rows.length > 0) await database.db.insert(campaignSupports).values(rows);
  return rows.length;
}
