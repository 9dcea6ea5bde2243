import { eq } from 'drizzle-orm';
import type { OrderKind } from '../../contract/order.ts';
import { offerById } from '../../contract/plan.ts';
import { accounts } from '../infra/db/schema.ts';
import { creditsFulfilment } from './credits.ts';
import { donationFulfilment } from './donationFulfilment.ts';
import { planDescription } from './invoices.ts';
import type { Fulfilment } from './fulfilment.ts';
import { activatePlan } from './subscriptions.ts';
import { nowatermarkFulfilment } from './watermarkUnlocks.ts';

/** A plan period: the subscription starts or extends. A refund does not end the plan (docs/COMMERCE.md). */
const planFulfilment: Fulfilment = {
  async paid(tx, order, now) {
    const offer = order.planId === null ? undefined : offerById(order.planId);
    const [account] = order.accountId ? await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, order.accountId)) : [];
    if (offer && account) await activatePlan(tx, { accountId: account.id, offer, currency: order.currency, provider: order.provider, orderId: order.id, at: now });
  },
  async refunded() {},
  async describe(_tx, order) {
    const offer = order.planId === null ? undefined : offerById(order.planId);
    return offer ? planDescription(offer) : `Bingkai plan ${order.planId}`;
  },
};

const fulfilments: Record<OrderKind, Fulfilment> = {
  plan: planFulfilment,
  credits: creditsFulfilment,
  nowatermark: nowatermarkFulfilment,
  donation: donationFulfilment,
};

/** The handler of one kind of order. */
export function fulfilmentOf(kind: OrderKind): Fulfilment {
  return fulfilments[kind];
}
