import { eq } from 'drizzle-orm';
import { planTier, type Currency, type PlanOffer } from '../../contract/plan.ts';
import type { Db } from '../infra/db/database.ts';
import { accounts, subscriptions, type PaymentProviderId } from '../infra/db/schema.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * `date` plus whole months in UTC, the day clamped to the target month's last day (Jan 31 + 1 month is Feb 28,
 * or Feb 29 in a leap year); the time of day is kept.
 */
export function addMonths(date: Date, months: number): Date {
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const result = new Date(date.getTime());
  result.setUTCFullYear(year, month, Math.min(date.getUTCDate(), lastDay));
  return result;
}

export interface PlanActivation {
  accountId: string;
  offer: PlanOffer;
  currency: Currency;
  provider: PaymentProviderId;
  orderId: string;
  /** When the payment was taken. */
  at: Date;
}

/**
 * Gives an account the plan an order paid for, inside the caller's transaction (the webhook's, with the order row
 * locked). The same tier still running is extended from its current period end by the offer's months (a renewal
 * paid early loses nothing); anything else (no plan, an ended one, another tier) starts a new period now. The
 * account's `subscription` claim is written in the same transaction, so the next ID token refresh carries it.
 */
export async function activatePlan(tx: Db, activation: PlanActivation): Promise<SubscriptionRow> {
  const { accountId, offer, currency, provider, orderId, at } = activation;
  const [current] = await tx.select().from(subscriptions).where(eq(subscriptions.accountId, accountId)).for('update');
  const extends_ = current !== undefined && current.state === 'active' && planTier(current.planId) === offer.tier && current.currentPeriodEnd.getTime() > at.getTime();
  const periodStart = extends_ ? current.currentPeriodStart : at;
  const periodEnd = addMonths(extends_ ? current.currentPeriodEnd : at, offer.months);
  const values = {
    planId: offer.id,
    state: 'active' as const,
    currency,
    provider,
    currentPeriodStart: periodStart,
    currentPeriodEnd: periodEnd,
    cancelAtPeriodEnd: false,
    providerSubscriptionId: null,
    lastOrderId: orderId,
    // A new period end: its renewal reminder is still to be sent.
    reminderSentAt: null,
    updatedAt: at,
  };
  const [row] = await tx
    .insert(subscriptions)
    .values({ accountId, ...values })
    .onConflictDoUpdate({ target: subscriptions.accountId, set: values })
    .returning();
  await tx.update(accounts).set({ subscription: { plan: offer.id } }).where(eq(accounts.id, accountId));
  return row!;
}
