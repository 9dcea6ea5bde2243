/**
 * DurianPay and Stripe end to end through the routes, each against its local protocol peer: POST /orders creates the
 * provider-side payment on the peer, the peer's signed webhooks go to POST /webhooks/:provider, and the order, its
 * ledger, the plan and the invoice follow. One app and one pair of peers for the whole file.
 */
import { tmpdir } from 'node:os';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderResponse, type OrderView } from '../../contract/order.ts';
import { loadConfig } from '../config.ts';
import { orderLedgerEntries } from '../domain/orderLedger.ts';
import { accounts, invoices, paymentEvents, subscriptions } from '../infra/db/schema.ts';
import { durianpayPeerPayments, startDurianpayPeer, type DurianpayPeer } from '../testing/durianpayPeer.ts';
import { asAccount, passwordAccount } from '../testing/socialApp.ts';
import { startStripePeer, stripePeerPayments, type StripePeer } from '../testing/stripePeer.ts';
import { createTestApp, drivers, type TestApp } from '../testing/testApp.ts';

interface Webhook {
  body: string;
  headers: Record<string, string>;
}

/** What each provider's peer sends for an order, in the provider's own words. */
interface ProviderScript {
  currency: 'IDR' | 'USD';
  amount: number;
  paid(orderId: string): Webhook;
  /** Another event that also says paid (a second, different delivery of the same outcome). */
  paidAgain(orderId: string): Webhook;
  failed(orderId: string): Webhook;
  pending(orderId: string): Webhook;
  forged(orderId: string): Webhook;
  unsigned(orderId: string): Webhook;
  wrongAmount(orderId: string): Webhook;
}

let keys = 0;
const idempotencyKey = () => `webhook-test-key-${String(++keys).padStart(4, '0')}`;

