/**
 * Credits on a real database: a paid top-up adds its pack once, the balance is the sum of its entries, a top-up
 * order is priced from the packs and idempotent per key, bad input writes nothing, and a refund takes the credits
 * back only while the balance covers them.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentsConfig } from '../config.ts';
import { invoices, ledgerEntries, orders } from '../infra/db/schema.ts';
import type { PaymentProvider } from '../infra/payments/paymentProvider.ts';
import type { PaymentProviders } from '../infra/payments/paymentProviders.ts';
import { createSandboxProvider } from '../infra/payments/sandboxProvider.ts';
import { insertCampaign, insertCreator } from '../testing/fixtures.ts';
import { payOrder } from '../testing/paidOrder.ts';
import { createTestDatabase, drivers, type TestDatabase } from '../testing/testApp.ts';
import { topUpCredits } from '../testing/topUpCredits.ts';
import { createCreditsOrder } from './creditOrders.ts';
import { creditBalance, creditHistory, creditsFulfilment } from './credits.ts';
import { spendOnResult } from './watermarkUnlocks.ts';

const payments: Pick<PaymentsConfig, 'orderTtlMinutes'> = { orderTtlMinutes: 30 };
let keys = 0;
const newKey = () => `credits-domain-key-${String(++keys).padStart(4, '0')}`;

describe.each(drivers)('credits (%s)', (driver) => {
  let database: TestDatabase;
  let providers: PaymentProviders;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    providers = new Map<PaymentProvider['id'], PaymentProvider>([['sandbox', createSandboxProvider({ secret: Buffer.from('credits-test-sandbox-secret') })]]);
  });
  afterAll(async () => database?.dispose());

  const deps = () => ({ db: database.db, providers, payments });
  const entries = () => database.db.select().from(ledgerEntries).orderBy(ledgerEntries.id);

  it('prices a top-up from the packs, answers the same order for the same key, and adds the pack once paid', async () => {
    const ana = await insertCreator(database.db, 'ana');
    const body = { pack: 'credits_50', currency: 'IDR' as const, provider: 'sandbox' as const, idempotencyKey: newKey(), acceptTerms: true as const };
    const view = await createCreditsOrder(deps(), ana, body, 'https://bingkai.test');
    expect(view).toMatchObject({ kind: 'credits', itemId: 'credits_50', amount: 6_500_000, currency: 'IDR', status: 'pending', planId: null });
    expect((await createCreditsOrder(deps(), ana, body, 'https://bingkai.test')).id).toBe(view.id);
    expect(await creditBalance(database.db, ana.id)).toBe(0);

    const [row] = await database.db.select().from(orders).where(eq(orders.id, view.id));
    await payOrder(database.db, row!);
    expect(await creditBalance(database.db, ana.id)).toBe(50);
    const [invoice] = await database.db.select().from(invoices).where(eq(invoices.orderId, view.id));
    expect(invoice!.lines).toEqual([expect.objectContaining({ description: 'Bingkai credits: 50' })]);

    // The handler again (a retried fulfilment) gives nothing twice: the entry's ref is the order.
    await database.db.transaction((tx) => creditsFulfilment.paid(tx, row!, new Date()));
    expect(await creditBalance(database.db, ana.id)).toBe(50);
    const history = await creditHistory(database.db, ana.id, 1);
    expect(history).toEqual({ items: [expect.objectContaining({ kind: 'topup', amount: 50, item: 'credits_50' })], hasMore: false });
  });

  it('refuses an unknown pack and writes nothing', async () => {
    const budi = await insertCreator(database.db, 'budi');
    const before = { orders: await database.db.select().from(orders), entries: await entries() };
    await expect(createCreditsOrder(deps(), budi, { pack: 'credits_9999', currency: 'USD', provider: 'sandbox', idempotencyKey: newKey(), acceptTerms: true }, 'https://bingkai.test')).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { pack: 'Unknown pack' },
    });
    expect({ orders: await database.db.select().from(orders), entries: await entries() }).toEqual(before);
  });

  it('takes the credits of a refunded top-up back while the balance covers them, and refuses (writing nothing) when it does not', async () => {
    const citra = await insertCreator(database.db, 'citra');
    const first = await topUpCredits(database.db, citra.id, 'credits_10');
    const second = await topUpCredits(database.db, citra.id, 'credits_10');
    expect(await creditBalance(database.db, citra.id)).toBe(20);

    await database.db.transaction((tx) => creditsFulfilment.refunded(tx, first, new Date()));
    expect(await creditBalance(database.db, citra.id)).toBe(10);
    // Once only: the revoke's ref is the order.
    await database.db.transaction((tx) => creditsFulfilment.refunded(tx, first, new Date()));
    expect(await creditBalance(database.db, citra.id)).toBe(10);

    // Spent down to 5: the second pack's 10 credits can no longer be taken back.
    const campaign = await insertCampaign(database.db, citra.id, { uri: 'credits-refund-campaign' });
    await spendOnResult(database.db, citra.id, { campaignId: campaign.id, watermarked: true }, 'result-key-0001', 'nowatermark');
    expect(await creditBalance(database.db, citra.id)).toBe(5);
    const before = await entries();
    await expect(database.db.transaction((tx) => creditsFulfilment.refunded(tx, second, new Date()))).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    expect(await entries()).toEqual(before);
    expect((await creditHistory(database.db, citra.id, 1)).items.map((entry) => [entry.kind, entry.amount])).toEqual([
      ['spend', -5],
      ['revoke', -10],
      ['topup', 10],
      ['topup', 10],
    ]);
  });

  it('pages the history, newest first', async () => {
    const dewi = await insertCreator(database.db, 'dewi');
    for (let i = 0; i < 12; i++) await topUpCredits(database.db, dewi.id, 'credits_10');
    const first = await creditHistory(database.db, dewi.id, 1);
    const second = await creditHistory(database.db, dewi.id, 2);
    expect([first.items.length, first.hasMore, second.items.length, second.hasMore]).toEqual([10, true, 2, false]);
    expect(first.items[0]!.id).toBeGreaterThan(second.items[0]!.id);
    expect(await creditBalance(database.db, dewi.id)).toBe(120);
  });
});
