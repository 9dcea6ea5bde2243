import { eq } from 'drizzle-orm';
import type { OrderKind } from '../../contract/order.ts';
import { offerById } from '../../contract/plan.ts';
import type { Db } from '../infra/db/database.ts';
import { accounts } from '../infra/db/schema.ts';
import { planDescription } from './invoices.ts';
import type { OrderRow } from './orderLedger.ts';
import { activatePlan } from './subscriptions.ts';

/**
 * What a paid order gives, per kind of order. `paid` runs in the payment event's transaction, right after the order
 * moved to paid (so the order, what it buys and its ledger entries commit together); `refunded` in the refund's
 * transaction. Both must be idempotent: a handler never gives twice for one order.
 */
export interface Fulfilment {
  paid(tx: Db, order: OrderRow, now: Date): Promise<void>;
  /** Takes back what the order gave, or throws a DomainError (nothing is refunded) when it cannot be taken back. */
  refunded(tx: Db, order: OrderRow, now: Date): Promise<void>;
  /** The invoice line and the provider's payment page name the order so. */
  describe(order: OrderRow): string;
}

/** A plan period: the subscription starts or extends. A refund does not end the plan (docs/COMMERCE.md). */
const planFulfilment: Fulfilment = {
  async paid(tx, order, now) {
    const offer = order.planId === null ? undefined : offerById(order.planId);
    const [account] = order.accountId ? await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, order.accountId)) : [];
    if (offer && account) await activatePlan(tx, { accountId: account.id, offer, currency: order.currency, provider: order.provider, orderId: order.id, at: now });
  },
  async refunded() {},
  describe(order) {
    const offer = order.planId === null ? undefined : offerById(order.planId);
    return offer ? planDescription(offer) : `Bingkai plan ${order.planId}`;
  },
};

const fulfilments: Partial<Record<OrderKind, Fulfilment>> = {
  plan: planFulfilment,
};

export function fulfilmentOf(kind: OrderKind): Fulfilment {
  const fulfilment = fulfilments[kind];
  if (!fulfilment) throw new Error(`no fulfilment for orders of kind ${kind}`);
  return fulfilment;
}
