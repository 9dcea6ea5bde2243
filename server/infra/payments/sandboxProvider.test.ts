/**
 * The sandbox provider: unguessable payment ids on our own page, and webhooks signed and verified like a real
 * provider's (HMAC-SHA256 over the timestamp and the raw body, compared in constant time, refused when forged,
 * tampered, malformed or stale).
 */
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../domainError.ts';
import { WebhookSignatureError } from './paymentProvider.ts';
import { createSandboxProvider, SANDBOX_SIGNATURE_HEADER, SANDBOX_SIGNATURE_TOLERANCE_S, sandboxWebhookSecret, signSandboxWebhook } from './sandboxProvider.ts';

const secret = sandboxWebhookSecret(new TextEncoder().encode('the-app-signing-secret-0123456789abcdef'));
const payment = { paymentId: 'sbx_payment', orderId: '6a1f1c9e-6f1e-4c55-9e4b-6f6d1e2a9b10', amount: 4_900_000, currency: 'IDR' as const };
const request = { orderId: payment.orderId, amount: 4_900_000, currency: 'IDR' as const, description: 'Bingkai Supporter — monthly', customer: { email: 'a@example.test', name: 'A' }, returnUrl: 'https://x/r', cancelUrl: 'https://x/c' };

describe('sandbox provider', () => {
  it('is a test provider charging IDR and USD on our own page, with an unguessable payment id per payment', async () => {
    const sandbox = createSandboxProvider({ secret });
    expect(sandbox).toMatchObject({ id: 'sandbox', currencies: ['IDR', 'USD'], isTest: true, checkoutHosts: [] });
    const [a, b] = await Promise.all([sandbox.createPayment(request), sandbox.createPayment(request)]);
    expect(a.providerRef).toMatch(/^sbx_[A-Za-z0-9_-]{32}$/);
    expect(a.providerRef).not.toBe(b.providerRef);
    expect(a.checkout).toEqual({ kind: 'redirect', url: `/sandbox-pay/${a.providerRef}` });
  });

  it('derives its webhook secret from the signing secret under its own label', () => {
    expect(secret.length).toBe(32);
    expect(Buffer.from(secret).equals(Buffer.from('the-app-signing-secret-0123456789abcdef'))).toBe(false);
    expect(sandboxWebhookSecret(new TextEncoder().encode('another'))).not.toEqual(secret);
  });

  it('reads the webhooks it signs', async () => {
    const now = Date.UTC(2026, 5, 1, 12);
    const sandbox = createSandboxProvider({ secret, now: () => now });
    for (const outcome of ['paid', 'failed', 'pending'] as const) {
      const webhook = sandbox.webhookFor(payment, outcome);
      expect(webhook.headers[SANDBOX_SIGNATURE_HEADER]).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      const event = await sandbox.parseWebhook(Buffer.from(webhook.body), webhook.headers);
      expect(event).toEqual({ id: expect.stringMatching(/^evt_/), type: outcome, orderId: payment.orderId, providerRef: 'sbx_payment', amount: 4_900_000, currency: 'IDR', occurredAt: new Date(now) });
    }
    const one = sandbox.webhookFor(payment, 'paid');
    const two = sandbox.webhookFor(payment, 'paid');
    expect(JSON.parse(one.body).id).not.toBe(JSON.parse(two.body).id);
  });

  it('refuses a forged, tampered, missing, malformed or stale signature', async () => {
    let now = Date.UTC(2026, 5, 1, 12);
    const sandbox = createSandboxProvider({ secret, now: () => now });
    const forger = createSandboxProvider({ secret: sandboxWebhookSecret(new TextEncoder().encode('not-the-secret')), now: () => now });
    const genuine = sandbox.webhookFor(payment, 'paid');
    const refused = async (body: string, headers: Record<string, string | string[] | undefined>) =>
      expect(sandbox.parseWebhook(Buffer.from(body), headers)).rejects.toBeInstanceOf(WebhookSignatureError);

    const forged = forger.webhookFor(payment, 'paid');
    await refused(forged.body, forged.headers);
    await refused(genuine.body.replace('4900000', '100'), genuine.headers);
    await refused(genuine.body, {});
    await refused(genuine.body, { [SANDBOX_SIGNATURE_HEADER]: ['a', 'b'] });
    await refused(genuine.body, { [SANDBOX_SIGNATURE_HEADER]: 'v1=abc' });
    await refused(genuine.body, { [SANDBOX_SIGNATURE_HEADER]: genuine.headers[SANDBOX_SIGNATURE_HEADER]!.replace(/v1=.*/, `v1=${'0'.repeat(64)}`) });
    now += (SANDBOX_SIGNATURE_TOLERANCE_S + 1) * 1000;
    await refused(genuine.body, genuine.headers);
  });

  it('answers null for an event type it does not know, and a clear error for a signed body that is not an event', async () => {
    const now = Date.UTC(2026, 5, 1, 12);
    const sandbox = createSandboxProvider({ secret, now: () => now });
    const t = Math.floor(now / 1000);
    const signed = (body: string) => ({ [SANDBOX_SIGNATURE_HEADER]: signSandboxWebhook(secret, body, t) });
    const other = JSON.stringify({ id: 'evt_1', type: 'payment.disputed', created: t, data: { paymentId: 'sbx_1', orderId: payment.orderId, amount: 1, currency: 'USD' } });
    expect(await sandbox.parseWebhook(Buffer.from(other), signed(other))).toBeNull();
    await expect(sandbox.parseWebhook(Buffer.from('{not json'), signed('{not json'))).rejects.toMatchObject({ code: 'MALFORMED_JSON' });
    const wrongShape = JSON.stringify({ id: 'evt_2', type: 'payment.paid', created: t, data: { amount: '1' } });
    await expect(sandbox.parseWebhook(Buffer.from(wrongShape), signed(wrongShape))).rejects.toBeInstanceOf(DomainError);
  });
});

