/**
 * The order domain on a real database: orders priced from the catalog and idempotent per key, refusals that write
 * nothing, a provider that cannot be reached, and webhook events applied once — duplicates, late and out-of-order
 * events, amount mismatches, unknown orders and two deliveries at once.
 */
import { createServer, type AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderCreateBody } from '../../contract/order.ts';
import type { PaymentsConfig } from '../config.ts';
import { accounts, invoices, orderLedger, orders, paymentEvents, subscriptions } from '../infra/db/schema.ts';
import type { PaymentEvent, PaymentProvider } from '../infra/payments/paymentProvider.ts';
import type { PaymentProviders } from '../infra/payments/paymentProviders.ts';
import { createSandboxProvider } from '../infra/payments/sandboxProvider.ts';
import { insertCreator } from '../testing/fixtures.ts';
import { createTestDatabase, drivers, type TestDatabase } from '../testing/testApp.ts';
import { orderLedgerEntries } from './orderLedger.ts';
import { applyPaymentEvent, createOrder, orderViewFor } from './orders.ts';

const payments: Pick<PaymentsConfig, 'orderTtlMinutes' | 'seller' | 'taxRateBps'> = { orderTtlMinutes: 30, seller: { name: 'Bingkai', address: '', email: '', taxId: '' }, taxRateBps: 0 };

/** A port nothing listens on: a provider there fails the way an unreachable API does. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A provider whose API is down: createPayment really calls a closed port. */
function unreachableProvider(port: number): PaymentProvider {
  return {
    id: 'stripe',
    currencies: ['USD'],
    isTest: false,
    checkoutHosts: [],
    async createPayment(request) {
      const response = await fetch(`http://127.0.0.1:${port}/v1/checkout/sessions`, { method: 'POST', body: JSON.stringify(request) });
      throw new Error(`unexpected answer ${response.status}`);
    },
    async parseWebhook() {
      return null;
    },
    async refundPayment() {
      throw new Error('unreachable');
    },
  };
}

let keys = 0;
const body = (overrides: Partial<OrderCreateBody> = {}): OrderCreateBody => ({
  tier: 'supporter',
  period: 'monthly',
  currency: 'USD',
  provider: 'sandbox',
  idempotencyKey: `domain-order-key-${String(++keys).padStart(4, '0')}`,
  acceptTerms: true,
  ...overrides,
});

