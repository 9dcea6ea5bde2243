import { desc, eq } from 'drizzle-orm';
import type { OrderView, SubscriptionView } from '../../contract/order.ts';
import { offerById, type Currency } from '../../contract/plan.ts';
import { DomainError } from '../domainError.ts';
import type { Db } from '../infra/db/database.ts';
import { invoices, orders, subscriptions } from '../infra/db/schema.ts';
import { toOrderView } from './orders.ts';
import type { SubscriptionRow } from './subscriptions.ts';

/** Orders per page of the payment history. */
export const ORDER_PAGE_SIZE = 20;

/** The subscription as the contract shows it; null when there is none, it ended, or its plan is unknown. */
export function toSubscriptionView(row: SubscriptionRow | undefined, now: Date): SubscriptionView | null {
  if (!row || row.state !== 'active' || row.currentPeriodEnd.getTime() <= now.getTime()) return null;
  const offer = offerById(row.planId);
  if (!offer) return null;
  return {
    planId: row.planId,
    tier: offer.tier,
    period: offer.period,
    state: row.state,
    currency: row.currency as Currency,
    provider: row.provider,
    currentPeriodEnd: row.currentPeriodEnd.getTime(),
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  };
}

/** The person's running plan (GET /account/subscription): null on the free plan. */
export async function subscriptionOf(db: Db, accountId: string, now: Date = new Date()): Promise<SubscriptionView | null> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.accountId, accountId));
  return toSubscriptionView(row, now);
}

const noActivePlan = () => new DomainError('CONFLICT', 'You have no active plan to cancel or resume');

/**
 * Sets or clears "cancel at period end" on the running plan and answers the view. Only that flag changes: the
 * plan runs to the end of the period either way (our providers take one-time payments, so no provider-side
 * subscription is cancelled). A plan that already ended, or none, is refused with CONFLICT and nothing changes.
 */
async function setCancelAtPeriodEnd(db: Db, accountId: string, cancel: boolean, now: Date): Promise<SubscriptionView> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.accountId, accountId)).for('update');
    const view = toSubscriptionView(row, now);
    if (!row || !view) throw noActivePlan();
    if (row.cancelAtPeriodEnd === cancel) return view;
    const [updated] = await tx.update(subscriptions).set({ cancelAtPeriodEnd: cancel, updatedAt: now }).where(eq(subscriptions.accountId, accountId)).returning();
    return toSubscriptionView(updated, now)!;
  });
}

/** POST /account/subscription/cancel: the plan ends at the end of the paid period instead of being renewed. */
export function cancelSubscription(db: Db, accountId: string, now: Date = new Date()): Promise<SubscriptionView> {
  return setCancelAtPeriodEnd(db, accountId, true, now);
}

/** POST /account/subscription/resume: undoes a cancel while the period has not ended. */
export function resumeSubscription(db: Db, accountId: string, now: Date = new Date()): Promise<SubscriptionView> {
  return setCancelAtPeriodEnd(db, accountId, false, now);
}

/** The person's orders, newest first, with their invoice numbers (GET /account/orders). */
export async function listOrders(db: Db, accountId: string, page: number, pageSize = ORDER_PAGE_SIZE): Promise<{ data: OrderView[]; meta: { page: number; hasMore: boolean } }> {
  const rows = await db
    .select({ order: orders, number: invoices.number })
    .from(orders)
    .leftJoin(invoices, eq(invoices.orderId, orders.id))
    .where(eq(orders.accountId, accountId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize);
  return {
    data: rows.slice(0, pageSize).map(({ order, number }) => toOrderView(order, number)),
    meta: { page, hasMore: rows.length > pageSize },
  };
}
