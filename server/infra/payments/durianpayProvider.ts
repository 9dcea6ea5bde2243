import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { currencyExponent, type Currency } from '../../../contract/plan.ts';
import { DomainError } from '../../domainError.ts';
import { WebhookSignatureError, type CreatedPayment, type PaymentEvent, type PaymentEventType, type PaymentProvider, type PaymentRequest, type RefundRequest, type RefundResult } from './paymentProvider.ts';

export interface DurianpayConfig {
  secretKey: string;
  /** https://api.durianpay.id, or a local peer in tests (no trailing slash). */
  apiUrl: string;
  /** A dp_test key: DurianPay's sandbox, no real money moves. */
  sandbox: boolean;
}

/**
 * Where DurianPay's checkout comes from (the browser loads https://js.durianpay.id/[sandbox/]0.1.55/durianpay.min.js),
 * plus the hosts that script opens its checkout frame on and calls (checkout and API hosts, sandbox ones included).
 */
export const DURIANPAY_CHECKOUT_HOSTS = ['https://js.durianpay.id', 'https://*.durianpay.id'] as const;

/** DurianPay charges rupiah with no decimals: whole rupiah as a digit string (4,900,000 minor units → "49000"). */
export function durianpayAmount(amount: number): string {
  const scale = 10 ** currencyExponent.IDR;
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error(`DurianPay needs a positive whole amount in minor units, got ${amount}`);
  if (amount % scale !== 0) throw new Error(`DurianPay charges whole rupiah; ${amount} minor units is not a whole number of rupiah`);
  return String(amount / scale);
}

/**
 * A DurianPay decimal amount ("49000", "49000.00", "49000.5") back to minor units, exactly: parsed as text,
 * never through a float. Null when it is not a plain non-negative decimal.
 */