describe.each(drivers)('DurianPay and Stripe webhooks through the routes (%s)', (driver) => {
  let t: TestApp;
  let durianpay: DurianpayPeer;
  let stripe: StripePeer;

  const scripts: Record<'durianpay' | 'stripe', ProviderScript> = {
    durianpay: {
      currency: 'IDR',
      amount: 4_900_000,
      paid: (id) => durianpay.webhook(id, { status: 'completed' }),
      paidAgain: (id) => durianpay.webhook(id, { status: 'success' }),
      failed: (id) => durianpay.webhook(id, { status: 'failed' }),
      pending: (id) => durianpay.webhook(id, { status: 'pending' }),
      forged: (id) => durianpay.webhook(id, { status: 'completed', forged: true }),
      unsigned: (id) => durianpay.webhook(id, { status: 'completed', unsigned: true }),
      wrongAmount: (id) => durianpay.webhook(id, { status: 'completed', amountStr: '4900.00' }),
    },
    stripe: {
      currency: 'USD',
      amount: 299,
      paid: (id) => stripe.sessionEvent('checkout.session.completed', id),
      paidAgain: (id) => stripe.sessionEvent('checkout.session.async_payment_succeeded', id),
      failed: (id) => stripe.sessionEvent('checkout.session.async_payment_failed', id),
      pending: (id) => stripe.sessionEvent('checkout.session.completed', id, { paymentStatus: 'unpaid' }),
      forged: (id) => stripe.sessionEvent('checkout.session.completed', id, { forged: true }),
      unsigned: (id) => ({ body: stripe.sessionEvent('checkout.session.completed', id).body, headers: { 'content-type': 'application/json' } }),
      wrongAmount: (id) => stripe.sessionEvent('checkout.session.completed', id, { amountTotal: 29 }),
    },
  };

  beforeAll(async () => {
    durianpay = await startDurianpayPeer();
    stripe = await startStripePeer();
    const base = { ...loadConfig({}, tmpdir()).payments, sandbox: false, billingJobMs: 0 };
    t = await createTestApp(driver, { publicUrl: 'https://bingkai.test', payments: stripePeerPayments(stripe, durianpayPeerPayments(durianpay, base)) });
  });
  afterAll(async () => {
    await t?.close();
    await durianpay?.close();
    await stripe?.close();
  });

  /** A new signed-in account (its plan starts free). */
  async function account(name: string): Promise<{ token: string; id: string }> {
    const token = (await passwordAccount(t, { username: name, email: `${name}@example.test` }))!;
    const [row] = await t.database.db.select().from(accounts).where(eq(accounts.email, `${name}@example.test`));
    return { token, id: row!.id };
  }

  async function order(who: { token: string }, provider: 'durianpay' | 'stripe'): Promise<OrderView> {
    const response = await asAccount(t, who.token, {
      method: 'POST',
      url: '/api/v2/orders',
      body: { tier: 'supporter', period: 'monthly', currency: scripts[provider].currency, provider, idempotencyKey: idempotencyKey(), acceptTerms: true },
    });
    expect(response.statusCode, response.body).toBe(200);
    return orderResponse.parse(response.json()).data;
  }

  const deliver = (provider: string, webhook: Webhook) => t.app.inject({ method: 'POST', url: `/webhooks/${provider}`, headers: webhook.headers, payload: webhook.body });
  const statusOf = async (who: { token: string }, id: string) => orderResponse.parse((await asAccount(t, who.token, { method: 'GET', url: `/api/v2/orders/${id}` })).json()).data.status;
  const ledger = async (id: string) => (await orderLedgerEntries(t.database.db, id)).map((entry) => entry.entry);
  const planOf = async (accountId: string) => (await t.database.db.select().from(accounts).where(eq(accounts.id, accountId)))[0]!.subscription;
  const invoicesOf = async (orderId: string) => t.database.db.select().from(invoices).where(eq(invoices.orderId, orderId));

  describe.each(['durianpay', 'stripe'] as const)('%s', (provider) => {
    const script = () => scripts[provider];

    it('creates the payment on the provider and activates the plan when it is paid', async () => {
      const ana = await account(`${provider}-ana`);
      const view = await order(ana, provider);
      expect(view).toMatchObject({ status: 'pending', provider, currency: script().currency, amount: script().amount, isTest: true });
      if (provider === 'durianpay') {
        const created = durianpay.orderFor(view.id);
        expect(created.amount).toBe('49000');
        expect(view.checkout).toEqual({ kind: 'durianpay', orderId: created.id, accessKey: created.accessToken, sandbox: true });
      } else {
        const session = stripe.sessionFor(view.id);
        expect(session).toMatchObject({ amount_total: 299, currency: 'usd', success_url: `https://bingkai.test/checkout/loading/${view.id}`, cancel_url: `https://bingkai.test/checkout/failed/${view.id}` });
        expect(view.checkout).toEqual({ kind: 'redirect', url: session.url });
      }
      const paid = await deliver(provider, script().paid(view.id));
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json()).toMatchObject({ received: true, outcome: 'applied', status: 'paid' });
      expect(await statusOf(ana, view.id)).toBe('paid');
      expect(await ledger(view.id)).toEqual(['created', 'paid']);
      expect(await planOf(ana.id)).toEqual({ plan: 'premiumn_monthly' });
      expect(await invoicesOf(view.id)).toHaveLength(1);
    });

    it('fails the order on a failed payment, activating nothing', async () => {
      const bo = await account(`${provider}-bo`);
      const view = await order(bo, provider);
      const failed = await deliver(provider, script().failed(view.id));
      expect(failed.statusCode, failed.body).toBe(200);
      expect(await statusOf(bo, view.id)).toBe('failed');
      expect(await ledger(view.id)).toEqual(['created', 'failed']);
      expect(await planOf(bo.id)).toBeNull();
      expect(await invoicesOf(view.id)).toHaveLength(0);
    });

    it('keeps a pending payment pending, then pays it', async () => {
      const cy = await account(`${provider}-cy`);
      const view = await order(cy, provider);
      expect((await deliver(provider, script().pending(view.id))).json()).toMatchObject({ outcome: 'unchanged', status: 'pending' });
      expect(await statusOf(cy, view.id)).toBe('pending');
      expect((await deliver(provider, script().paidAgain(view.id))).json()).toMatchObject({ outcome: 'applied', status: 'paid' });
      expect(await ledger(view.id)).toEqual(['created', 'paid']);
      expect(await planOf(cy.id)).toEqual({ plan: 'premiumn_monthly' });
    });

    it('takes a duplicate once and lets no late or out-of-order event undo a payment', async () => {
      const di = await account(`${provider}-di`);
      const view = await order(di, provider);
      const paid = script().paid(view.id);
      expect((await deliver(provider, paid)).json()).toMatchObject({ outcome: 'applied' });
      expect((await deliver(provider, paid)).json()).toMatchObject({ outcome: 'duplicate', status: 'paid' });
      // A pending or a failure that arrives after the payment (sent earlier, delivered late) changes nothing.
      expect((await deliver(provider, script().pending(view.id))).json()).toMatchObject({ status: 'paid' });
      expect((await deliver(provider, script().failed(view.id))).json()).toMatchObject({ outcome: 'unchanged', status: 'paid' });
      expect(await ledger(view.id)).toEqual(['created', 'paid']);
      expect(await invoicesOf(view.id)).toHaveLength(1);

      // A success that arrives after a failure counts: the money was taken.
      const late = await order(di, provider);
      expect((await deliver(provider, script().failed(late.id))).json()).toMatchObject({ status: 'failed' });
      expect((await deliver(provider, script().paid(late.id))).json()).toMatchObject({ outcome: 'applied', status: 'paid' });
      expect(await ledger(late.id)).toEqual(['created', 'failed', 'paid']);
    });

    it('refuses a forged webhook with 401 and changes nothing', async () => {
      const ed = await account(`${provider}-ed`);
      const view = await order(ed, provider);
      const eventsBefore = (await t.database.db.select().from(paymentEvents)).length;
      const forged = await deliver(provider, script().forged(view.id));
      expect(forged.statusCode).toBe(401);
      expect(forged.json()).toMatchObject({ code: 'WEBHOOK_SIGNATURE_INVALID' });
      expect((await deliver(provider, script().unsigned(view.id))).statusCode).toBe(401);
      expect(await statusOf(ed, view.id)).toBe('pending');
      expect(await ledger(view.id)).toEqual(['created']);
      expect(await planOf(ed.id)).toBeNull();
      expect((await t.database.db.select().from(paymentEvents)).length).toBe(eventsBefore);
    });

    it('refuses a payment of another amount, recording it and leaving the order unpaid', async () => {
      const fi = await account(`${provider}-fi`);
      const view = await order(fi, provider);
      const mismatch = await deliver(provider, script().wrongAmount(view.id));
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json()).toMatchObject({ code: 'PAYMENT_AMOUNT_MISMATCH' });
      expect(await statusOf(fi, view.id)).toBe('pending');
      expect(await ledger(view.id)).toEqual(['created', 'amount_mismatch']);
      expect(await planOf(fi.id)).toBeNull();
    });

    it('activates the plan once when two webhooks say paid at the same time', async () => {
      const gu = await account(`${provider}-gu`);
      const view = await order(gu, provider);
      const first = script().paid(view.id);
      const results = await Promise.all([deliver(provider, first), deliver(provider, script().paidAgain(view.id)), deliver(provider, first)]);
      for (const result of results) expect(result.statusCode, result.body).toBe(200);
      expect(results.map((result) => (result.json() as { outcome: string }).outcome).filter((outcome) => outcome === 'applied')).toHaveLength(1);
      expect(await ledger(view.id)).toEqual(['created', 'paid']);
      expect(await invoicesOf(view.id)).toHaveLength(1);
      const rows = await t.database.db.select().from(subscriptions).where(eq(subscriptions.accountId, gu.id));
      expect(rows).toHaveLength(1);
      // One month from now, not two: the period was extended once.
      const days = (rows[0]!.currentPeriodEnd.getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(27);
      expect(days).toBeLessThan(32);
    });
  });

  it('takes a DurianPay webhook the peer sends over HTTP to the listening app', async () => {
    const jo = await account('durianpay-jo');
    const view = await order(jo, 'durianpay');
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const forged = await durianpay.sendWebhook(`${address}/webhooks/durianpay`, view.id, { status: 'completed', forged: true });
    expect(forged.status).toBe(401);
    const paid = await durianpay.sendWebhook(`${address}/webhooks/durianpay`, view.id, { status: 'completed' });
    expect(paid.status).toBe(200);
    expect(await paid.json()).toMatchObject({ outcome: 'applied', status: 'paid' });
    expect(await ledger(view.id)).toEqual(['created', 'paid']);
  });

  it('records a Stripe refund of a paid order', async () => {
    const ha = await account('stripe-ha');
    const view = await order(ha, 'stripe');
    expect((await deliver('stripe', scripts.stripe.paid(view.id))).json()).toMatchObject({ status: 'paid' });
    const refunded = await deliver('stripe', stripe.refundEvent(view.id));
    expect(refunded.json()).toMatchObject({ outcome: 'applied', status: 'refunded' });
    expect(await ledger(view.id)).toEqual(['created', 'paid', 'refunded']);
  });
});
