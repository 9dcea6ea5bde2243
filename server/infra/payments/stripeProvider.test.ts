import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRIPE_TEST_KEY, STRIPE_TEST_WEBHOOK_SECRET, startStripePeer, type StripePeer, type StripeWebhook } from '../../testing/stripePeer.ts';
import { WebhookSignatureError, type PaymentProvider, type PaymentRequest } from './paymentProvider.ts';
import { createStripeProvider } from './stripeProvider.ts';

const request = (orderId: string, amount = 299): PaymentRequest => ({
  orderId,
  amount,
  currency: 'USD',
  description: 'Bingkai supporter, monthly',
  customer: { email: 'ana@example.com', name: 'Ana' },
  returnUrl: `https://bingkai.test/checkout/loading/${orderId}`,
  cancelUrl: `https://bingkai.test/checkout/failed/${orderId}`,
});

describe('Stripe adapter against its peer', () => {
  let peer: StripePeer;
  let provider: PaymentProvider;

  beforeAll(async () => {
    peer = await startStripePeer();
    provider = createStripeProvider({ secretKey: STRIPE_TEST_KEY, webhookSecret: STRIPE_TEST_WEBHOOK_SECRET, apiUrl: peer.apiUrl, test: true });
  });
  afterAll(() => peer.close());

  const parse = (webhook: Pick<StripeWebhook, 'body' | 'headers'>) => provider.parseWebhook(Buffer.from(webhook.body), webhook.headers);

  it('creates one Checkout Session per order and redirects the browser to it', async () => {
    const created = await provider.createPayment(request('order-create'));
    const session = peer.sessionFor('order-create');
    expect(created).toEqual({ providerRef: session.id, checkout: { kind: 'redirect', url: session.url } });
    expect(peer.createBodies.at(-1)).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '299',
      'line_items[0][price_data][product_data][name]': 'Bingkai supporter, monthly',
      client_reference_id: 'order-create',
      'metadata[orderId]': 'order-create',
      success_url: 'https://bingkai.test/checkout/loading/order-create',
      cancel_url: 'https://bingkai.test/checkout/failed/order-create',
    });
    // The same order again (a retried create) gets the same session, through Stripe's idempotency key.
    expect(await provider.createPayment(request('order-create'))).toEqual(created);
    expect(peer.createBodies.filter((body) => body.client_reference_id === 'order-create')).toHaveLength(1);
    expect(provider.currencies).toEqual(['USD']);
    expect(provider.checkoutHosts).toEqual([]);
  });

  it('reports a refused key as a provider failure', async () => {
    const wrong = createStripeProvider({ secretKey: 'sk_test_wrong', webhookSecret: STRIPE_TEST_WEBHOOK_SECRET, apiUrl: peer.apiUrl, test: true });
    await expect(wrong.createPayment(request('order-wrong-key'))).rejects.toMatchObject({ code: 'PAYMENT_PROVIDER_FAILED', message: expect.stringContaining('401') });
    expect(() => peer.sessionFor('order-wrong-key')).toThrow();
  });

  it('refuses another currency before calling Stripe', async () => {
    const calls = peer.requests.length;
    await expect(provider.createPayment({ ...request('order-idr'), currency: 'IDR', amount: 4_900_000 })).rejects.toThrow(/USD only/);
    expect(peer.requests.length).toBe(calls);
  });

  it('maps Checkout Session events to order events with Stripe event ids', async () => {
    await provider.createPayment(request('order-events'));
    const session = peer.sessionFor('order-events');
    const cases = [
      ['checkout.session.async_payment_failed', 'failed'],
      ['checkout.session.async_payment_succeeded', 'paid'],
      ['checkout.session.expired', 'expired'],
      ['checkout.session.completed', 'paid'],
    ] as const;
    for (const [type, expected] of cases) {
      const webhook = peer.sessionEvent(type, 'order-events');
      expect(await parse(webhook)).toMatchObject({ id: webhook.id, type: expected, orderId: 'order-events', providerRef: session.id, amount: 299, currency: 'USD' });
    }
    const delayed = peer.sessionEvent('checkout.session.completed', 'order-events', { paymentStatus: 'unpaid' });
    expect(await parse(delayed)).toMatchObject({ type: 'pending' });
  });

  it('reads the amount Stripe reports, so a mismatch reaches the order domain', async () => {
    await provider.createPayment(request('order-amount'));
    expect(await parse(peer.sessionEvent('checkout.session.completed', 'order-amount', { amountTotal: 1 }))).toMatchObject({ amount: 1 });
  });

  it('finds the order of a refunded charge through its session', async () => {
    await provider.createPayment(request('order-refund'));
    await parse(peer.sessionEvent('checkout.session.completed', 'order-refund'));
    const refund = peer.refundEvent('order-refund');
    expect(await parse(refund)).toMatchObject({ id: refund.id, type: 'refunded', orderId: 'order-refund', providerRef: peer.sessionFor('order-refund').id, amount: 299, currency: 'USD' });
  });

  it('refuses a forged, stale, unsigned or tampered webhook', async () => {
    await provider.createPayment(request('order-forged'));
    await expect(parse(peer.sessionEvent('checkout.session.completed', 'order-forged', { forged: true }))).rejects.toBeInstanceOf(WebhookSignatureError);
    const stale = peer.sessionEvent('checkout.session.completed', 'order-forged', { created: Math.floor(Date.now() / 1000) - 3600 });
    await expect(parse(stale)).rejects.toBeInstanceOf(WebhookSignatureError);
    const genuine = peer.sessionEvent('checkout.session.completed', 'order-forged');
    await expect(parse({ body: genuine.body, headers: {} })).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(parse({ body: genuine.body.replace('"amount_total":299', '"amount_total":1'), headers: genuine.headers })).rejects.toBeInstanceOf(WebhookSignatureError);
  });

  it('ignores event types that mean nothing to an order', async () => {
    const other = peer.sessionEvent('checkout.session.completed', 'order-forged');
    const body = other.body.replace('"type":"checkout.session.completed"', '"type":"customer.created"');
    const header = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: STRIPE_TEST_WEBHOOK_SECRET });
    expect(await parse({ body, headers: { 'stripe-signature': header } })).toBeNull();
  });
});