export function minorFromDurianpay(value: string): number | null {
  const match = /^(\d{1,15})(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  return whole * 10 ** currencyExponent.IDR + fraction;
}

/**
 * The signature DurianPay puts in a payment webhook's data.signature: lowercase hex HMAC-SHA256, keyed with the
 * merchant's secret key, of "<payment id>|<amount_str>" (the amount as DurianPay writes it, e.g. "49000.00").
 * Both sides (this adapter and server/testing/durianpayPeer.ts) use this one function.
 */
export function durianpaySignature(secretKey: string, paymentId: string, amountStr: string): string {
  return createHmac('sha256', secretKey).update(`${paymentId}|${amountStr}`).digest('hex');
}

const createdOrder = z.object({ data: z.object({ id: z.string().min(1), access_token: z.string().min(1) }) });

const createdRefund = z.object({ data: z.object({ id: z.string().min(1), amount: z.string(), status: z.string(), updated_at: z.string().optional() }) });

const webhookBody = z.object({
  event: z.string(),
  data: z.object({
    id: z.string().min(1),
    order_id: z.string().optional(),
    order_ref_id: z.string().optional(),
    status: z.string().optional(),
    amount_str: z.string().optional(),
    amount: z.union([z.string(), z.number()]).optional(),
    currency: z.string().optional(),
    signature: z.string().optional(),
    metadata: z.object({ order_ref_id: z.string().optional() }).passthrough().nullish(),
    created_at: z.string().optional(),
    updated_at: z.string().optional(),
    paid_at: z.string().optional(),
  }),
});

/**
 * Payment status (data.status first, else the event name's suffix) → what it means for our order. A customer's
 * cancellation ends the attempt like a failure. Anything else (an order.* event, an unknown status) → null: ignored.
 */
function eventType(event: string, status: string | undefined): PaymentEventType | null {
  const state = (status ?? event.replace(/^payment\./, '')).toLowerCase();
  if (state === 'completed' || state === 'success' || state === 'paid') return 'paid';
  if (state === 'failed' || state === 'cancelled' || state === 'canceled') return 'failed';
  if (state === 'pending' || state === 'processing' || state === 'started') return 'pending';
  if (state === 'expired') return 'expired';
  return null;
}

function signatureMatches(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given.toLowerCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * DurianPay (Indonesia: virtual accounts, e-wallets, QRIS, cards), IDR only. The server creates a DurianPay order
 * through the Orders API (POST /v1/orders, Basic auth with the secret key as user and no password); the browser
 * opens DurianPay's checkout script with the order's access token. Payment webhooks settle the order.
 *
 * Webhook reading: only payment.* events count (order.* repeat what the payment events already said). DurianPay
 * sends no event id, so an event's id is "<payment id>:<status>": the same payment reported twice in the same
 * state is the same event, and each state change of a payment is a new one.
 */
export function createDurianpayProvider(config: DurianpayConfig, options: { timeoutMs?: number } = {}): PaymentProvider {
  const authorization = `Basic ${Buffer.from(`${config.secretKey}:`).toString('base64')}`;
  const timeoutMs = options.timeoutMs ?? 15_000;

  /** One call of DurianPay's API, its answer read with `schema`; any failure is PAYMENT_PROVIDER_FAILED in the person's words. */
  async function post<T>(path: string, body: unknown, schema: z.ZodType<T>, what: string): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${config.apiUrl}${path}`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      throw new DomainError('PAYMENT_PROVIDER_FAILED', 'DurianPay cannot be reached right now; try again in a moment');
    }
    const text = await response.text();
    if (!response.ok) throw new DomainError('PAYMENT_PROVIDER_FAILED', `DurianPay refused to ${what} (HTTP ${response.status}); try again later`);
    try {
      return schema.parse(JSON.parse(text));
    } catch {
      throw new DomainError('PAYMENT_PROVIDER_FAILED', `DurianPay answered unexpectedly when asked to ${what}; try again later`);
    }
  }

  async function createPayment(order: PaymentRequest): Promise<CreatedPayment> {
    if (order.currency !== 'IDR') throw new Error(`DurianPay charges IDR only, not ${order.currency}`);
    const amount = durianpayAmount(order.amount);
    const body = {
      amount,
      payment_option: 'full_payment',
      currency: 'IDR',
      order_ref_id: order.orderId,
      customer: { email: order.customer.email, given_name: order.customer.name },
      items: [{ name: order.description, qty: 1, price: amount }],
      metadata: { order_id: order.orderId },
    };
    const parsed = await post('/v1/orders', body, createdOrder, 'create the payment');
    return {
      providerRef: parsed.data.id,
      checkout: { kind: 'durianpay', orderId: parsed.data.id, accessKey: parsed.data.access_token, sandbox: config.sandbox },
    };
  }

  /**
   * POST /v1/refunds (DurianPay's Create Refund API: ref_id, payment_id, amount as a decimal string, notes; Basic
   * auth). Its documentation says the refund is processed synchronously and the answer carries its status, so an
   * approved or completed refund is confirmed by the answer itself (no refund webhook format is documented; none is
   * read). Not confirmed against a live account: whether a second call with the same ref_id is refused or answered
   * with the same refund (we send the order id as ref_id and, on our side, refuse a second refund of a refunded order).
   */
  async function refundPayment(request: RefundRequest): Promise<RefundResult> {
    const paymentId = request.paidEventId?.split(':')[0];
    if (!paymentId) throw new DomainError('PAYMENT_PROVIDER_FAILED', 'No DurianPay payment is recorded for this order, so it cannot be refunded through DurianPay');
    const body = { ref_id: request.orderId, payment_id: paymentId, amount: durianpayAmount(request.amount), notes: request.reason.slice(0, 200) };
    const refund = (await post('/v1/refunds', body, createdRefund, 'refund the payment')).data;
    const status = refund.status.toLowerCase();
    if (status !== 'approved' && status !== 'completed' && status !== 'success') return { refundRef: refund.id, event: null };
    const amount = minorFromDurianpay(refund.amount);
    if (amount === null) throw new DomainError('PAYMENT_PROVIDER_FAILED', `DurianPay answered the refund with an amount "${refund.amount}" that is not a decimal amount`);
    return {
      refundRef: refund.id,
      event: {
        id: `${refund.id}:refunded`,
        type: 'refunded',
        orderId: request.orderId,
        providerRef: request.providerRef,
        amount,
        currency: 'IDR',
        occurredAt: refund.updated_at && !Number.isNaN(Date.parse(refund.updated_at)) ? new Date(refund.updated_at) : new Date(),
      },
    };
  }

  async function parseWebhook(rawBody: Buffer): Promise<PaymentEvent | null> {
    let json: unknown;
    try {
      json = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new WebhookSignatureError('the DurianPay webhook is not JSON, so its signature cannot be checked');
    }
    const parsed = webhookBody.safeParse(json);
    if (!parsed.success) throw new WebhookSignatureError('the DurianPay webhook has no payment data to check a signature on');
    const { event, data } = parsed.data;
    const amountStr = data.amount_str ?? (typeof data.amount === 'string' ? data.amount : undefined);
    if (!data.signature || amountStr === undefined) throw new WebhookSignatureError('the DurianPay webhook carries no signature');
    if (!signatureMatches(durianpaySignature(config.secretKey, data.id, amountStr), data.signature)) throw new WebhookSignatureError();
    if (!event.startsWith('payment.')) return null;
    const type = eventType(event, data.status);
    if (type === null) return null;
    const amount = minorFromDurianpay(amountStr);
    if (amount === null) throw new WebhookSignatureError(`the DurianPay webhook's amount "${amountStr}" is not a decimal amount`);
    const currency = (data.currency ?? 'IDR').toUpperCase();
    if (currency !== 'IDR') throw new WebhookSignatureError(`the DurianPay webhook is in ${currency}, not IDR`);
    const when = data.updated_at ?? data.paid_at ?? data.created_at;
    const occurredAt = when && !Number.isNaN(Date.parse(when)) ? new Date(when) : new Date();
    return {
      id: `${data.id}:${(data.status ?? event).toLowerCase()}`,
      type,
      orderId: data.order_ref_id ?? data.metadata?.order_ref_id ?? null,
      providerRef: data.order_id ?? null,
      amount,
      currency: currency as Currency,
      occurredAt,
    };
  }

  return {
    id: 'durianpay',
    currencies: ['IDR'],
    isTest: config.sandbox,
    createPayment,
    parseWebhook,
    refundPayment,
    checkoutHosts: DURIANPAY_CHECKOUT_HOSTS,
  };
}
