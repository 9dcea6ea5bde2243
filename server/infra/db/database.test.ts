import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getTableName, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openThroughProxy } from '../../testing/proxiedDatabase.ts';
import { createTestDatabase, drivers } from '../../testing/testApp.ts';
import { openDatabase } from './database.ts';
import * as schema from './schema.ts';

const tables = [
  schema.accounts,
  schema.campaigns,
  schema.campaignFrames,
  schema.requestNonces,
  schema.pageViews,
  schema.accountIdentities,
  schema.verificationCodes,
  schema.emailChanges,
  schema.passwordResetTickets,
  schema.refreshTokens,
  schema.preferences,
  schema.appeals,
  schema.facebookDeletions,
  schema.campaignSupports,
  schema.campaignVisits,
  schema.posts,
  schema.reports,
  schema.designDrafts,
  schema.campaignVisitEvents,
  schema.campaignShares,
  schema.collections,
  schema.collectionCampaigns,
  schema.leaderboardEntries,
  schema.notifications,
  schema.searchWords,
  schema.orders,
  schema.orderLedger,
  schema.paymentEvents,
  schema.subscriptions,
  schema.invoices,
  schema.staffActions,
  schema.ledgerEntries,
  schema.watermarkUnlocks,
  schema.campaignDonations,
  schema.donations,
  schema.monetizationApplications,
  schema.payouts,
  schema.frameFingerprints,
  schema.piracyFlags,
  schema.jobDeadLetters,
].map((table) => getTableName(table)).sort();

