import { and, eq, isNull } from 'drizzle-orm';
import type { OrderCheckout, OrderCreateBody, OrderKind, OrderView, PaymentProviderName } from '../../contract/order.ts';
import { findOffer, offerById, PLAN_CATALOG_VERSION, planPeriod, planTier, type Currency } from '../../contract/plan.ts';
import type { PaymentsConfig } from '../config.ts';
import { DomainError, notFound } from '../domainError.ts';
import type { Db } from '../infra/db/database.ts';
import type { JobEnqueuer } from '../infra/jobs/jobQueue.ts';
import { accounts, invoices, orders, paymentEvents } from '../infra/db/schema.ts';
import type { PaymentEvent } from '../infra/payments/paymentProvider.ts';
import type { PaymentProviders } from '../infra/payments/paymentProviders.ts';
import type { AccountRow } from './accounts.ts';
import { BILLING_MAIL_JOB, type BillingMailDeps, type BillingMailJob } from './billingMail.ts';
import { formatInvoiceNumber, issueInvoice, planDescription } from './invoices.ts';
import { fulfilmentOf } from './orderFulfilment.ts';
import { appendLedger, lockOrder, moveOrder, type OrderRow } from './orderLedger.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An order as the contract shows it; `invoiceNumber` is the invoice's number (or already formatted), null before payment. */
export function toOrderView(row: OrderRow, invoiceNumber: number | string | null): OrderView {
  const offer = row.planId === null ? undefined : offerById(row.planId);
  const checkout = row.checkout as OrderCheckout | null;
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    planId: row.planId,
    // A plan id the catalog no longer lists still names its tier and period.
    tier: row.planId === null ? null : (offer?.tier ?? (planTier(row.planId) === 'creator' ? 'creator' : 'supporter')),
    period: row.planId === null ? null : (offer?.period ?? planPeriod(row.planId) ?? 'monthly'),
    itemId: row.itemId,
    currency: row.currency,
    amount: row.amount,
    provider: row.provider,
    isTest: row.isTest,
    isRenewal: row.isRenewal,
    checkout: row.status === 'pending' ? checkout : null,
    createdAt: row.createdAt.getTime(),
    paidAt: row.paidAt?.getTime() ?? null,
    expiresAt: row.expiresAt.getTime(),
    invoiceNumber: invoiceNumber === null ? null : typeof invoiceNumber === 'number' ? formatInvoiceNumber(invoiceNumber) : invoiceNumber,
  };
}

export interface OrderDeps {
  db: Db;
  providers: PaymentProviders;
  payments: Pick<PaymentsConfig, 'orderTtlMinutes'>;
}

/** The provider that takes this currency for this order, or the clear refusal (nothing written yet). */
function providerFor(providers: PaymentProviders, id: PaymentProviderName, currency: Currency) {
  const provider = providers.get(id);
  if (!provider) throw new DomainError('PAYMENT_PROVIDER_UNAVAILABLE', `The payment provider "${id}" is not available`, { provider: 'Not available' });
  if (!provider.currencies.includes(currency)) {
    throw new DomainError('CURRENCY_NOT_SUPPORTED', `The payment provider "${id}" does not charge ${currency}`, { currency: `Not charged by ${id}` });
  }
  return provider;
}

/**
 * What an order buys, priced on the server (never from the client). The caller (the plan checkout below, credits,
 * no-watermark, donations) builds it from its own catalog.
 */
export interface OrderItem {
  kind: OrderKind;
  /** Set exactly for kind 'plan'. */
  planId?: string;
  itemId?: string;
  campaignId?: string;
  amount: number;
  currency: Currency;
  catalogVersion: number;
  /** The provider's payment page and the invoice line name it so. */
  description: string;
  /** Paths on this site the provider sends the browser back to; `{orderId}` is replaced by the order's id. */
  returnPath: string;
  cancelPath: string;
}

/** Who pays: an account, or a visitor (donations) who gives an email for the provider and the receipt. */
export interface OrderBuyer {
  accountId: string | null;
  email: string;
  name: string;
}

