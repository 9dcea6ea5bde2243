import { and, desc, eq } from 'drizzle-orm';
import type { PaymentsConfig } from '../config.ts';
import { DomainError, notFound } from '../domainError.ts';
import type { Db } from '../infra/db/database.ts';
import { orders, paymentEvents } from '../infra/db/schema.ts';
import type { PaymentProviders } from '../infra/payments/paymentProviders.ts';
import type { AccountRow } from './accounts.ts';
import { fulfilmentOf } from './orderFulfilment.ts';
import { appendLedger, lockOrder, type OrderRow } from './orderLedger.ts';
import { applyPaymentEvent } from './orders.ts';
import { recordStaffAction } from './staffAudit.ts';

/** Thrown inside the savepoint to undo a trial run; never leaves this module. */
class TrialRollback extends Error {}

/**
 * Whether what the order gave can be taken back: its fulfilment's `refunded` itself, run in a savepoint that is always
 * rolled back, so a refusal it would meet later (e.g. INSUFFICIENT_BALANCE for spent credits) is met now, before the
 * provider moves any money, by the very rule that applies then.
 */
async function refundable(tx: Db, order: OrderRow, now: Date): Promise<void> {
  const fulfilment = fulfilmentOf(order.kind);
  try {
    await tx.transaction(async (trial) => {
      await fulfilment.refunded(trial, order, now);
      throw new TrialRollback();
    });
  } catch (error) {
    if (!(error instanceof TrialRollback)) throw error;
  }
}

export interface RefundDeps {
  db: Db;
  providers: PaymentProviders;
  payments: Pick<PaymentsConfig, 'seller' | 'taxRateBps'>;
}

/**
 * Staff refund an order in full through its provider. First, in one transaction under the order's row lock: the
 * order must be paid, its provider configured, and its fulfilment able to take back what it gave (see refundable:
 * e.g. credits not yet spent); then the 'refund_requested' ledger entry (amount 0: the money moves with 'refunded') and
 * the audit row are written. A refusal writes nothing and never reaches the provider. Then the provider is asked;
 * the order becomes refunded when the provider confirms (its webhook, through applyPaymentEvent, which runs the
 * fulfilment's refunded in the same transaction; or the confirmation in its answer, applied the same way). A
 * provider that fails leaves the order paid with a 'refund_failed' entry, and staff may ask again (the providers
 * refund once per order). Answers the order as it is afterwards.
 */
export async function refundOrder(deps: RefundDeps, staff: Pick<AccountRow, 'id' | 'email'>, orderId: string, reason: string, now: Date = new Date()): Promise<OrderRow> {
  const { db } = deps;
  const { order, paidEventId } = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw notFound('No order has this id');
    if (order.status !== 'paid') throw new DomainError('CONFLICT', `Only a paid order can be refunded; this one is ${order.status}`);
    if (!deps.providers.has(order.provider)) throw new DomainError('PAYMENT_PROVIDER_UNAVAILABLE', `The payment provider "${order.provider}" is not configured here, so it cannot refund this order`);
    await refundable(tx, order, now);
    const [paid] = await tx
      .select({ eventId: paymentEvents.eventId })
      .from(paymentEvents)
      .where(and(eq(paymentEvents.orderId, order.id), eq(paymentEvents.type, 'paid')))
      .orderBy(desc(paymentEvents.receivedAt))
      .limit(1);
    await appendLedger(tx, order, 'refund_requested', { amount: 0, data: { reason, staffEmail: staff.email } });
    await recordStaffAction(tx, staff, { action: 'refund', targetType: 'order', targetId: order.id, reason, data: { amount: order.amount, currency: order.currency, provider: order.provider } });
    return { order, paidEventId: paid?.eventId ?? null };
  });

  const provider = deps.providers.get(order.provider)!;
  let result;
  try {
    result = await provider.refundPayment({ orderId: order.id, providerRef: order.providerRef, amount: order.amount, currency: order.currency, paidEventId, reason });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await appendLedger(db, order, 'refund_failed', { amount: 0, data: { reason: message.slice(0, 500) } });
    if (error instanceof DomainError) throw error;
    throw new DomainError('PAYMENT_PROVIDER_FAILED', `The payment provider could not refund this order; try again later (order ${order.id})`);
  }
  if (result.event) await applyPaymentEvent(db, provider.id, result.event, deps.payments, now);
  const [after] = await db.select().from(orders).where(eq(orders.id, order.id));
  return after!;
}