describe('Stripe refunds against its peer', () => {
  let peer: StripePeer;
  let provider: PaymentProvider;

  beforeAll(async () => {
    peer = await startStripePeer();
    provider = createStripeProvider({ secretKey: STRIPE_TEST_KEY, webhookSecret: STRIPE_TEST_WEBHOOK_SECRET, apiUrl: peer.apiUrl, test: true });
  });
  afterAll(() => peer.close());

  const refundOf = (orderId: string, providerRef: string | null) => provider.refundPayment({ orderId, providerRef, amount: 299, currency: 'USD', paidEventId: null, reason: 'Buyer asked' });

  it("refunds the session's payment intent once, idempotent per order; charge.refunded then settles it", async () => {
    const { providerRef } = await provider.createPayment(request('order-refund'));
    peer.sessionEvent('checkout.session.completed', 'order-refund');
    const first = await refundOf('order-refund', providerRef);
    const again = await refundOf('order-refund', providerRef);
    expect(first).toEqual({ refundRef: expect.stringMatching(/^re_/), event: null });
    expect(again.refundRef).toBe(first.refundRef);
    expect([...peer.refunds.values()]).toEqual([expect.objectContaining({ amount: 299, payment_intent: peer.sessionFor('order-refund').payment_intent, metadata: { orderId: 'order-refund' } })]);
    const webhook = peer.refundEvent('order-refund');
    expect(await provider.parseWebhook(Buffer.from(webhook.body), webhook.headers)).toMatchObject({ type: 'refunded', orderId: 'order-refund', providerRef, amount: 299 });
  });

  it('refuses, as PAYMENT_PROVIDER_FAILED, a refund of an unpaid session or of no session', async () => {
    const before = peer.refunds.size;
    const { providerRef } = await provider.createPayment(request('order-unpaid'));
    await expect(refundOf('order-unpaid', providerRef)).rejects.toMatchObject({ code: 'PAYMENT_PROVIDER_FAILED' });
    await expect(refundOf('order-none', 'cs_test_missing')).rejects.toMatchObject({ code: 'PAYMENT_PROVIDER_FAILED' });
    await expect(refundOf('order-none', null)).rejects.toMatchObject({ code: 'PAYMENT_PROVIDER_FAILED' });
    expect(peer.refunds.size).toBe(before);
  });
});
