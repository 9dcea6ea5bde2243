import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { currencySchema, type Currency } from '../../../contract/plan.ts';
import { DomainError } from '../../domainError.ts';
import { WebhookSignatureError, type CreatedPayment, type PaymentEvent, type PaymentProvider, type RefundResult } from './paymentProvider.ts';

/**
 * The built-in test provider: no money moves. Its hosted page (server/routes/sandboxPay.ts) lets the person pick
 * an outcome, and the outcome reaches the app as a webhook signed the way real providers sign theirs (Stripe's
 * scheme: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`), so the webhook path is the same one a
 * real payment takes. On by default when no provider keys are set; config refuses it in production.
 */
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
/** A signature older (or newer) than this is refused: a captured webhook cannot be replayed later. */
export const SANDBOX_SIGNATURE_TOLERANCE_S = 300;

export const sandboxOutcomes = ['paid', 'failed', 'pending'] as const;
export type SandboxOutcome = (typeof sandboxOutcomes)[number];

const sandboxEvent = z.object({
  id: z.string().min(1).max(100),
  type: z.string(),
  created: z.number().int(),
  data: z.object({ paymentId: z.string().min(1).max(100), orderId: z.string().max(100), amount: z.number().int(), currency: currencySchema }),
});
export type SandboxEventBody = z.infer<typeof sandboxEvent>;

/** What the sandbox sends: a payment's outcome from its page, or a refund staff asked for. */
export type SandboxEventKind = SandboxOutcome | 'refunded';

const eventTypes: Record<string, SandboxEventKind> = { 'payment.paid': 'paid', 'payment.failed': 'failed', 'payment.pending': 'pending', 'payment.refunded': 'refunded' };

/** The webhook secret, derived from the app's signing secret under its own label (nothing else signs with it). */
export function sandboxWebhookSecret(signingSecret: Uint8Array): Buffer {
  return createHmac('sha256', signingSecret).update('bingkai sandbox payments webhook v1').digest();
}

/** The signature header value for a raw body at a time (unix seconds). */
export function signSandboxWebhook(secret: Uint8Array, rawBody: string | Buffer, timestamp: number): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

export interface SandboxPayment {
  paymentId: string;
  orderId: string;
  amount: number;
  currency: Currency;
}

export interface SandboxProvider extends PaymentProvider {
  id: 'sandbox';
  /** The webhook the sandbox sends for an outcome of a payment: its raw body and headers. */
  webhookFor(payment: SandboxPayment, outcome: SandboxEventKind): { body: string; headers: Record<string, string> };
  /**
   * How the sandbox posts a webhook by itself (a refund has no page to post from): server/routes/sandboxPay.ts sets
   * the same delivery its pay button uses. It rejects when the app refused the webhook.
   */
  deliverWebhooksWith(deliver: (webhook: SandboxWebhook) => Promise<void>): void;
  /** The refunds asked for, by our order id (a second ask for one order refunds nothing more). */
  refunds: ReadonlyMap<string, string>;
}

export interface SandboxWebhook {
  body: string;
  headers: Record<string, string>;
}

export interface SandboxProviderOptions {
  /** sandboxWebhookSecret(signingSecret). */
  secret: Uint8Array;
  /** The clock, in ms (tests move it). */
  now?: () => number;
}

/** The hosted page's path for a payment. */
export const sandboxPayPath = (paymentId: string) => `/sandbox-pay/${encodeURIComponent(paymentId)}`;

function signatureParts(header: string | string[] | undefined): { timestamp: number; signatures: string[] } | null {
  if (typeof header !== 'string') return null;
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && value && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  return timestamp === null || signatures.length === 0 ? null : { timestamp, signatures };
}

export function createSandboxProvider(options: SandboxProviderOptions): SandboxProvider {
  const secret = Buffer.from(options.secret);
  const now = options.now ?? Date.now;
  let deliver: ((webhook: SandboxWebhook) => Promise<void>) | null = null;
  const refunds = new Map<string, string>();
  const provider: SandboxProvider = {
    id: 'sandbox',
    currencies: ['IDR', 'USD'],
    isTest: true,
    // The page is on our own origin.
    checkoutHosts: [],

    // The order's amount and plan are read from the order when the page is shown: nothing to keep here.
    async createPayment(): Promise<CreatedPayment> {
      // Random and unguessable: the id alone opens the page that pays the order.
      const paymentId = `sbx_${randomBytes(24).toString('base64url')}`;
      return { providerRef: paymentId, checkout: { kind: 'redirect', url: sandboxPayPath(paymentId) } };
    },

    async parseWebhook(rawBody, headers): Promise<PaymentEvent | null> {
      const parts = signatureParts(headers[SANDBOX_SIGNATURE_HEADER]);
      if (!parts) throw new WebhookSignatureError(`the ${SANDBOX_SIGNATURE_HEADER} header is missing or malformed`);
      if (Math.abs(now() / 1000 - parts.timestamp) > SANDBOX_SIGNATURE_TOLERANCE_S) throw new WebhookSignatureError('the webhook signature is too old');
      const expected = Buffer.from(signSandboxWebhook(secret, rawBody, parts.timestamp).split('v1=')[1]!, 'hex');
      const valid = parts.signatures.some((signature) => timingSafeEqual(Buffer.from(signature, 'hex'), expected));
      if (!valid) throw new WebhookSignatureError();
      let parsed: ReturnType<typeof sandboxEvent.safeParse>;
      try {
        parsed = sandboxEvent.safeParse(JSON.parse(rawBody.toString('utf8')));
      } catch {
        throw new DomainError('MALFORMED_JSON', 'The webhook body is not valid JSON');
      }
      if (!parsed.success) throw new DomainError('BAD_REQUEST', 'The webhook body is not a sandbox payment event');
      const event = parsed.data;
      const type = eventTypes[event.type];
      if (!type) return null;
      return {
        id: event.id,
        type,
        orderId: event.data.orderId || null,
        providerRef: event.data.paymentId,
        amount: event.data.amount,
        currency: event.data.currency,
        occurredAt: new Date(event.created * 1000),
      };
    },

    refunds,
    deliverWebhooksWith(fn) {
      deliver = fn;
    },

    // Records the refund and sends its 'refunded' webhook at once, the way the pay button sends a payment's outcome.
    async refundPayment(request): Promise<RefundResult> {
      if (!request.providerRef) throw new DomainError('PAYMENT_PROVIDER_FAILED', 'This order has no sandbox payment to refund');
      if (!deliver) throw new DomainError('PAYMENT_PROVIDER_FAILED', 'The sandbox cannot send webhooks here');
      const refundRef = refunds.get(request.orderId) ?? `sbx_re_${randomBytes(12).toString('base64url')}`;
      refunds.set(request.orderId, refundRef);
      await deliver(provider.webhookFor({ paymentId: request.providerRef, orderId: request.orderId, amount: request.amount, currency: request.currency }, 'refunded'));
      return { refundRef, event: null };
    },

    webhookFor(payment, outcome) {
      const created = Math.floor(now() / 1000);
      const event: SandboxEventBody = {
        id: `evt_${randomBytes(16).toString('base64url')}`,
        type: `payment.${outcome}`,
        created,
        data: { paymentId: payment.paymentId, orderId: payment.orderId, amount: payment.amount, currency: payment.currency },
      };
      const body = JSON.stringify(event);
      return { body, headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxWebhook(secret, body, created) } };
    },
  };
  return provider;
}