/** The same key again: the same order when it asks for the same thing, a refusal when it does not. */
function sameOrder(existing: OrderRow, item: OrderItem, provider: PaymentProviderName): OrderRow {
  const same =
    existing.kind === item.kind &&
    existing.planId === (item.planId ?? null) &&
    existing.itemId === (item.itemId ?? null) &&
    existing.campaignId === (item.campaignId ?? null) &&
    existing.amount === item.amount &&
    existing.currency === item.currency &&
    existing.provider === provider;
  if (!same) throw new DomainError('IDEMPOTENCY_KEY_REUSED', 'This idempotency key was already used for a different order; make a new one for a new attempt');
  return existing;
}

async function orderByKey(db: Db, accountId: string | null, key: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(accountId === null ? isNull(orders.accountId) : eq(orders.accountId, accountId), eq(orders.idempotencyKey, key)));
  return row;
}

/**
 * Opens an order for any item: idempotent per buyer and key. The order and its 'created' ledger entry are written
 * first (with `within`, the caller's own rows in the same transaction, e.g. the donation's message), then the
 * provider is asked for the payment (outside any transaction: a slow provider holds no lock); when it fails, the
 * order is failed with the reason and the caller gets PAYMENT_PROVIDER_FAILED. Answers the row and whether this
 * call made it (false: the same key came back).
 */
export async function openOrder(
  deps: OrderDeps,
  buyer: OrderBuyer,
  item: OrderItem,
  providerId: PaymentProviderName,
  idempotencyKey: string,
  origin: string,
  options: { now?: Date; within?: (tx: Db, order: OrderRow) => Promise<void> } = {},
): Promise<{ order: OrderRow; created: boolean }> {
  const { db } = deps;
  const now = options.now ?? new Date();
  const existing = await orderByKey(db, buyer.accountId, idempotencyKey);
  if (existing) return { order: sameOrder(existing, item, providerId), created: false };
  const provider = providerFor(deps.providers, providerId, item.currency);
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(orders)
      .values({
        accountId: buyer.accountId,
        idempotencyKey,
        kind: item.kind,
        planId: item.planId ?? null,
        itemId: item.itemId ?? null,
        campaignId: item.campaignId ?? null,
        isTest: provider.isTest,
        catalogVersion: item.catalogVersion,
        currency: item.currency,
        amount: item.amount,
        provider: provider.id,
        checkout: null,
        status: 'pending',
        expiresAt: new Date(now.getTime() + deps.payments.orderTtlMinutes * 60_000),
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (row) {
      await appendLedger(tx, row, 'created', {
        data: { kind: item.kind, planId: item.planId, itemId: item.itemId, campaignId: item.campaignId, catalogVersion: item.catalogVersion, provider: provider.id, isTest: provider.isTest },
      });
      await options.within?.(tx, row);
    }
    return row;
  });
  if (!created) {
    // The same key raced in from another request: that one made the order.
    return { order: sameOrder((await orderByKey(db, buyer.accountId, idempotencyKey))!, item, providerId), created: false };
  }

  const url = (path: string) => `${origin}${path.replace('{orderId}', created.id)}`;
  let payment: { providerRef: string; checkout: OrderCheckout };
  try {
    payment = await provider.createPayment({
      orderId: created.id,
      amount: item.amount,
      currency: item.currency,
      description: item.description,
      customer: { email: buyer.email, name: buyer.name },
      returnUrl: url(item.returnPath),
      cancelUrl: url(item.cancelPath),
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await db.transaction(async (tx) => {
      const locked = await lockOrder(tx, created.id);
      if (locked) await moveOrder(tx, locked, 'failed', { data: { reason: `createPayment: ${reason}`.slice(0, 500) } });
    });
    throw new DomainError('PAYMENT_PROVIDER_FAILED', `The payment provider could not start this payment; try again (order ${created.id})`);
  }
  const [updated] = await db
    .update(orders)
    .set({ providerRef: payment.providerRef, checkout: payment.checkout as unknown as Record<string, unknown> })
    .where(eq(orders.id, created.id))
    .returning();
  return { order: updated!, created: true };
}

/** Creates an order for a plan (POST /orders), priced from the plan catalog. */
export async function createOrder(
  deps: OrderDeps,
  account: Pick<AccountRow, 'id' | 'email' | 'name'>,
  body: OrderCreateBody,
  origin: string,
  now: Date = new Date(),
): Promise<OrderView> {
  const offer = findOffer(body.tier, body.period);
  const item: OrderItem = {
    kind: 'plan',
    planId: offer.id,
    amount: offer.prices[body.currency],
    currency: body.currency,
    catalogVersion: PLAN_CATALOG_VERSION,
    description: planDescription(offer),
    returnPath: '/checkout/loading/{orderId}',
    cancelPath: '/checkout/failed/{orderId}',
  };
  const { order, created } = await openOrder(deps, { accountId: account.id, email: account.email, name: account.name }, item, body.provider, body.idempotencyKey, origin, { now });
  return toOrderView(order, created ? null : await invoiceNumberOf(deps.db, order.id));
}

async function invoiceNumberOf(db: Db, orderId: string): Promise<number | null> {
  const [row] = await db.select({ number: invoices.number }).from(invoices).where(eq(invoices.orderId, orderId));
  return row?.number ?? null;
}

/** One of the account's orders (GET /orders/:orderId); anyone else's answers like a missing one. */
export async function orderViewFor(db: Db, accountId: string, orderId: string): Promise<OrderView> {
  const [found] = await db
    .select({ order: orders, number: invoices.number })
    .from(orders)
    .leftJoin(invoices, eq(invoices.orderId, orders.id))
    .where(and(eq(orders.id, orderId), eq(orders.accountId, accountId)));
  if (!found) throw notFound('Order not found');
  return toOrderView(found.order, found.number);
}

/** The order a provider's payment id belongs to (the sandbox page finds its order this way). */
export async function orderByProviderRef(db: Db, provider: PaymentProviderName, providerRef: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.provider, provider), eq(orders.providerRef, providerRef)));
  return row;
}

