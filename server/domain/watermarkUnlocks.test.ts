/**
 * What credits buy, on a real database: a spend is atomic with its unlock (a refused spend writes nothing), the same
 * result is charged once, a failed render is refunded once and only within its window, and the one-off payment's
 * unlock is paid by its order.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, orders, watermarkUnlocks } from '../infra/db/schema.ts';
import type { PaymentProvider } from '../infra/payments/paymentProvider.ts';
import type { PaymentProviders } from '../infra/payments/paymentProviders.ts';
import { createSandboxProvider } from '../infra/payments/sandboxProvider.ts';
import { insertCampaign, insertCreator } from '../testing/fixtures.ts';
import { payOrder } from '../testing/paidOrder.ts';
import { createTestDatabase, drivers, type TestDatabase } from '../testing/testApp.ts';
import { topUpCredits } from '../testing/topUpCredits.ts';
import { createNowatermarkOrder } from './creditOrders.ts';
import { creditBalance } from './credits.ts';
import { nowatermarkFulfilment, REFUND_WINDOW_MS, refundFailedRender, resultUnlocks, spendOnResult, type UnlockTarget } from './watermarkUnlocks.ts';

let keys = 0;
const resultKey = () => `result-key-${String(++keys).padStart(4, '0')}`;

describe.each(drivers)('watermark unlocks (%s)', (driver) => {
  let database: TestDatabase;
  let providers: PaymentProviders;
  let target: UnlockTarget;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    providers = new Map<PaymentProvider['id'], PaymentProvider>([['sandbox', createSandboxProvider({ secret: Buffer.from('unlock-test-sandbox-secret') })]]);
    const creator = await insertCreator(database.db, 'creator');
    target = { campaignId: (await insertCampaign(database.db, creator.id, { uri: 'free-campaign' })).id, watermarked: true };
  });
  afterAll(async () => database?.dispose());

  const state = async () => ({
    unlocks: await database.db.select().from(watermarkUnlocks).orderBy(watermarkUnlocks.createdAt, watermarkUnlocks.id),
    entries: await database.db.select().from(ledgerEntries).orderBy(ledgerEntries.id),
  });

  it('spends credits and unlocks the result in one go, and charges the same result once', async () => {
    const ana = await insertCreator(database.db, 'ana');
    await topUpCredits(database.db, ana.id, 'credits_10');
    const key = resultKey();
    const bought = await spendOnResult(database.db, ana.id, target, key, 'nowatermark');
    expect(bought).toMatchObject({ balance: 5, charged: true, unlock: { purchase: 'nowatermark', resultKey: key, method: 'credits', paid: true } });
    const [spend] = await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, 'spend'));
    expect(spend).toMatchObject({ accountId: ana.id, book: 'credits', currency: 'CRD', amount: -5, ref: bought.unlock.id });

    const again = await spendOnResult(database.db, ana.id, target, key, 'nowatermark');
    expect(again).toMatchObject({ balance: 5, charged: false, unlock: { id: bought.unlock.id } });

    // High resolution is its own purchase of the same result.
    const large = await spendOnResult(database.db, ana.id, target, key, 'highResolution');
    expect(large).toMatchObject({ balance: 2, charged: true, unlock: { purchase: 'highResolution', resultKey: key } });
    expect(await resultUnlocks(database.db, ana.id, target, key)).toEqual({ watermarked: true, nowatermark: bought.unlock, highResolution: large.unlock });
  });

  it('refuses a spend the balance does not cover, and one where no mark shows, writing nothing', async () => {
    const budi = await insertCreator(database.db, 'budi');
    await topUpCredits(database.db, budi.id, 'credits_10');
    await spendOnResult(database.db, budi.id, target, resultKey(), 'nowatermark');
    await spendOnResult(database.db, budi.id, target, resultKey(), 'highResolution');
    expect(await creditBalance(database.db, budi.id)).toBe(2);
    const before = await state();
    await expect(spendOnResult(database.db, budi.id, target, resultKey(), 'nowatermark')).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    await expect(spendOnResult(database.db, budi.id, { ...target, watermarked: false }, resultKey(), 'nowatermark')).rejects.toMatchObject({ code: 'NOT_WATERMARKED' });
    expect(await state()).toEqual(before);
  });

  it('charges once when the same result is bought twice at the same moment', async () => {
    const citra = await insertCreator(database.db, 'citra');
    await topUpCredits(database.db, citra.id, 'credits_50');
    const key = resultKey();
    const both = await Promise.allSettled([spendOnResult(database.db, citra.id, target, key, 'nowatermark'), spendOnResult(database.db, citra.id, target, key, 'nowatermark')]);
    expect(both.filter((outcome) => outcome.status === 'fulfilled').length).toBeGreaterThanOrEqual(1);
    expect(await creditBalance(database.db, citra.id)).toBe(45);
  });

  it('refunds a failed render once, only the owner’s and only within the window', async () => {
    const dewi = await insertCreator(database.db, 'dewi');
    const eko = await insertCreator(database.db, 'eko');
    await topUpCredits(database.db, dewi.id, 'credits_10');
    const key = resultKey();
    const at = new Date();
    const { unlock } = await spendOnResult(database.db, dewi.id, target, key, 'nowatermark', at);

    const before = await state();
    await expect(refundFailedRender(database.db, eko.id, unlock.id, at)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(refundFailedRender(database.db, dewi.id, unlock.id, new Date(at.getTime() + REFUND_WINDOW_MS + 1))).rejects.toMatchObject({ code: 'NOT_REFUNDABLE' });
    expect(await state()).toEqual(before);

    expect(await refundFailedRender(database.db, dewi.id, unlock.id, at)).toEqual({ balance: 10, refunded: 5 });
    await expect(refundFailedRender(database.db, dewi.id, unlock.id, at)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await creditBalance(database.db, dewi.id)).toBe(10);
    const refunds = await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.ref, unlock.id));
    expect(refunds.map((entry) => [entry.kind, entry.amount])).toEqual([
      ['spend', -5],
      ['refund', 5],
    ]);
    // The result may be bought again, and is charged again.
    expect(await spendOnResult(database.db, dewi.id, target, key, 'nowatermark')).toMatchObject({ balance: 5, charged: true });
  });

  it('unlocks a result by its one-off payment, and refuses a second payment for it', async () => {
    const fajar = await insertCreator(database.db, 'fajar');
    const key = resultKey();
    const deps = { db: database.db, providers, payments: { orderTtlMinutes: 30 } };
    const body = { resultKey: key, currency: 'USD' as const, provider: 'sandbox' as const, idempotencyKey: `nowatermark-order-${key}`, returnTo: 'support' as const, acceptTerms: true as const };
    const view = await createNowatermarkOrder(deps, fajar, { ...target, uri: 'free-campaign' }, body, 'https://bingkai.test');
    expect(view).toMatchObject({ kind: 'nowatermark', itemId: 'nowatermark', amount: 99, currency: 'USD' });
    expect((await resultUnlocks(database.db, fajar.id, target, key)).nowatermark).toMatchObject({ method: 'payment', paid: false, refundableUntil: null });

    const [row] = await database.db.select().from(orders).where(eq(orders.id, view.id));
    expect(row!.campaignId).toBe(target.campaignId);
    await payOrder(database.db, row!);
    expect((await resultUnlocks(database.db, fajar.id, target, key)).nowatermark).toMatchObject({ method: 'payment', paid: true });
    await expect(createNowatermarkOrder(deps, fajar, { ...target, uri: 'free-campaign' }, { ...body, idempotencyKey: `nowatermark-again-${key}` }, 'https://bingkai.test')).rejects.toMatchObject({
      code: 'ALREADY_UNLOCKED',
    });
    // A refund of the payment takes the unlock back.
    await database.db.transaction((tx) => nowatermarkFulfilment.refunded(tx, row!, new Date()));
    expect((await resultUnlocks(database.db, fajar.id, target, key)).nowatermark).toBeNull();
  });
});
