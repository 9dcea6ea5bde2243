import { z } from 'zod';
import { currencySchema, paidTierSchema, planPeriodSchema } from './plan.ts';

/** Payment providers (server/infra/payments/): the built-in sandbox, DurianPay (Indonesia) and Stripe (cards). */
export const paymentProviderSchema = z.enum(['sandbox', 'durianpay', 'stripe']);
export type PaymentProviderName = z.infer<typeof paymentProviderSchema>;

/** What an order buys: a plan period, a credit pack, one result without the watermark, or a donation to a campaign. */
export const orderKinds = ['plan', 'credits', 'nowatermark', 'donation'] as const;
export const orderKindSchema = z.enum(orderKinds);
export type OrderKind = z.infer<typeof orderKindSchema>;

export const orderStatusSchema = z.enum(['pending', 'paid', 'failed', 'expired', 'refunded']);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** Statuses an order never leaves on its own (refunded may still follow paid). */
export const settledOrderStatuses: readonly OrderStatus[] = ['paid', 'failed', 'expired', 'refunded'];

/** What a provider offers to this visitor at checkout. */
export const checkoutProvider = z.object({
  id: paymentProviderSchema,
  currencies: z.array(currencySchema),
  /** A test provider: no real money moves (the sandbox, or a provider on its sandbox keys). */
  isTest: z.boolean(),
});

export const checkoutOptionsResponse = z.object({
  data: z.object({
    /** The currency shown first (the account's country, else its language). */
    currency: currencySchema,
    providers: z.array(checkoutProvider),
  }),
});
export type CheckoutOptions = z.infer<typeof checkoutOptionsResponse>['data'];

export const orderCreateBody = z.strictObject({
  tier: paidTierSchema,
  period: planPeriodSchema,
  currency: currencySchema,
  provider: paymentProviderSchema,
  /** One per checkout attempt (the client makes it): sending the same key again returns the same order. */
  idempotencyKey: z.string().min(16).max(64).regex(/^[A-Za-z0-9_-]+$/),
  /** The person accepted the terms of sale. */
  acceptTerms: z.literal(true),
});
export type OrderCreateBody = z.infer<typeof orderCreateBody>;

/** How the browser pays: go to a hosted page, or open DurianPay's checkout with its access key. */
export const orderCheckout = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('redirect'), url: z.string() }),
  z.object({ kind: z.literal('durianpay'), orderId: z.string(), accessKey: z.string(), sandbox: z.boolean() }),
]);
export type OrderCheckout = z.infer<typeof orderCheckout>;

export const orderView = z.object({
  id: z.uuid(),
  kind: orderKindSchema,
  status: orderStatusSchema,
  /** The plan bought (kind 'plan'), else null. */
  planId: z.string().nullable(),
  tier: paidTierSchema.nullable(),
  period: planPeriodSchema.nullable(),
  /** The item of the other kinds: a credit pack id, 'nowatermark' or 'donation'. */
  itemId: z.string().nullable(),
  currency: currencySchema,
  /** Minor units. */
  amount: z.number().int(),
  provider: paymentProviderSchema,
  isTest: z.boolean(),
  isRenewal: z.boolean(),
  /** Present while the order is pending. */
  checkout: orderCheckout.nullable(),
  createdAt: z.number(),
  paidAt: z.number().nullable(),
  expiresAt: z.number(),
  /** The invoice number once paid. */
  invoiceNumber: z.string().nullable(),
});
export type OrderView = z.infer<typeof orderView>;

export const orderIdParams = z.object({ orderId: z.uuid() });
export const orderResponse = z.object({ data: orderView });
export const orderListQuery = z.object({ page: z.coerce.number().int().min(1).max(1000).default(1) });
export const orderListResponse = z.object({ data: z.array(orderView), meta: z.object({ page: z.number(), hasMore: z.boolean() }) });

export const subscriptionView = z.object({
  planId: z.string(),
  tier: paidTierSchema,
  period: planPeriodSchema,
  state: z.enum(['active', 'ended']),
  currency: currencySchema,
  provider: paymentProviderSchema,
  currentPeriodEnd: z.number(),
  cancelAtPeriodEnd: z.boolean(),
});
export type SubscriptionView = z.infer<typeof subscriptionView>;
export const subscriptionResponse = z.object({ data: subscriptionView.nullable() });

const invoiceParty = z.object({ name: z.string(), email: z.string().optional(), address: z.string().optional(), taxId: z.string().optional() });
export const invoiceView = z.object({
  orderId: z.uuid(),
  /** Formatted, e.g. "BK-000012". */
  number: z.string(),
  issuedAt: z.number(),
  seller: invoiceParty,
  buyer: invoiceParty,
  lines: z.array(z.object({ description: z.string(), planId: z.string(), quantity: z.number().int(), unitAmount: z.number().int(), amount: z.number().int() })),
  currency: currencySchema,
  subtotal: z.number().int(),
  tax: z.number().int(),
  /** Tax rate in basis points (1100 = 11 %), 0 when none is configured. */
  taxRateBps: z.number().int(),
  total: z.number().int(),
  provider: paymentProviderSchema,
  isTest: z.boolean(),
});
export type InvoiceView = z.infer<typeof invoiceView>;
export const invoiceResponse = z.object({ data: invoiceView });