/**
 * What applying a webhook event did: `applied` moved the order; `duplicate` had seen the event id before;
 * `unchanged` recorded the event but the order stays (a pending or failed after paid, a pending on pending);
 * `mismatch` recorded an amount_mismatch ledger entry and left the order as it was.
 */
export type PaymentEventOutcome = 'applied' | 'duplicate' | 'unchanged' | 'mismatch';

export interface AppliedPaymentEvent {
  outcome: PaymentEventOutcome;
  order: OrderRow;
}

async function findOrderId(db: Db, providerId: PaymentProviderName, event: PaymentEvent): Promise<string | undefined> {
  if (event.orderId && UUID.test(event.orderId)) {
    const [row] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, event.orderId), eq(orders.provider, providerId)));
    if (row) return row.id;
  }
  if (event.providerRef) return (await orderByProviderRef(db, providerId, event.providerRef))?.id;
  return undefined;
}

/**
 * Applies one verified webhook event in one transaction. The order row is locked, then the event id goes into
 * payment_events (its primary key makes a second delivery, even a concurrent one, a no-op). An amount or currency
 * that is not the order's is recorded and refused; otherwise the order moves when orderLedger allows it (a late
 * success counts, nothing but a refund follows paid). A payment fulfils the order (server/domain/orderFulfilment.ts:
 * the plan, the credits, the unlock, the donation) and issues the invoice in the same transaction. An unknown order throws NOT_FOUND and writes nothing.
 */
