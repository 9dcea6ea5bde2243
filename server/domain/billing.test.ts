import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../infra/db/schema.ts';
import { insertCreator } from '../testing/fixtures.ts';
import { buyPlan, insertOrder } from '../testing/paidOrder.ts';
import { refusal, statusOf } from '../testing/refusal.ts';
import { createTestDatabase, drivers, type TestDatabase } from '../testing/testApp.ts';
import { cancelSubscription, listOrders, resumeSubscription, subscriptionOf } from './billing.ts';

const DAY = 24 * 60 * 60_000;

describe.each(drivers)('billing (%s)', (driver) => {
  let database: TestDatabase;
  const t0 = new Date('2026-11-01T10:00:00Z');

  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  const rowOf = async (accountId: string) => (await database.db.select().from(subscriptions).where(eq(subscriptions.accountId, accountId)))[0];

  it('shows no plan for a free account, and the running plan once paid', async () => {
    const free = (await insertCreator(database.db, 'free')).id;
    expect(await subscriptionOf(database.db, free, t0)).toBeNull();

    const ana = (await insertCreator(database.db, 'ana')).id;
    await buyPlan(database.db, ana, { tier: 'creator', period: 'monthly', currency: 'IDR', at: t0 });
    expect(await subscriptionOf(database.db, ana, t0)).toEqual({
      planId: 'diamond_monthly',
      tier: 'creator',
      period: 'monthly',
      state: 'active',
      currency: 'IDR',
      provider: 'sandbox',
      currentPeriodEnd: Date.parse('2026-12-01T10:00:00Z'),
      cancelAtPeriodEnd: false,
    });
    // Past its end (before the job has ended it) it is no longer shown as running.
    expect(await subscriptionOf(database.db, ana, new Date(Date.parse('2026-12-01T10:00:00Z') + 1))).toBeNull();
  });

  it('cancels at the period end and resumes, changing only that flag', async () => {
    const budi = (await insertCreator(database.db, 'budi')).id;
    await buyPlan(database.db, budi, { tier: 'supporter', period: 'yearly', at: t0 });
    const before = await rowOf(budi);
    const now = new Date(t0.getTime() + 10 * DAY);

    const cancelled = await cancelSubscription(database.db, budi, now);
    expect(cancelled).toMatchObject({ planId: 'premiumn_yearly', state: 'active', cancelAtPeriodEnd: true, currentPeriodEnd: before!.currentPeriodEnd.getTime() });
    expect(await rowOf(budi)).toEqual({ ...before, cancelAtPeriodEnd: true, updatedAt: now });
    // Cancelling twice answers the same.
    expect(await cancelSubscription(database.db, budi, now)).toEqual(cancelled);

    const resumed = await resumeSubscription(database.db, budi, now);
    expect(resumed).toEqual({ ...cancelled, cancelAtPeriodEnd: false });
    expect(await rowOf(budi)).toEqual({ ...before, updatedAt: now });
  });

  it('refuses to cancel or resume without a running plan, and changes nothing', async () => {
    const free = (await insertCreator(database.db, 'nobody')).id;
    for (const action of [cancelSubscription, resumeSubscription]) {
      const error = await refusal(action(database.db, free, t0));
      expect([statusOf(error), error.code, error.message]).toEqual([409, 'CONFLICT', 'You have no active plan to cancel or resume']);
    }
    expect(await rowOf(free)).toBeUndefined();

    const cita = (await insertCreator(database.db, 'cita')).id;
    await buyPlan(database.db, cita, { tier: 'supporter', period: 'monthly', at: t0 });
    await cancelSubscription(database.db, cita, t0);
    const lapsed = await rowOf(cita);
    // The period is over: resuming is too late (the plan is bought again from the pricing page).
    expect((await refusal(resumeSubscription(database.db, cita, new Date(lapsed!.currentPeriodEnd.getTime() + 1)))).code).toBe('CONFLICT');
    expect(await rowOf(cita)).toEqual(lapsed);
  });

  it('lists the person’s orders newest first with invoice numbers, a page at a time', async () => {
    const dewi = (await insertCreator(database.db, 'dewi')).id;
    const other = (await insertCreator(database.db, 'other')).id;
    await buyPlan(database.db, other, { at: t0 });
    const paid = await buyPlan(database.db, dewi, { tier: 'supporter', period: 'monthly', at: t0 });
    const pending = await insertOrder(database.db, dewi, { tier: 'creator', period: 'yearly', currency: 'IDR', createdAt: new Date(t0.getTime() + DAY) });
    const failed = await insertOrder(database.db, dewi, { createdAt: new Date(t0.getTime() + 2 * DAY) });

    const first = await listOrders(database.db, dewi, 1, 2);
    expect(first.meta).toEqual({ page: 1, hasMore: true });
    expect(first.data.map((order) => order.id)).toEqual([failed.id, pending.id]);
    expect(first.data[1]).toMatchObject({ status: 'pending', tier: 'creator', period: 'yearly', currency: 'IDR', amount: 149_000_000, invoiceNumber: null, isTest: true });
    const second = await listOrders(database.db, dewi, 2, 2);
    expect(second.meta).toEqual({ page: 2, hasMore: false });
    expect(second.data).toHaveLength(1);
    expect(second.data[0]).toMatchObject({ id: paid.id, status: 'paid', amount: 299, paidAt: t0.getTime() });
    expect(second.data[0]!.invoiceNumber).toMatch(/^BK-\d{6}$/);
    expect((await listOrders(database.db, dewi, 3, 2)).data).toEqual([]);
  });
});
