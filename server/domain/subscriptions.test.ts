/**
 * Plan activation: month arithmetic in UTC with the day clamped, and activatePlan on a real database (a new plan,
 * the same tier extended from its period end, another tier or an ended plan starting now, the account's claim).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOffer } from '../../contract/plan.ts';
import { accounts, subscriptions } from '../infra/db/schema.ts';
import { insertCreator } from '../testing/fixtures.ts';
import { insertOrder } from '../testing/paidOrder.ts';
import { createTestDatabase, drivers, type TestDatabase } from '../testing/testApp.ts';
import { activatePlan, addMonths } from './subscriptions.ts';

const utc = (text: string) => new Date(`${text}Z`);

describe('addMonths', () => {
  it('adds whole months in UTC and clamps the day to the month’s end', () => {
    expect(addMonths(utc('2026-01-31T10:20:30.000'), 1)).toEqual(utc('2026-02-28T10:20:30.000'));
    expect(addMonths(utc('2028-01-31T00:00:00.000'), 1)).toEqual(utc('2028-02-29T00:00:00.000'));
    expect(addMonths(utc('2026-03-31T23:59:59.999'), 1)).toEqual(utc('2026-04-30T23:59:59.999'));
    expect(addMonths(utc('2026-05-15T08:00:00.000'), 1)).toEqual(utc('2026-06-15T08:00:00.000'));
    expect(addMonths(utc('2026-12-31T12:00:00.000'), 2)).toEqual(utc('2027-02-28T12:00:00.000'));
    expect(addMonths(utc('2028-02-29T12:00:00.000'), 12)).toEqual(utc('2029-02-28T12:00:00.000'));
    expect(addMonths(utc('2026-11-30T00:00:00.000'), 3)).toEqual(utc('2027-02-28T00:00:00.000'));
  });
});

describe.each(drivers)('activatePlan (%s)', (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(async () => database?.dispose());

  async function activate(accountId: string, tier: 'supporter' | 'creator', period: 'monthly' | 'yearly', at: Date) {
    const order = await insertOrder(database.db, accountId, { tier, period });
    return database.db.transaction((tx) => activatePlan(tx, { accountId, offer: findOffer(tier, period), currency: 'USD', provider: 'sandbox', orderId: order.id, at }));
  }
  const claim = async (id: string) => (await database.db.select().from(accounts).where(eq(accounts.id, id)))[0]!.subscription;

  it('starts a first plan now and writes the account’s claim', async () => {
    const { id } = await insertCreator(database.db, 'first');
    const row = await activate(id, 'supporter', 'monthly', utc('2026-01-31T09:00:00.000'));
    expect(row).toMatchObject({ planId: 'premiumn_monthly', state: 'active', cancelAtPeriodEnd: false, currentPeriodStart: utc('2026-01-31T09:00:00.000'), currentPeriodEnd: utc('2026-02-28T09:00:00.000') });
    expect(await claim(id)).toEqual({ plan: 'premiumn_monthly' });
  });

  it('extends the same tier from its current period end, and clears a cancellation and a sent reminder', async () => {
    const { id } = await insertCreator(database.db, 'extend');
    await activate(id, 'supporter', 'monthly', utc('2026-03-10T00:00:00.000'));
    await database.db.update(subscriptions).set({ cancelAtPeriodEnd: true, reminderSentAt: utc('2026-04-07T00:00:00.000') }).where(eq(subscriptions.accountId, id));
    const row = await activate(id, 'supporter', 'yearly', utc('2026-04-08T00:00:00.000'));
    expect(row).toMatchObject({ planId: 'premiumn_yearly', state: 'active', cancelAtPeriodEnd: false, reminderSentAt: null, currentPeriodStart: utc('2026-03-10T00:00:00.000'), currentPeriodEnd: utc('2027-04-10T00:00:00.000') });
    expect(await claim(id)).toEqual({ plan: 'premiumn_yearly' });
  });

  it('starts another tier now, and an ended plan anew', async () => {
    const { id } = await insertCreator(database.db, 'switch');
    await activate(id, 'supporter', 'monthly', utc('2026-03-10T00:00:00.000'));
    const upgraded = await activate(id, 'creator', 'monthly', utc('2026-03-20T00:00:00.000'));
    expect(upgraded).toMatchObject({ planId: 'diamond_monthly', currentPeriodStart: utc('2026-03-20T00:00:00.000'), currentPeriodEnd: utc('2026-04-20T00:00:00.000') });
    expect(await claim(id)).toEqual({ plan: 'diamond_monthly' });

    await database.db.update(subscriptions).set({ state: 'ended' }).where(eq(subscriptions.accountId, id));
    await database.db.update(accounts).set({ subscription: null }).where(eq(accounts.id, id));
    const again = await activate(id, 'creator', 'monthly', utc('2026-04-25T00:00:00.000'));
    expect(again).toMatchObject({ state: 'active', currentPeriodStart: utc('2026-04-25T00:00:00.000'), currentPeriodEnd: utc('2026-05-25T00:00:00.000') });
    expect(await claim(id)).toEqual({ plan: 'diamond_monthly' });
  });

  it('starts anew when the same tier’s period is already over (not yet ended by the job)', async () => {
    const { id } = await insertCreator(database.db, 'lapsed');
    await activate(id, 'supporter', 'monthly', utc('2026-01-01T00:00:00.000'));
    const row = await activate(id, 'supporter', 'monthly', utc('2026-03-01T00:00:00.000'));
    expect(row).toMatchObject({ currentPeriodStart: utc('2026-03-01T00:00:00.000'), currentPeriodEnd: utc('2026-04-01T00:00:00.000') });
  });
});
