/**
 * GET /checkout/options, POST /orders and GET /orders/:orderId over HTTP (signed like the client): signed-in only,
 * priced on the server, idempotent, bad input refused with nothing written, someone else's order a 404.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope } from '../../contract/errorEnvelope.ts';
import { checkoutOptionsResponse, orderResponse } from '../../contract/order.ts';
import { accounts, orderLedger, orders } from '../infra/db/schema.ts';
import { asAccount, passwordAccount } from '../testing/socialApp.ts';
import { createTestApp, drivers, signedInject, type TestApp } from '../testing/testApp.ts';

let keys = 0;
const newKey = () => `route-order-key-${String(++keys).padStart(4, '0')}`;

describe.each(drivers)('order routes (%s)', (driver) => {
  let t: TestApp;
  let ana: string;
  let budi: string;

  beforeAll(async () => {
    t = await createTestApp(driver, { publicUrl: 'https://bingkai.test' });
    ana = (await passwordAccount(t, { username: 'ana', email: 'ana@example.test' }))!;
    budi = (await passwordAccount(t, { username: 'budi', email: 'budi@example.test' }))!;
    await t.database.db.update(accounts).set({ country: 'ID' }).where(eq(accounts.email, 'budi@example.test'));
  });
  afterAll(async () => {
    await t?.close();
  });

  const envelope = (response: { json(): unknown }) => errorEnvelope.parse(response.json());
  const state = async () => ({
    orders: await t.database.db.select().from(orders).orderBy(orders.id),
    ledger: await t.database.db.select().from(orderLedger).orderBy(orderLedger.id),
  });
  const post = (idToken: string, body: unknown) => asAccount(t, idToken, { method: 'POST', url: '/api/v2/orders', body });
  const valid = (overrides: Record<string, unknown> = {}) => ({ tier: 'supporter', period: 'monthly', currency: 'USD', provider: 'sandbox', idempotencyKey: newKey(), acceptTerms: true, ...overrides });

  it('needs an account', async () => {
    const before = await state();
    for (const request of [
      { method: 'GET', url: '/api/v2/checkout/options' },
      { method: 'POST', url: '/api/v2/orders', body: valid() },
      { method: 'GET', url: '/api/v2/orders/00000000-0000-4000-8000-000000000000' },
    ] as const) {
      const response = await signedInject(t.app, request);
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(401);
      expect(envelope(response).code).toBe('UNAUTHORIZED');
    }
    expect(await state()).toEqual(before);
  });

  it('offers the configured providers and the currency of the account’s country or language', async () => {
    const options = await asAccount(t, ana, { method: 'GET', url: '/api/v2/checkout/options' });
    expect(options.statusCode, options.body).toBe(200);
    expect(options.headers['cache-control']).toBe('private, no-store');
    expect(checkoutOptionsResponse.parse(options.json()).data).toEqual({ currency: 'USD', providers: [{ id: 'sandbox', currencies: ['IDR', 'USD'], isTest: true }] });
    const indonesian = await asAccount(t, budi, { method: 'GET', url: '/api/v2/checkout/options' });
    expect(checkoutOptionsResponse.parse(indonesian.json()).data.currency).toBe('IDR');
  });

  it('creates an order priced from the catalog, and the same key answers the same order', async () => {
    const body = valid({ tier: 'creator', period: 'yearly', currency: 'IDR' });
    const created = await post(ana, body);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.headers['cache-control']).toBe('private, no-store');
    const view = orderResponse.parse(created.json()).data;
    expect(view).toMatchObject({ status: 'pending', planId: 'diamond_yearly', amount: 149_000_000, currency: 'IDR', provider: 'sandbox', isTest: true, isRenewal: false, paidAt: null, invoiceNumber: null });
    expect(view.checkout).toEqual({ kind: 'redirect', url: expect.stringMatching(/^\/sandbox-pay\/sbx_/) });

    const again = await post(ana, body);
    expect(again.statusCode).toBe(200);
    expect(orderResponse.parse(again.json()).data).toEqual(view);
    expect((await t.database.db.select().from(orders).where(eq(orders.idempotencyKey, body.idempotencyKey))).length).toBe(1);

    const before = await state();
    const reused = await post(ana, { ...body, period: 'monthly' });
    expect(reused.statusCode).toBe(409);
    expect(envelope(reused).code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await state()).toEqual(before);

    // Keys are per account: another person's same key is another order.
    const budis = await post(budi, body);
    expect(orderResponse.parse(budis.json()).data.id).not.toBe(view.id);
  });

  it('refuses bad input with a clear error and writes nothing', async () => {
    const before = await state();
    const refusals: Array<[Record<string, unknown>, number, string]> = [
      [valid({ tier: 'free' }), 400, 'VALIDATION_FAILED'],
      [valid({ period: 'weekly' }), 400, 'VALIDATION_FAILED'],
      [valid({ currency: 'EUR' }), 400, 'VALIDATION_FAILED'],
      [valid({ provider: 'paypal' }), 400, 'VALIDATION_FAILED'],
      [valid({ acceptTerms: false }), 400, 'VALIDATION_FAILED'],
      [valid({ idempotencyKey: 'short' }), 400, 'VALIDATION_FAILED'],
      // The amount is the server's: a body that brings one is refused, not believed.
      [valid({ amount: 1 }), 400, 'VALIDATION_FAILED'],
      [valid({ provider: 'stripe' }), 400, 'PAYMENT_PROVIDER_UNAVAILABLE'],
      [valid({ provider: 'durianpay', currency: 'IDR' }), 400, 'PAYMENT_PROVIDER_UNAVAILABLE'],
    ];
    for (const [body, status, code] of refusals) {
      const response = await post(ana, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(envelope(response).code).toBe(code);
    }
    expect(await state()).toEqual(before);
  });

  it('shows an order to its owner only', async () => {
    const view = orderResponse.parse((await post(ana, valid())).json()).data;
    const own = await asAccount(t, ana, { method: 'GET', url: `/api/v2/orders/${view.id}` });
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(orderResponse.parse(own.json()).data).toEqual(view);
    const other = await asAccount(t, budi, { method: 'GET', url: `/api/v2/orders/${view.id}` });
    expect(other.statusCode).toBe(404);
    expect(envelope(other).code).toBe('NOT_FOUND');
    expect((await asAccount(t, ana, { method: 'GET', url: '/api/v2/orders/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await asAccount(t, ana, { method: 'GET', url: '/api/v2/orders/not-an-id' })).statusCode).toBe(400);
  });
});
