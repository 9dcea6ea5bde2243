/**
 * POST /webhooks/:provider over HTTP with the sandbox provider's signed events: the signature checked on the raw
 * bytes (forged, tampered or missing: 401, nothing changed), idempotent by event id, late and out-of-order events,
 * an amount mismatch refused, an unknown order or provider a 404, the mails after the commit, and two identical
 * deliveries at once activating the plan once.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope } from '../../contract/errorEnvelope.ts';
import { orderResponse, type OrderView } from '../../contract/order.ts';
import { orderLedgerEntries } from '../domain/orderLedger.ts';
import { accounts, invoices, orderLedger, orders, paymentEvents, subscriptions } from '../infra/db/schema.ts';
import { createSandboxProvider, SANDBOX_SIGNATURE_HEADER, sandboxWebhookSecret, signSandboxWebhook, type SandboxOutcome } from '../infra/payments/sandboxProvider.ts';
import { asAccount, lastMail, passwordAccount } from '../testing/socialApp.ts';
import { createTestApp, drivers, TEST_SECRET, type TestApp } from '../testing/testApp.ts';

let keys = 0;
const newKey = () => `webhook-order-key-${String(++keys).padStart(4, '0')}`;

describe.each(drivers)('payment webhooks (%s)', (driver) => {
  let t: TestApp;
  let ana: string;
  let anaId: string;
  // The app's own sandbox signs with a secret derived from the signing secret: so does this twin.
  const sandbox = createSandboxProvider({ secret: sandboxWebhookSecret(new TextEncoder().encode(TEST_SECRET)) });
  const forger = createSandboxProvider({ secret: sandboxWebhookSecret(new TextEncoder().encode('another-secret-another-secret-0123')) });

  beforeAll(async () => {
    t = await createTestApp(driver, { publicUrl: 'https://bingkai.test' });
    ana = (await passwordAccount(t, { username: 'ana', email: 'ana@example.test' }))!;
    anaId = (await t.database.db.select().from(accounts).where(eq(accounts.email, 'ana@example.test')))[0]!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const envelope = (response: { json(): unknown }) => errorEnvelope.parse(response.json());
  const state = async () => ({
    orders: await t.database.db.select().from(orders).orderBy(orders.id),
    ledger: await t.database.db.select().from(orderLedger).orderBy(orderLedger.id),
    events: await t.database.db.select().from(paymentEvents).orderBy(paymentEvents.eventId),
    subscriptions: await t.database.db.select().from(subscriptions),
    invoices: await t.database.db.select().from(invoices).orderBy(invoices.number),
    accounts: await t.database.db.select().from(accounts).orderBy(accounts.id),
  });

  async function order(overrides: Record<string, unknown> = {}): Promise<OrderView & { paymentId: string }> {
    const body = { tier: 'supporter', period: 'monthly', currency: 'USD', provider: 'sandbox', idempotencyKey: newKey(), acceptTerms: true, ...overrides };
    const response = await asAccount(t, ana, { method: 'POST', url: '/api/v2/orders', body });
    expect(response.statusCode, response.body).toBe(200);
    const view = orderResponse.parse(response.json()).data;
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, view.id));
    return { ...view, paymentId: row!.providerRef! };
  }

  const webhookOf = (view: OrderView & { paymentId: string }, outcome: SandboxOutcome, overrides: { amount?: number; signer?: typeof sandbox } = {}) =>
    (overrides.signer ?? sandbox).webhookFor({ paymentId: view.paymentId, orderId: view.id, amount: overrides.amount ?? view.amount, currency: view.currency }, outcome);
  const deliver = (webhook: { body: string; headers: Record<string, string> }, provider = 'sandbox') =>
    t.app.inject({ method: 'POST', url: `/webhooks/${provider}`, headers: webhook.headers, payload: webhook.body });
  const entries = async (orderId: string) => (await orderLedgerEntries(t.database.db, orderId)).map((entry) => entry.entry);

  it('refuses a forged, tampered or unsigned webhook with 401 and changes nothing', async () => {
    const view = await order();
    const before = await state();
    const genuine = webhookOf(view, 'paid');
    const attempts = [
      webhookOf(view, 'paid', { signer: forger }),
      { body: genuine.body.replace(`"amount":${view.amount}`, `"amount":${view.amount + 1}`), headers: genuine.headers },
      { body: genuine.body, headers: { 'content-type': 'application/json' } },
      { body: genuine.body, headers: { ...genuine.headers, [SANDBOX_SIGNATURE_HEADER]: 't=1,v1=zz' } },
      // Signed right, but long ago: a replay.
      { body: genuine.body, headers: { ...genuine.headers, [SANDBOX_SIGNATURE_HEADER]: signSandboxWebhook(sandboxWebhookSecret(new TextEncoder().encode(TEST_SECRET)), genuine.body, Math.floor(Date.now() / 1000) - 3600) } },
    ];
    for (const attempt of attempts) {
      const response = await deliver(attempt);
      expect(response.statusCode, attempt.headers[SANDBOX_SIGNATURE_HEADER] ?? 'no signature').toBe(401);
      expect(envelope(response).code).toBe('WEBHOOK_SIGNATURE_INVALID');
    }
    expect(await state()).toEqual(before);
  });

  it('checks the signature on the exact bytes, whatever the content type', async () => {
    const view = await order();
    const event = JSON.parse(webhookOf(view, 'pending').body) as Record<string, unknown>;
    // Spacing a JSON parser would drop: re-serialising the body would break the signature.
    const body = JSON.stringify(event, null, 3);
    const timestamp = Math.floor(Date.now() / 1000);
    const signature = signSandboxWebhook(sandboxWebhookSecret(new TextEncoder().encode(TEST_SECRET)), body, timestamp);
    const response = await t.app.inject({ method: 'POST', url: '/webhooks/sandbox', headers: { 'content-type': 'text/plain', [SANDBOX_SIGNATURE_HEADER]: signature }, payload: body });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ received: true, outcome: 'unchanged', status: 'pending' });
  });

  it('applies a payment once: duplicates and late events answer 200 and change nothing', async () => {
    const view = await order();
    const paid = webhookOf(view, 'paid');
    const first = await deliver(paid);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, outcome: 'applied', status: 'paid' });
    const settled = await state();

    const again = await deliver(paid);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ outcome: 'duplicate' });
    // Out of order: a pending and a failure sent before the payment arrive after it.
    for (const outcome of ['pending', 'failed'] as const) {
      const late = await deliver(webhookOf(view, outcome));
      expect(late.statusCode).toBe(200);
      expect(late.json()).toEqual({ received: true, outcome: 'unchanged', status: 'paid' });
    }
    const after = await state();
    expect({ ...after, events: [] }).toEqual({ ...settled, events: [] });
    expect(await entries(view.id)).toEqual(['created', 'paid']);

    // The receipt goes out after the commit, as a job: the provider does not wait for it.
    await expect.poll(() => lastMail(t, 'BILLING_RECEIPT'), { timeout: 10_000 }).toContain('ana@example.test');
  });

  it('mails a failed payment', async () => {
    const view = await order({ tier: 'creator' });
    const response = await deliver(webhookOf(view, 'failed'));
    expect(response.json()).toEqual({ received: true, outcome: 'applied', status: 'failed' });
    await expect.poll(() => lastMail(t, 'BILLING_PAYMENT_FAILED'), { timeout: 10_000 }).toContain(`/checkout/failed/${view.id}`);
  });

  it('refuses an amount that is not the order’s: 400, recorded, the order not moved', async () => {
    const view = await order();
    const response = await deliver(webhookOf(view, 'paid', { amount: 1 }));
    expect(response.statusCode).toBe(400);
    expect(envelope(response).code).toBe('PAYMENT_AMOUNT_MISMATCH');
    expect(await entries(view.id)).toEqual(['created', 'amount_mismatch']);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, view.id));
    expect(row!.status).toBe('pending');
    expect((await t.database.db.select().from(invoices).where(eq(invoices.orderId, view.id))).length).toBe(0);
  });

  it('answers 404 for an unknown order or provider, writing nothing', async () => {
    const view = await order();
    const before = await state();
    const unknown = sandbox.webhookFor({ paymentId: 'sbx_nobody', orderId: '00000000-0000-4000-8000-000000000000', amount: 299, currency: 'USD' }, 'paid');
    const response = await deliver(unknown);
    expect(response.statusCode).toBe(404);
    expect(envelope(response).code).toBe('NOT_FOUND');
    for (const provider of ['stripe', 'durianpay', 'paypal']) expect((await deliver(webhookOf(view, 'paid'), provider)).statusCode, provider).toBe(404);
    expect(await state()).toEqual(before);
  });

  it('activates the plan once when the same webhook arrives twice at once', async () => {
    await t.database.db.delete(subscriptions).where(eq(subscriptions.accountId, anaId));
    const view = await order({ tier: 'creator', period: 'yearly' });
    const paid = webhookOf(view, 'paid');
    const responses = await Promise.all([deliver(paid), deliver(paid), deliver(paid)]);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    expect(responses.map((response) => (response.json() as { outcome: string }).outcome).sort()).toEqual(['applied', 'duplicate', 'duplicate']);
    expect(await entries(view.id)).toEqual(['created', 'paid']);
    expect((await t.database.db.select().from(invoices).where(eq(invoices.orderId, view.id))).length).toBe(1);
    const [subscription] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.accountId, anaId));
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, view.id));
    // Twelve months from the payment: one activation, not three.
    const expectedEnd = new Date(row!.paidAt!);
    expectedEnd.setUTCFullYear(expectedEnd.getUTCFullYear() + 1);
    expect(subscription).toMatchObject({ planId: 'diamond_yearly', state: 'active', currentPeriodEnd: expectedEnd });
  });
});
