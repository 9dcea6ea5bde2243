import { eq } from 'drizzle-orm';
import { tmpdir } from 'node:os';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from './config.ts';
import { orders } from './infra/db/schema.ts';
import { insertCreator } from './testing/fixtures.ts';
import { insertOrder } from './testing/paidOrder.ts';
import { createTestApp, drivers } from './testing/testApp.ts';

const INTERVAL_MS = 30;

describe.each(drivers)('background jobs and shutdown (%s)', (driver) => {
  it('stops the billing schedule with the app: an order that goes stale after close stays pending', async () => {
    const base = loadConfig({}, tmpdir());
    const t = await createTestApp(driver, { payments: { ...base.payments, billingJobMs: INTERVAL_MS } });
    const db = t.database.db;
    const statusOf = async (id: string) => (await db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.status;
    try {
      const buyer = (await insertCreator(db, 'stale')).id;
      const past = new Date(Date.now() - 60_000);
      // The schedule is live: the job expires an order past its payment window on its own.
      const before = await insertOrder(db, buyer, { createdAt: new Date(past.getTime() - 60_000), expiresAt: past });
      await vi.waitFor(async () => expect(await statusOf(before.id)).toBe('expired'), { timeout: 10_000, interval: INTERVAL_MS });

      await t.app.close();
      // The database is still open (the test owns it): a timer left running would expire this one too.
      const after = await insertOrder(db, buyer, { createdAt: new Date(past.getTime() - 60_000), expiresAt: past });
      await new Promise((resolve) => setTimeout(resolve, INTERVAL_MS * 10));
      expect(await statusOf(after.id)).toBe('pending');
    } finally {
      await t.close();
    }
  });
});
