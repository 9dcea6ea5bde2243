/**
 * The credits routes over HTTP (signed like the client): signed-in only, top-ups priced on the server, bad input
 * refused with a clear 400 and nothing written, spending on a result, the one-off payment, and another account's
 * unlock a 404.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditsBalanceResponse, creditsHistoryResponse, resultUnlocksResponse, unlockResponse } from '../../contract/creditsApi.ts';
import { errorEnvelope } from '../../contract/errorEnvelope.ts';
import { orderResponse } from '../../contract/order.ts';
import { accounts, ledgerEntries, orders, watermarkUnlocks } from '../infra/db/schema.ts';
import { insertCampaign } from '../testing/fixtures.ts';
import { asAccount, passwordAccount } from '../testing/socialApp.ts';
import { createTestApp, drivers, signedInject, type TestApp } from '../testing/testApp.ts';
import { topUpCredits } from '../testing/topUpCredits.ts';

let keys = 0;
const newKey = () => `route-credits-key-${String(++keys).padStart(4, '0')}`;

describe.each(drivers)('credit routes (%s)', (driver) => {
  let t: TestApp;
  let ana: string;
  let budi: string;
  let anaId: string;

  beforeAll(async () => {
    t = await createTestApp(driver, { publicUrl: 'https://bingkai.test' });
    ana = (await passwordAccount(t, { username: 'ana', email: 'ana@example.test' }))!;
    budi = (await passwordAccount(t, { username: 'budi', email: 'budi@example.test' }))!;
    const [creator] = await t.database.db.insert(accounts).values({ username: 'free-creator', name: 'Free', email: 'free@example.test' }).returning();
    const [premium] = await t.database.db.insert(accounts).values({ username: 'paid-creator', name: 'Paid', email: 'paid@example.test', subscription: { plan: 'diamond_monthly' } }).returning();
    await insertCampaign(t.database.db, creator!.id, { uri: 'free-frame' });
    await insertCampaign(t.database.db, premium!.id, { uri: 'premium-frame' });
    anaId = (await t.database.db.select().from(accounts).where(eq(accounts.email, 'ana@example.test')))[0]!.id;
    await topUpCredits(t.database.db, anaId, 'credits_10');
  });
  afterAll(async () => {
    await t?.close();
  });

  const envelope = (response: { json(): unknown }) => errorEnvelope.parse(response.json());
  const state = async () => ({
    orders: await t.database.db.select().from(orders).orderBy(orders.id),
    entries: await t.database.db.select().from(ledgerEntries).orderBy(ledgerEntries.id),
    unlocks: await t.database.db.select().from(watermarkUnlocks).orderBy(watermarkUnlocks.id),
  });
  const spend = (idToken: string, uri: string, body: unknown) => asAccount(t, idToken, { method: 'POST', url: `/api/v2/campaigns/${uri}/unlocks`, body });

  it('needs an account', async () => {
    const before = await state();
    for (const request of [
      { method: 'GET', url: '/api/v2/credits' },
      { method: 'GET', url: '/api/v2/credits/history' },
      { method: 'POST', url: '/api/v2/credits/orders', body: { pack: 'credits_10', currency: 'USD', provider: 'sandbox', idempotencyKey: newKey(), acceptTerms: true } },
      { method: 'GET', url: '/api/v2/campaigns/free-frame/results/result-key-1/unlocks' },
      { method: 'POST', url: '/api/v2/campaigns/free-frame/unlocks', body: { resultKey: 'result-key-1', purchase: 'nowatermark' } },
      { method: 'POST', url: '/api/v2/unlocks/00000000-0000-4000-8000-000000000000/refund' },
    ] as const) {
      const response = await signedInject(t.app, request);
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(401);
    }
    expect(await state()).toEqual(before);
  });

  it('shows the balance and its history', async () => {
    const balance = await asAccount(t, ana, { method: 'GET', url: '/api/v2/credits' });
    expect(balance.statusCode, balance.body).toBe(200);
    expect(balance.headers['cache-control']).toBe('private, no-store');
    expect(creditsBalanceResponse.parse(balance.json()).data.balance).toBe(10);
    const history = creditsHistoryResponse.parse((await asAccount(t, ana, { method: 'GET', url: '/api/v2/credits/history?page=1' })).json());
    expect(history).toEqual({ data: [expect.objectContaining({ kind: 'topup', amount: 10, item: 'credits_10' })], meta: { page: 1, hasMore: false } });
    expect(creditsBalanceResponse.parse((await asAccount(t, budi, { method: 'GET', url: '/api/v2/credits' })).json()).data.balance).toBe(0);
  });

  it('opens a top-up priced on the server, and refuses bad input writing nothing', async () => {
    const body = { pack: 'credits_120', currency: 'IDR', provider: 'sandbox', idempotencyKey: newKey(), acceptTerms: true };
    const created = await asAccount(t, budi, { method: 'POST', url: '/api/v2/credits/orders', body });
    expect(created.statusCode, created.body).toBe(200);
    expect(orderResponse.parse(created.json()).data).toMatchObject({ kind: 'credits', itemId: 'credits_120', amount: 14_000_000, currency: 'IDR', status: 'pending', checkout: { kind: 'redirect' } });

    const before = await state();
    const refusals: Array<[Record<string, unknown>, number, string]> = [
      [{ ...body, idempotencyKey: newKey(), pack: 'credits_7' }, 400, 'VALIDATION_FAILED'],
      [{ ...body, idempotencyKey: newKey(), currency: 'EUR' }, 400, 'VALIDATION_FAILED'],
      [{ ...body, idempotencyKey: newKey(), acceptTerms: false }, 400, 'VALIDATION_FAILED'],
      [{ ...body, idempotencyKey: newKey(), amount: 1 }, 400, 'VALIDATION_FAILED'],
      [{ ...body, idempotencyKey: 'short' }, 400, 'VALIDATION_FAILED'],
      [{ ...body, idempotencyKey: newKey(), provider: 'stripe' }, 400, 'PAYMENT_PROVIDER_UNAVAILABLE'],
    ];
    for (const [refused, status, code] of refusals) {
      const response = await asAccount(t, budi, { method: 'POST', url: '/api/v2/credits/orders', body: refused });
      expect(response.statusCode, JSON.stringify(refused)).toBe(status);
      expect(envelope(response).code).toBe(code);
    }
    expect(await state()).toEqual(before);
  });

  it('spends credits on a result of a free creator’s campaign, once per result, and refuses what buys nothing', async () => {
    const before = await state();
    for (const [uri, body, status, code] of [
      ['free-frame', { resultKey: 'bad key!', purchase: 'nowatermark' }, 400, 'VALIDATION_FAILED'],
      ['free-frame', { resultKey: 'result-key-1', purchase: 'gold' }, 400, 'VALIDATION_FAILED'],
      ['free-frame', { resultKey: 'result-key-1', purchase: 'nowatermark', price: 0 }, 400, 'VALIDATION_FAILED'],
      ['premium-frame', { resultKey: 'result-key-1', purchase: 'nowatermark' }, 409, 'NOT_WATERMARKED'],
      ['no-such-frame', { resultKey: 'result-key-1', purchase: 'nowatermark' }, 404, 'NOT_FOUND'],
    ] as const) {
      const response = await spend(ana, uri, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(envelope(response).code).toBe(code);
    }
    const broke = await spend(budi, 'free-frame', { resultKey: 'result-key-1', purchase: 'nowatermark' });
    expect([broke.statusCode, envelope(broke).code]).toEqual([409, 'INSUFFICIENT_BALANCE']);
    expect(await state()).toEqual(before);

    const bought = await spend(ana, 'free-frame', { resultKey: 'result-key-1', purchase: 'nowatermark' });
    expect(bought.statusCode, bought.body).toBe(200);
    const { unlock, balance } = unlockResponse.parse(bought.json()).data;
    expect([balance, unlock.paid, unlock.purchase]).toEqual([5, true, 'nowatermark']);
    expect(unlockResponse.parse((await spend(ana, 'free-frame', { resultKey: 'result-key-1', purchase: 'nowatermark' })).json()).data.balance).toBe(5);

    const unlocks = await asAccount(t, ana, { method: 'GET', url: '/api/v2/campaigns/free-frame/results/result-key-1/unlocks' });
    expect(resultUnlocksResponse.parse(unlocks.json()).data).toEqual({ watermarked: true, nowatermark: unlock, highResolution: null });
    const premium = await asAccount(t, ana, { method: 'GET', url: '/api/v2/campaigns/premium-frame/results/result-key-1/unlocks' });
    expect(resultUnlocksResponse.parse(premium.json()).data.watermarked).toBe(false);

    // Someone else's unlock is not theirs to refund: 404, nothing changed.
    const middle = await state();
    const other = await asAccount(t, budi, { method: 'POST', url: `/api/v2/unlocks/${unlock.id}/refund` });
    expect([other.statusCode, envelope(other).code]).toEqual([404, 'NOT_FOUND']);
    expect((await asAccount(t, ana, { method: 'POST', url: '/api/v2/unlocks/not-an-id/refund' })).statusCode).toBe(400);
    expect(await state()).toEqual(middle);

    const refund = await asAccount(t, ana, { method: 'POST', url: `/api/v2/unlocks/${unlock.id}/refund` });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(creditsBalanceResponse.parse(refund.json()).data.balance).toBe(10);
    expect((await asAccount(t, ana, { method: 'POST', url: `/api/v2/unlocks/${unlock.id}/refund` })).statusCode).toBe(404);
  });

  it('opens the one-off payment for a result, returning through the seed’s success route', async () => {
    const body = { resultKey: 'result-key-9', currency: 'USD', provider: 'sandbox', idempotencyKey: newKey(), returnTo: 'support', acceptTerms: true };
    const created = await asAccount(t, budi, { method: 'POST', url: '/api/v2/campaigns/free-frame/nowatermark-orders', body });
    expect(created.statusCode, created.body).toBe(200);
    const view = orderResponse.parse(created.json()).data;
    expect(view).toMatchObject({ kind: 'nowatermark', itemId: 'nowatermark', amount: 99, currency: 'USD' });
    // The sandbox page returns to the seed's success route of the support page (outcome 'pending' leaves it unpaid).
    const paid = await t.app.inject({ method: 'POST', url: (view.checkout as { url: string }).url, payload: { outcome: 'pending' } });
    expect([paid.statusCode, paid.headers.location]).toEqual([303, `/nowatermark-success-support/free-frame?order=${view.id}`]);

    const before = await state();
    const premium = await asAccount(t, budi, { method: 'POST', url: '/api/v2/campaigns/premium-frame/nowatermark-orders', body: { ...body, idempotencyKey: newKey() } });
    expect([premium.statusCode, envelope(premium).code]).toEqual([409, 'NOT_WATERMARKED']);
    const bad = await asAccount(t, budi, { method: 'POST', url: '/api/v2/campaigns/free-frame/nowatermark-orders', body: { ...body, idempotencyKey: newKey(), returnTo: 'elsewhere' } });
    expect([bad.statusCode, envelope(bad).code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(await state()).toEqual(before);
  });
});