export async function applyPaymentEvent(
  db: Db,
  providerId: PaymentProviderName,
  event: PaymentEvent,
  payments: Pick<PaymentsConfig, 'seller' | 'taxRateBps'>,
  now: Date = new Date(),
): Promise<AppliedPaymentEvent> {
  return db.transaction(async (tx) => {
    const orderId = await findOrderId(tx, providerId, event);
    if (!orderId) throw notFound('No order for this payment');
    // The order's row lock first: recording the event takes a shared lock on that row (its foreign key), and two
    // deliveries each holding one while asking for the update lock would deadlock.
    const order = (await lockOrder(tx, orderId))!;
    const recorded = await tx.insert(paymentEvents).values({ provider: providerId, eventId: event.id, orderId, type: event.type, receivedAt: now }).onConflictDoNothing().returning({ eventId: paymentEvents.eventId });
    if (recorded.length === 0) return { outcome: 'duplicate', order };
    if (event.amount !== order.amount || event.currency !== order.currency) {
      await appendLedger(tx, order, 'amount_mismatch', {
        amount: event.amount,
        providerEventId: event.id,
        data: { type: event.type, expectedAmount: order.amount, expectedCurrency: order.currency, amount: event.amount, currency: event.currency },
      });
      return { outcome: 'mismatch', order };
    }
    if (event.type === 'pending') return { outcome: 'unchanged', order };
    const moved = await moveOrder(tx, order, event.type, { providerEventId: event.id, at: now, data: { occurredAt: event.occurredAt.toISOString() } });
    if (!moved) return { outcome: 'unchanged', order };
    // The refund is final: what the order gave is taken back with it (refunds.ts tried that before asking).
    if (moved.status === 'refunded') await fulfilmentOf(moved.kind).refunded(tx, moved, now);
    if (moved.status === 'paid') {
      const [account] = moved.accountId ? await tx.select().from(accounts).where(eq(accounts.id, moved.accountId)) : [];
      const fulfilment = fulfilmentOf(moved.kind);
      await fulfilment.paid(tx, moved, now);
      await issueInvoice(tx, moved, await fulfilment.describe(tx, moved), account ? { name: account.name, email: account.email } : null, payments, now);
    }
    return { outcome: 'applied', order: moved };
  });
}

export interface PaymentEventDeps extends BillingMailDeps {
  payments: Pick<PaymentsConfig, 'seller' | 'taxRateBps'>;
  /** Where the receipt and payment-failed mails are handed over (BILLING_MAIL_JOB). */
  jobs: JobEnqueuer;
}

/**
 * A verified webhook event, end to end (POST /webhooks/:provider): applied in one transaction, then, after the
 * commit, the receipt or the payment-failed mail is enqueued (BILLING_MAIL_JOB, once per order): the provider only
 * waits for our acknowledgement, and a slow or failing SMTP server is retried by the queue, not by the provider.
 * An amount mismatch is refused with PAYMENT_AMOUNT_MISMATCH once recorded.
 */
export async function receivePaymentEvent(deps: PaymentEventDeps, providerId: PaymentProviderName, event: PaymentEvent, now: Date = new Date()): Promise<AppliedPaymentEvent> {
  const result = await applyPaymentEvent(deps.db, providerId, event, deps.payments, now);
  if (result.outcome === 'mismatch') {
    throw new DomainError('PAYMENT_AMOUNT_MISMATCH', `The payment's amount or currency (${event.amount} ${event.currency}) is not the order's (${result.order.amount} ${result.order.currency})`);
  }
  const mail: BillingMailJob['mail'] | null = result.outcome !== 'applied' ? null : result.order.status === 'paid' ? 'receipt' : result.order.status === 'failed' ? 'paymentFailed' : null;
  if (mail) {
    const job: BillingMailJob = { mail, orderId: result.order.id, publicUrl: deps.publicUrl };
    // The event is committed: a queue that cannot take the mail is logged, not turned into an error the provider would retry.
    await deps.jobs.enqueue(BILLING_MAIL_JOB, job, { key: `${mail}:${result.order.id}` }).catch((error: unknown) => deps.log.error({ err: error, orderId: result.order.id }, 'billing mail not enqueued'));
  }
  return result;
}
