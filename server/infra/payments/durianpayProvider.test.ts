import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DURIANPAY_TEST_SECRET, startDurianpayPeer, type DurianpayPeer } from '../../testing/durianpayPeer.ts';
import { createDurianpayProvider, durianpayAmount, minorFromDurianpay } from './durianpayProvider.ts';
import { WebhookSignatureError, type PaymentProvider, type PaymentRequest } from './paymentProvider.ts';

const request = (orderId: string, amount = 4_900_000): PaymentRequest => ({
  orderId,
  amount,
  currency: 'IDR',
  description: 'Bingkai supporter, monthly',
  customer: { email: 'ana@example.com', name: 'Ana' },
  returnUrl: `https://bingkai.test/checkout/loading/${orderId}`,
  cancelUrl: `https://bingkai.test/checkout/failed/${orderId}`,
});

describe('DurianPay amounts', () => {
  it('sends whole rupiah and reads amounts back exactly', () => {
    expect(durianpayAmount(4_900_000)).toBe('49000');
    expect(durianpayAmount(149_000_000)).toBe('1490000');
    expect(minorFromDurianpay('49000.00')).toBe(4_900_000);
    expect(minorFromDurianpay('49000')).toBe(4_900_000);
    expect(minorFromDurianpay('49000.5')).toBe(4_900_050);
    expect(minorFromDurianpay('1490000.01')).toBe(149_000_001);
  });

  it('refuses what is not an amount', () => {
    expect(() => durianpayAmount(4_900_050)).toThrow(/whole rupiah/);
    expect(() => durianpayAmount(0)).toThrow(/positive/);
    expect(() => durianpayAmount(1.5)).toThrow(/positive/);
    for (const text of ['', '-1', '49,000', '1e5', '49000.001', ' .5']) expect(minorFromDurianpay(text)).toBeNull();
  });
});

describe('DurianPay adapter against its peer', () => {
  let peer: DurianpayPeer;
  let provider: PaymentProvider;

  beforeAll(async () => {
    peer = await startDurianpayPeer();
    provider = createDurianpayProvider({ secretKey: DURIANPAY_TEST_SECRET, apiUrl: peer.apiUrl, sandbox: true });
  });
  afterAll(() => peer.close());

  const parse = (body: string) => provider.parseWebhook(Buffer.from(body), { 'content-type': 'application/json' });

  it('creates a DurianPay order and hands the browser its access token', async () => {
    const created = await provider.createPayment(request('order-create'));
    const order = peer.orderFor('order-create');
    expect(created).toEqual({ providerRef: order.id, checkout: { kind: 'durianpay', orderId: order.id, accessKey: order.accessToken, sandbox: true } });
    expect(order.amount).toBe('49000');
    expect(order.body).toMatchObject({ currency: 'IDR', order_ref_id: 'order-create', customer: { email: 'ana@example.com', given_name: 'Ana' } });
    expect(provider.isTest).toBe(true);
    expect(provider.currencies).toEqual(['IDR']);
  });

  it('reports a refused key as a provider failure and creates nothing', async () => {
    const wrong = createDurianpayProvider({ secretKey: 'dp_test_wrong', apiUrl: peer.apiUrl, sandbox: true });
    const before = peer.orders.size;
    await expect(wrong.createPayment(request('order-wrong-key'))).rejects.toMatchObject({ code: 'PAYMENT_PROVIDER_FAILED', message: expect.stringContaining('401') });
    expect(peer.orders.size).toBe(before);
    expect(peer.requests.at(-1)).toBe('POST /v1/orders 401');
  });

  it('refuses a currency or an amount DurianPay cannot charge before calling it', async () => {
    const calls = peer.requests.length;
    await expect(provider.createPayment({ ...request('order-usd'), currency: 'USD', amount: 299 })).rejects.toThrow(/IDR only/);
    await expect(provider.createPayment(request('order-cents', 4_900_001))).rejects.toThrow(/whole rupiah/);
    expect(peer.requests.length).toBe(calls);
  });

  it('maps signed payment states to order events', async () => {
    await provider.createPayment(request('order-states'));
    const order = peer.orderFor('order-states');
    const cases = [
      ['completed', 'paid'],
      ['success', 'paid'],
      ['failed', 'failed'],
      ['cancelled', 'failed'],
      ['pending', 'pending'],
      ['processing', 'pending'],
      ['expired', 'expired'],
    ] as const;
    for (const [status, type] of cases) {
      const event = await parse(peer.webhook('order-states', { status }).body);
      expect(event).toMatchObject({ type, orderId: 'order-states', providerRef: order.id, amount: 4_900_000, currency: 'IDR' });
      expect(event?.id).toBe(`pay_${order.id.slice(4)}:${status}`);
    }
  });

  it('gives the same event id to the same payment state sent twice, and another to a new state', async () => {
    await provider.createPayment(request('order-dup'));
    const first = await parse(peer.webhook('order-dup', { status: 'completed' }).body);
    const again = await parse(peer.webhook('order-dup', { status: 'completed' }).body);
    const pending = await parse(peer.webhook('order-dup', { status: 'pending' }).body);
    expect(again?.id).toBe(first?.id);
    expect(pending?.id).not.toBe(first?.id);
  });

  it('reads the amount DurianPay reports, so a mismatch reaches the order domain', async () => {
    await provider.createPayment(request('order-amount'));
    const event = await parse(peer.webhook('order-amount', { status: 'completed', amountStr: '1000.00' }).body);
    expect(event?.amount).toBe(100_000);
  });

  it('refuses a forged, unsigned, tampered or unreadable webhook', async () => {
    await provider.createPayment(request('order-forged'));
    await expect(parse(peer.webhook('order-forged', { status: 'completed', forged: true }).body)).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(parse(peer.webhook('order-forged', { status: 'completed', unsigned: true }).body)).rejects.toBeInstanceOf(WebhookSignatureError);
    const genuine = JSON.parse(peer.webhook('order-forged', { status: 'completed' }).body) as { data: Record<string, unknown> };
    genuine.data.amount_str = '1.00';
    await expect(parse(JSON.stringify(genuine))).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(parse('not json')).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(parse('{"event":"payment.completed"}')).rejects.toBeInstanceOf(WebhookSignatureError);
  });

  it('ignores order events and unknown payment states', async () => {
    await provider.createPayment(request('order-ignored'));
    const completed = JSON.parse(peer.webhook('order-ignored', { status: 'completed' }).body) as { event: string };
    completed.event = 'order.completed';
    expect(await parse(JSON.stringify(completed))).toBeNull();
    expect(await parse(peer.webhook('order-ignored', { status: 'refund_requested' }).body)).toBeNull();
  });

  it('allows the checkout script host and the DurianPay hosts it calls', () => {
    expect(provider.checkoutHosts).toContain('https://js.durianpay.id');
    expect(provider.checkoutHosts.every((host) => host.startsWith('https://') && host.endsWith('durianpay.id'))).toBe(true);
  });
});