describe('sandbox refunds', () => {
  it('sends a signed payment.refunded webhook through the delivery it was given, once per ask, recording one refund per order', async () => {
    const sandbox = createSandboxProvider({ secret });
    const refund = { orderId: payment.orderId, providerRef: payment.paymentId, amount: payment.amount, currency: payment.currency, paidEventId: null, reason: 'Buyer asked' };
    await expect(sandbox.refundPayment(refund)).rejects.toMatchObject({ code: 'PAYMENT_PROVIDER_FAILED' });
    const delivered: Array<{ body: string; headers: Record<string, string> }> = [];
    sandbox.deliverWebhooksWith(async (webhook) => void delivered.push(webhook));
    const first = await sandbox.refundPayment(refund);
    const again = await sandbox.refundPayment(refund);
    expect(first).toEqual({ refundRef: expect.stringMatching(/^sbx_re_/), event: null });
    expect(again.refundRef).toBe(first.refundRef);
    expect(sandbox.refunds.get(payment.orderId)).toBe(first.refundRef);
    expect(delivered).toHaveLength(2);
    const event = await sandbox.parseWebhook(Buffer.from(delivered[0]!.body), delivered[0]!.headers);
    expect(event).toMatchObject({ type: 'refunded', orderId: payment.orderId, providerRef: payment.paymentId, amount: payment.amount, currency: 'IDR' });
  });

  it('fails the ask when the app refuses the webhook, and without a payment', async () => {
    const sandbox = createSandboxProvider({ secret });
    sandbox.deliverWebhooksWith(async () => {
      throw new Error('refused');
    });
    await expect(sandbox.refundPayment({ orderId: payment.orderId, providerRef: payment.paymentId, amount: 1, currency: 'IDR', paidEventId: null, reason: 'x' })).rejects.toThrow('refused');
    await expect(sandbox.refundPayment({ orderId: payment.orderId, providerRef: null, amount: 1, currency: 'IDR', paidEventId: null, reason: 'x' })).rejects.toMatchObject({ code: 'PAYMENT_PROVIDER_FAILED' });
  });
});