describe.each(drivers)('orders (%s)', (driver) => {
  let database: TestDatabase;
  let providers: PaymentProviders;
  let ana: Awaited<ReturnType<typeof insertCreator>>;
  const at = new Date('2026-06-01T12:00:00Z');

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    providers = new Map<PaymentProvider['id'], PaymentProvider>([
      ['sandbox', createSandboxProvider({ secret: Buffer.from('domain-test-sandbox-secret') })],
      ['stripe', unreachableProvider(await closedPort())],
    ]);
    ana = await insertCreator(database.db, 'ana');
  });
  afterAll(async () => database?.dispose());

  const deps = () => ({ db: database.db, providers, payments });
  const order = (overrides: Partial<OrderCreateBody> = {}) => createOrder(deps(), ana, body(overrides), 'https://bingkai.test', at);
  const state = async () => ({
    orders: await database.db.select().from(orders).orderBy(orders.createdAt, orders.id),
    ledger: await database.db.select().from(orderLedger).orderBy(orderLedger.id),
    events: await database.db.select().from(paymentEvents).orderBy(paymentEvents.eventId),
    subscriptions: await database.db.select().from(subscriptions),
    invoices: await database.db.select().from(invoices).orderBy(invoices.number),
  });
  let events = 0;
  const event = (orderId: string, type: PaymentEvent['type'], overrides: Partial<PaymentEvent> = {}): PaymentEvent => ({
    id: `evt_domain_${++events}`,
    type,
    orderId,
    providerRef: null,
    amount: 299,
    currency: 'USD',
    occurredAt: at,
    ...overrides,
  });
  const apply = (e: PaymentEvent, provider: PaymentProvider['id'] = 'sandbox') => applyPaymentEvent(database.db, provider, e, payments, at);
  const entries = async (orderId: string) => (await orderLedgerEntries(database.db, orderId)).map((entry) => entry.entry);

  it('prices an order from the catalog, records it and answers the same order for the same key', async () => {
    const key = 'same-key-for-both-attempts';
    const first = await order({ tier: 'creator', period: 'yearly', currency: 'IDR', idempotencyKey: key });
    expect(first).toMatchObject({ status: 'pending', planId: 'diamond_yearly', tier: 'creator', period: 'yearly', amount: 149_000_000, currency: 'IDR', provider: 'sandbox', isTest: true });
    expect(first.expiresAt - at.getTime()).toBe(30 * 60_000);
    expect(first.checkout).toMatchObject({ kind: 'redirect', url: expect.stringMatching(/^\/sandbox-pay\/sbx_/) });
    const [row] = await database.db.select().from(orders).where(eq(orders.id, first.id));
    expect(row).toMatchObject({ catalogVersion: 1, accountId: ana.id, idempotencyKey: key, providerRef: expect.stringMatching(/^sbx_/) });
    expect(await entries(first.id)).toEqual(['created']);

    const again = await order({ tier: 'creator', period: 'yearly', currency: 'IDR', idempotencyKey: key });
    expect(again).toEqual(first);
    const before = await state();
    await expect(order({ tier: 'supporter', period: 'yearly', currency: 'IDR', idempotencyKey: key })).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    await expect(order({ tier: 'creator', period: 'yearly', currency: 'USD', idempotencyKey: key })).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await state()).toEqual(before);
  });

  it('makes one order when the same key arrives twice at once', async () => {
    const key = 'concurrent-key-0000001';
    const [a, b] = await Promise.all([order({ idempotencyKey: key }), order({ idempotencyKey: key })]);
    expect(a.id).toBe(b.id);
    expect((await database.db.select().from(orders).where(eq(orders.idempotencyKey, key))).length).toBe(1);
  });

  it('refuses a provider that is not configured or does not charge the currency, writing nothing', async () => {
    const before = await state();
    await expect(order({ provider: 'durianpay', currency: 'IDR' })).rejects.toMatchObject({ code: 'PAYMENT_PROVIDER_UNAVAILABLE' });
    await expect(order({ provider: 'stripe', currency: 'IDR' })).rejects.toMatchObject({ code: 'CURRENCY_NOT_SUPPORTED' });
    expect(await state()).toEqual(before);
  });

  it('fails the order with the reason when the provider cannot be reached', async () => {
    await expect(order({ provider: 'stripe' })).rejects.toMatchObject({ code: 'PAYMENT_PROVIDER_FAILED' });
    const [failed] = await database.db.select().from(orders).where(eq(orders.provider, 'stripe'));
    expect(failed).toMatchObject({ status: 'failed', providerRef: null });
    const ledger = await orderLedgerEntries(database.db, failed!.id);
    expect(ledger.map((entry) => entry.entry)).toEqual(['created', 'failed']);
    expect(String(ledger[1]!.data.reason)).toMatch(/^createPayment: fetch failed/);
    expect((await orderViewFor(database.db, ana.id, failed!.id)).isTest).toBe(false);
  });

  it('pays once: a duplicate delivery and a late pending or failed change nothing', async () => {
    const view = await order();
    expect(await apply(event(view.id, 'paid', { id: 'evt_pay_once' }))).toMatchObject({ outcome: 'applied', order: { status: 'paid' } });
    const paid = await state();
    expect(await apply(event(view.id, 'paid', { id: 'evt_pay_once' }))).toMatchObject({ outcome: 'duplicate' });
    expect(await apply(event(view.id, 'pending'))).toMatchObject({ outcome: 'unchanged', order: { status: 'paid' } });
    expect(await apply(event(view.id, 'failed'))).toMatchObject({ outcome: 'unchanged', order: { status: 'paid' } });
    const after = await state();
    expect(after.orders).toEqual(paid.orders);
    expect(after.ledger).toEqual(paid.ledger);
    expect(after.invoices).toEqual(paid.invoices);
    expect(after.subscriptions).toEqual(paid.subscriptions);
    expect(after.events.length).toBe(paid.events.length + 2);
    expect(await entries(view.id)).toEqual(['created', 'paid']);
    expect((await database.db.select().from(accounts).where(eq(accounts.id, ana.id)))[0]!.subscription).toEqual({ plan: 'premiumn_monthly' });
  });

  it('counts a success that arrives after a failure or an expiry: the money was taken', async () => {
    const failedFirst = await order();
    await apply(event(failedFirst.id, 'failed'));
    expect(await apply(event(failedFirst.id, 'paid'))).toMatchObject({ outcome: 'applied', order: { status: 'paid' } });
    expect(await entries(failedFirst.id)).toEqual(['created', 'failed', 'paid']);
    const expiredFirst = await order();
    await apply(event(expiredFirst.id, 'expired'));
    expect(await apply(event(expiredFirst.id, 'paid'))).toMatchObject({ outcome: 'applied', order: { status: 'paid' } });
    expect((await database.db.select().from(invoices).where(eq(invoices.orderId, expiredFirst.id))).length).toBe(1);
  });

  it('finds an order by the provider’s reference when the event does not carry our id', async () => {
    const view = await order();
    const [row] = await database.db.select().from(orders).where(eq(orders.id, view.id));
    expect(await apply(event('', 'failed', { orderId: null, providerRef: row!.providerRef }))).toMatchObject({ outcome: 'applied', order: { id: view.id, status: 'failed' } });
  });

  it('refuses an amount or currency that is not the order’s: recorded in the ledger, the order not moved', async () => {
    const view = await order();
    expect(await apply(event(view.id, 'paid', { amount: 1 }))).toMatchObject({ outcome: 'mismatch', order: { status: 'pending' } });
    expect(await apply(event(view.id, 'paid', { currency: 'IDR' }))).toMatchObject({ outcome: 'mismatch', order: { status: 'pending' } });
    const ledger = await orderLedgerEntries(database.db, view.id);
    expect(ledger.map((entry) => entry.entry)).toEqual(['created', 'amount_mismatch', 'amount_mismatch']);
    expect(ledger[1]).toMatchObject({ amount: 1, data: { expectedAmount: 299, expectedCurrency: 'USD', amount: 1, currency: 'USD', type: 'paid' } });
    expect((await database.db.select().from(invoices).where(eq(invoices.orderId, view.id))).length).toBe(0);
  });

  it('answers NOT_FOUND for an unknown order or another provider’s order, writing nothing', async () => {
    const view = await order();
    const before = await state();
    await expect(apply(event('00000000-0000-4000-8000-000000000000', 'paid'))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(apply(event('not-a-uuid', 'paid'))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(apply(event(view.id, 'paid'), 'stripe')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await state()).toEqual(before);
  });

  it('activates once when the same paid event, or two paid events, arrive at once', async () => {
    const budi = await insertCreator(database.db, 'budi');
    const view = await createOrder(deps(), budi, body(), 'https://bingkai.test', at);
    const same = event(view.id, 'paid');
    const results = await Promise.all([apply(same), apply(same), apply(event(view.id, 'paid'))]);
    expect(results.map((result) => result.outcome).sort()).toEqual(['applied', 'duplicate', 'unchanged']);
    expect(await entries(view.id)).toEqual(['created', 'paid']);
    expect((await database.db.select().from(invoices).where(eq(invoices.orderId, view.id))).length).toBe(1);
    const [subscription] = await database.db.select().from(subscriptions).where(eq(subscriptions.accountId, budi.id));
    // One month from the payment, not two.
    expect(subscription!.currentPeriodEnd).toEqual(new Date('2026-07-01T12:00:00Z'));
  });
});
