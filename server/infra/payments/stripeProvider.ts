import Stripe from 'stripe';
import { currencies, type Currency } from '../../../contract/plan.ts';
import { DomainError } from '../../domainError.ts';
import { WebhookSignatureError, type CreatedPayment, type PaymentEvent, type PaymentEventType, type PaymentProvider, type PaymentRequest, type RefundRequest, type RefundResult } from './paymentProvider.ts';

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** A local peer in tests (http://127.0.0.1:port); unset → Stripe's own API. */
  apiUrl: string | undefined;
  /** An sk_test_ key: no real money moves. */
  test: boolean;
}

/** The SDK's connection options for an API URL: host, port and protocol of a local peer. */
function connection(apiUrl: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

function currencyOf(code: string | null | undefined): Currency {
  const upper = (code ?? '').toUpperCase();
  const known = currencies.find((currency) => currency === upper);
  if (!known) throw new WebhookSignatureError(`the Stripe event is in an unknown currency "${code}"`);
  return known;
}

/** Checkout Session events → what they mean for our order; a completed session is paid only once its payment_status says so. */
function sessionEventType(type: string, session: Stripe.Checkout.Session): PaymentEventType | null {
  switch (type) {
    case 'checkout.session.completed':
      // 'unpaid': a delayed method (bank debit); async_payment_succeeded or _failed follows.
      return session.payment_status === 'paid' ? 'paid' : 'pending';
    case 'checkout.session.async_payment_succeeded':
      return 'paid';
    case 'checkout.session.async_payment_failed':
      return 'failed';
    case 'checkout.session.expired':
      return 'expired';
    default:
      return null;
  }
}

/**
 * Stripe (cards, USD) through the official SDK and Checkout Sessions: the server creates a session for the
 * order and the browser is redirected to session.url (a navigation to checkout.stripe.com, so the CSP needs no
 * Stripe host). Webhooks are verified with stripe.webhooks.constructEvent on the raw body; an event's id is
 * Stripe's event id. Refunds: charge.refunded carries the refunded total (a full refund matches the order's amount).
 */
export function createStripeProvider(config: StripeConfig, options: { timeoutMs?: number } = {}): PaymentProvider {
  const stripe = new Stripe(config.secretKey, {
    ...connection(config.apiUrl),
    timeout: options.timeoutMs ?? 20_000,
    maxNetworkRetries: 1,
    telemetry: false,
  });

  async function createPayment(order: PaymentRequest): Promise<CreatedPayment> {
    if (order.currency !== 'USD') throw new Error(`Stripe is set up for USD only, not ${order.currency}`);
    if (!Number.isSafeInteger(order.amount) || order.amount <= 0) throw new Error(`Stripe needs a positive whole amount in minor units, got ${order.amount}`);
    let session: Stripe.Checkout.Session;
    try {
      session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: order.amount, product_data: { name: order.description } } }],
          client_reference_id: order.orderId,
          metadata: { orderId: order.orderId },
          payment_intent_data: { metadata: { orderId: order.orderId } },
          customer_email: order.customer.email,
          success_url: order.returnUrl,
          cancel_url: order.cancelUrl,
        },
        // The same order never gets two sessions, even when the create is retried.
        { idempotencyKey: `bingkai-order-${order.orderId}` },
      );
    } catch (error) {
      const status = error instanceof Stripe.errors.StripeError && error.statusCode ? ` (HTTP ${error.statusCode})` : '';
      throw new DomainError('PAYMENT_PROVIDER_FAILED', `Stripe could not create the payment${status}; try again later`);
    }
    if (!session.url) throw new DomainError('PAYMENT_PROVIDER_FAILED', 'Stripe created a session without a payment page; try again later');
    return { providerRef: session.id, checkout: { kind: 'redirect', url: session.url } };
  }

  /**
   * A full refund of the Checkout Session's payment: the session (our providerRef) names its payment intent, and
   * POST /v1/refunds refunds that (idempotent per order). charge.refunded then settles the order.
   */
  async function refundPayment(request: RefundRequest): Promise<RefundResult> {
    if (!request.providerRef) throw new DomainError('PAYMENT_PROVIDER_FAILED', 'This order has no Stripe Checkout Session to refund');
    const failed = (error: unknown) => {
      const status = error instanceof Stripe.errors.StripeError && error.statusCode ? ` (HTTP ${error.statusCode})` : '';
      return new DomainError('PAYMENT_PROVIDER_FAILED', `Stripe could not refund the payment${status}; try again later`);
    };
    let paymentIntent: string | null;
    try {
      const session = await stripe.checkout.sessions.retrieve(request.providerRef);
      paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
    } catch (error) {
      throw failed(error);
    }
    if (!paymentIntent) throw new DomainError('PAYMENT_PROVIDER_FAILED', 'Stripe has no payment for this order to refund');
    try {
      const refund = await stripe.refunds.create(
        { payment_intent: paymentIntent, amount: request.amount, reason: 'requested_by_customer', metadata: { orderId: request.orderId } },
        { idempotencyKey: `bingkai-refund-${request.orderId}` },
      );
      return { refundRef: refund.id, event: null };
    } catch (error) {
      throw failed(error);
    }
  }

  /** A refund names a charge; our order is in the charge's metadata, else in the session that made its payment intent. */
  async function refundEvent(event: Stripe.Event, charge: Stripe.Charge): Promise<PaymentEvent> {
    let orderId = charge.metadata?.orderId ?? null;
    let providerRef: string | null = null;
    const paymentIntent = typeof charge.payment_intent === 'string' ? charge.payment_intent : (charge.payment_intent?.id ?? null);
    if (paymentIntent) {
      const sessions = await stripe.checkout.sessions.list({ payment_intent: paymentIntent, limit: 1 });
      const session = sessions.data[0];
      if (session) {
        providerRef = session.id;
        orderId ??= session.metadata?.orderId ?? session.client_reference_id ?? null;
      }
    }
    return {
      id: event.id,
      type: 'refunded',
      orderId,
      providerRef,
      amount: charge.amount_refunded,
      currency: currencyOf(charge.currency),
      occurredAt: new Date(event.created * 1000),
    };
  }

  async function parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<PaymentEvent | null> {
    const header = headers['stripe-signature'];
    if (typeof header !== 'string' || header === '') throw new WebhookSignatureError('the Stripe webhook has no Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(rawBody, header, config.webhookSecret);
    } catch {
      // The SDK's own message is advice to integrators; the sender gets the plain refusal.
      throw new WebhookSignatureError('the Stripe webhook signature is wrong or too old');
    }
    if (event.type === 'charge.refunded') return refundEvent(event, event.data.object);
    if (!event.type.startsWith('checkout.session.')) return null;
    const session = event.data.object as Stripe.Checkout.Session;
    const type = sessionEventType(event.type, session);
    if (type === null) return null;
    return {
      id: event.id,
      type,
      orderId: session.metadata?.orderId ?? session.client_reference_id ?? null,
      providerRef: session.id,
      amount: session.amount_total ?? 0,
      currency: currencyOf(session.currency),
      occurredAt: new Date(event.created * 1000),
    };
  }

  return {
    id: 'stripe',
    currencies: ['USD'],
    isTest: config.test,
    createPayment,
    parseWebhook,
    refundPayment,
    // A redirect to checkout.stripe.com is a top-level navigation: no script, frame or fetch to allow.
    checkoutHosts: [],
  };
}
