import type { OrderCheckout, PaymentProviderName } from '../../../contract/order.ts';
import type { Currency } from '../../../contract/plan.ts';

/**
 * One payment provider behind the interface the order domain uses (server/domain/orders.ts): it creates a
 * payment for an order and reads the provider's webhooks. Webhooks are the source of truth; the browser's
 * return only shows state.
 *
 * Adapters: sandboxProvider.ts (built in, on when no keys are set, refused in production),
 * durianpayProvider.ts (DurianPay Orders API) and stripeProvider.ts (Stripe Checkout Sessions).
 */
export interface PaymentProvider {
  id: PaymentProviderName;
  /** Currencies it can charge. */
  currencies: readonly Currency[];
  /** No real money moves: the sandbox, or a provider on its test/sandbox keys. */
  isTest: boolean;
  /** Creates the provider-side payment for an order; the same order id twice must not charge twice. */
  createPayment(order: PaymentRequest): Promise<CreatedPayment>;
  /**
   * Verifies the webhook's signature on the raw body and reads it. Throws WebhookSignatureError when the
   * signature is missing or wrong; returns null for an event type that means nothing to an order.
   */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<PaymentEvent | null>;
  /**
   * Asks the provider to refund a paid order in full (idempotent per order: asking twice refunds once). The refund
   * is final only when the provider confirms it: by its 'refunded' webhook, or, for a provider whose refund API
   * answers with the outcome, by the event in the result (applied through the same applyPaymentEvent path).
   */
  refundPayment(request: RefundRequest): Promise<RefundResult>;
  /** Hosts the checkout page must allow (CSP script-src/frame-src/connect-src) when this provider is chosen. */
  checkoutHosts: readonly string[];
}

export interface PaymentRequest {
  /** Our order id (the provider echoes it back in its webhooks as its reference/metadata). */
  orderId: string;
  /** Minor units. */
  amount: number;
  currency: Currency;
  description: string;
  customer: { email: string; name: string };
  /** Absolute URLs the provider sends the browser back to. */
  returnUrl: string;
  cancelUrl: string;
}

export interface RefundRequest {
  orderId: string;
  /** The provider's id of the payment (CreatedPayment.providerRef). */
  providerRef: string | null;
  /** Minor units: the order's whole amount. */
  amount: number;
  currency: Currency;
  /** The provider's event id that paid the order (DurianPay's names the payment to refund), when recorded. */
  paidEventId: string | null;
  /** Staff's reason, passed on where the provider keeps a note. */
  reason: string;
}

export interface RefundResult {
  /** The provider's id of the refund. */
  refundRef: string;
  /** The provider's confirmation when its refund API gives it at once, else null: a webhook follows. */
  event: PaymentEvent | null;
}

export interface CreatedPayment {
  /** The provider's id of this payment (unique per provider). */
  providerRef: string;
  checkout: OrderCheckout;
}

export type PaymentEventType = 'paid' | 'failed' | 'pending' | 'expired' | 'refunded';

/** A webhook as the order domain sees it, whatever the provider. */
export interface PaymentEvent {
  /** The provider's event id: applying the same id twice changes nothing. */
  id: string;
  type: PaymentEventType;
  /** Our order id when the event carries it, else null (then providerRef finds the order). */
  orderId: string | null;
  providerRef: string | null;
  /** What the provider says was paid or refunded, in minor units: must equal the order's. */
  amount: number;
  currency: Currency;
  occurredAt: Date;
}

export class WebhookSignatureError extends Error {
  constructor(message = 'webhook signature is missing or wrong') {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}