describe('DurianPay refunds against its peer', () => {
  let peer: DurianpayPeer;
  let provider: PaymentProvider;

  beforeAll(async () => {
    peer = await startDurianpayPeer();
    provider = createDurianpayProvider({ secretKey: DURIANPAY_TEST_SECRET, apiUrl: peer.apiUrl, sandbox: true });
  });
  afterAll(() => peer.close());

  it('refunds the completed payment through POST /v1/refunds and confirms it from the answer', async () => {
    const { providerRef } = await provider.createPayment(request('order-refund'));
    const paid = await provider.parseWebhook(Buffer.from(peer.webhook('order-refund', { status: 'completed' }).body), {});
    const result = await provider.refundPayment({ orderId: 'order-refund', providerRef, amount: 4_900_000, currency: 'IDR', paidEventId: paid!.id, reason: 'Buyer asked' });
    const [made] = [...peer.refunds.values()];
    expect(made!.body).toEqual({ ref_id: 'order-refund', payment_id: paid!.id.split(':')[0], amount: '49000', notes: 'Buyer asked' });
    expect(result).toEqual({
      refundRef: made!.id,
      event: { id: `${made!.id}:refunded`, type: 'refunded', orderId: 'order-refund', providerRef, amount: 4_900_000, currency: 'IDR', occurredAt: expect.any(Date) },
    });
    // The whole payment is refunded: a second refund is refused by DurianPay.
    await expect(provider.refundPayment({ orderId: 'order-refund', providerRef, amount: 4_900_000, currency: 'IDR', paidEventId: paid!.id, reason: 'again' })).rejects.toMatchObject({ code: 'PAYMENT_PROVIDER_FAILED' });
  });

  it('refuses without a recorded payment, and when DurianPay does not know the payment', async () => {
    const { providerRef } = await provider.createPayment(request('order-unpaid'));
    const base = { orderId: 'order-unpaid', providerRef, amount: 4_900_000, currency: 'IDR' as const, reason: 'x' };
    await expect(provider.refundPayment({ ...base, paidEventId: null })).rejects.toMatchObject({ code: 'PAYMENT_PROVIDER_FAILED' });
    await expect(provider.refundPayment({ ...base, paidEventId: 'pay_unknown:completed' })).rejects.toMatchObject({ code: 'PAYMENT_PROVIDER_FAILED' });
  });
});