async function tableNames(database: Awaited<ReturnType<typeof createTestDatabase>>): Promise<string[]> {
  const result = await database.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`);
  const rows = (Array.isArray(result) ? result : (result as unknown as { rows: { table_name: string }[] }).rows) as { table_name: string }[];
  return rows.map((row) => row.table_name);
}

describe.each(drivers)('database (%s)', (driver) => {
  it('migrates an empty database, and migrating again changes nothing', async () => {
    const database = await createTestDatabase(driver, { migrate: false });
    try {
      expect(await tableNames(database)).toEqual([]);
      await database.migrate();
      expect(await tableNames(database)).toEqual(tables);
      await database.migrate();
      expect(await tableNames(database)).toEqual(tables);
      expect(database.driver).toBe(driver);
      await database.ping();
    } finally {
      await database.dispose();
    }
  });

  it('enforces the schema rules: unique URIs, allowed visibility, frames removed with their campaign, an append-only ledger', async () => {
    const database = await createTestDatabase(driver);
    try {
      const { db } = database;
      const [creator] = await db.insert(schema.accounts).values({ username: 'u', name: 'U', email: 'u@example.test' }).returning();
      const values = { uri: 'one', title: 'One', creatorId: creator!.id, thumbnailKey: 'public/t.jpg' };
      const [campaign] = await db.insert(schema.campaigns).values(values).returning();
      expect(campaign).toMatchObject({ type: 'frame', visibility: 'public', tags: [], supportersCount: 0 });
      await expect(db.insert(schema.campaigns).values(values)).rejects.toThrow();
      await expect(db.execute(sql`insert into campaigns (uri, title, creator_id, thumbnail_key, visibility) values ('two', 'Two', ${creator!.id}, 'k', 'secret')`)).rejects.toThrow();
      await db.insert(schema.campaignFrames).values({ campaignId: campaign!.id, position: 0, storageKey: 'public/f.png', width: 10, height: 10 });
      await db.delete(schema.campaigns);
      expect(await db.select().from(schema.campaignFrames)).toEqual([]);

      // Money: amounts are positive, and the ledger is append-only (a correction is a new entry).
      const order = { accountId: creator!.id, idempotencyKey: 'k'.repeat(16), planId: 'premiumn_monthly', catalogVersion: 1, currency: 'USD' as const, provider: 'sandbox' as const, expiresAt: new Date() };
      await expect(db.insert(schema.orders).values({ ...order, amount: 0 })).rejects.toThrow();
      const [paid] = await db.insert(schema.orders).values({ ...order, amount: 299 }).returning();
      await db.insert(schema.orderLedger).values({ orderId: paid!.id, entry: 'created', amount: 299, currency: 'USD' });
      await expect(db.update(schema.orderLedger).set({ amount: 1 })).rejects.toThrow();
      await expect(db.delete(schema.orderLedger)).rejects.toThrow();
      expect(await db.select({ amount: schema.orderLedger.amount }).from(schema.orderLedger)).toEqual([{ amount: 299 }]);
      await expect(db.execute(sql`truncate order_ledger`)).rejects.toMatchObject({ cause: { message: 'order_ledger is append-only' } });
      // A plan order names its plan; other kinds do not.
      await expect(db.insert(schema.orders).values({ ...order, idempotencyKey: 'c'.repeat(16), kind: 'credits', amount: 100 })).rejects.toThrow();

      // Balances: entries only, append-only, credits counted in CRD, the platform book has no account.
      await db.insert(schema.ledgerEntries).values({ accountId: creator!.id, book: 'credits', currency: 'CRD', amount: 10, kind: 'topup' });
      await expect(db.insert(schema.ledgerEntries).values({ accountId: creator!.id, book: 'credits', currency: 'USD', amount: 10, kind: 'topup' })).rejects.toThrow();
      await expect(db.insert(schema.ledgerEntries).values({ accountId: creator!.id, book: 'platform', currency: 'USD', amount: 10, kind: 'fee' })).rejects.toThrow();
      await expect(db.insert(schema.ledgerEntries).values({ accountId: creator!.id, book: 'credits', currency: 'CRD', amount: 0, kind: 'topup' })).rejects.toThrow();
      await expect(db.update(schema.ledgerEntries).set({ amount: 1000 })).rejects.toMatchObject({ cause: { message: 'ledger_entries is append-only' } });
      await expect(db.delete(schema.ledgerEntries)).rejects.toThrow();
      await expect(db.execute(sql`truncate ledger_entries`)).rejects.toMatchObject({ cause: { message: 'ledger_entries is append-only' } });
      expect(await db.select({ amount: schema.ledgerEntries.amount }).from(schema.ledgerEntries)).toEqual([{ amount: 10 }]);
    } finally {
      await database.dispose();
    }
  });
});

describe('PGlite on disk', () => {
  it('keeps data across close and reopen', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'bingkai-pglite-'));
    try {
      const first = await openDatabase({ databaseUrl: undefined, pgliteDir: join(dir, 'pglite') });
      await first.migrate();
      await first.db.insert(schema.accounts).values({ username: 'kept', name: 'Kept', email: 'kept@example.test' });
      await first.close();
      await first.close();
      const second = await openDatabase({ databaseUrl: undefined, pgliteDir: join(dir, 'pglite') });
      await second.migrate();
      expect((await second.db.select().from(schema.accounts)).map((row) => row.username)).toEqual(['kept']);
      await second.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL connection lost', () => {
  it('a client checked out for a transaction losing its connection fails that transaction, never the process', async () => {
    const direct = await createTestDatabase('postgres');
    const proxied = await openThroughProxy(direct, {});
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', record);
    try {
      const cut = proxied.database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        // Between two statements the client is checked out and idle: the pool no longer listens to it.
        proxied.proxy.refuse();
        await new Promise<void>((resolve) => setImmediate(resolve));
        await tx.execute(sql`select 2`);
      });
      await expect(cut).rejects.toThrow();
      await proxied.proxy.resume();
      const one = async () => ((await proxied.database.db.execute(sql`select 1 as one`)) as unknown as { rows: unknown[] }).rows[0];
      await expect.poll(one, { timeout: 10_000 }).toEqual({ one: 1 });
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', record);
      await proxied.close();
      await direct.dispose();
    }
  });
});
