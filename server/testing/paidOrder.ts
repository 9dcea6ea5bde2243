import { randomUUID } from 'node:crypto';
import { findOffer, type Currency, type PaidTier, type PlanPeriod } from '../../contract/plan.ts';
import type { PaymentsConfig } from '../config.ts';
import type { Db } from '../infra/db/database.ts';
import { orders, type PaymentProviderId } from '../infra/db/schema.ts';
import { appendLedger, type OrderRow } from '../domain/orderLedger.ts';
import { applyPaymentEvent } from '../domain/orders.ts';

export interface OrderFixture {
  tier?: PaidTier;
  period?: PlanPeriod;
  currency?: Currency;
  provider?: PaymentProviderId;
  /** When it was made (default now); it stays payable for an hour unless expiresAt says otherwise. */
  createdAt?: Date;
  expiresAt?: Date;
  /** Whether no real money moves (default: the sandbox's true). */
  isTest?: boolean;
}

/** A pending order as POST /orders leaves it (priced from the catalog, with its 'created' ledger entry), without a provider call. */
export async function insertOrder(db: Db, accountId: string, fixture: OrderFixture = {}): Promise<OrderRow> {
  const offer = findOffer(fixture.tier ?? 'supporter', fixture.period ?? 'monthly');
  const currency = fixture.currency ?? 'USD';
  const provider = fixture.provider ?? 'sandbox';
  const createdAt = fixture.createdAt ?? new Date();
  const [row] = await db
    .insert(orders)
    .values({
      accountId,
      idempotencyKey: randomUUID().replaceAll('-', ''),
      planId: offer.id,
      catalogVersion: 1,
      currency,
      amount: offer.prices[currency],
      provider,
      providerRef: `ref_${randomUUID()}`,
      isTest: fixture.isTest ?? provider === 'sandbox',
      expiresAt: fixture.expiresAt ?? new Date(createdAt.getTime() + 60 * 60_000),
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  await appendLedger(db, row!, 'created');
  return row!;
}

export const testSeller: Pick<PaymentsConfig, 'seller' | 'taxRateBps'> = {
  seller: { name: 'Bingkai Test Seller', address: 'Jl. Sudirman 1, Jakarta', email: 'billing@bingkai.test', taxId: '01.234.567.8-901.000' },
  taxRateBps: 1100,
};

/**
 * Pays an order the way a verified webhook does (applyPaymentEvent: ledger, plan activation, invoice), at `at`.
 * Returns the paid order.
 */
export async function payOrder(db: Db, order: OrderRow, at: Date = new Date(), payments = testSeller): Promise<OrderRow> {
  const result = await applyPaymentEvent(
    db,
    order.provider,
    { id: `evt_${randomUUID()}`, type: 'paid', orderId: order.id, providerRef: order.providerRef, amount: order.amount, currency: order.currency, occurredAt: at },
    payments,
    at,
  );
  if (result.order.status !== 'paid') throw new Error(`order ${order.id} was not paid: ${result.outcome}`);
  return result.order;
}

/**
 * Refunds a paid order the way the provider's verified 'refunded' webhook does: the order refunded and what it gave
 * taken back (its fulfilment), or the fulfilment's refusal thrown with nothing changed. Returns the order after.
 */
export async function refundOrder(db: Db, order: OrderRow, at: Date = new Date(), payments = testSeller): Promise<OrderRow> {
  const result = await applyPaymentEvent(
    db,
    order.provider,
    { id: `evt_${randomUUID()}`, type: 'refunded', orderId: order.id, providerRef: order.providerRef, amount: order.amount, currency: order.currency, occurredAt: at },
    payments,
    at,
  );
  return result.order;
}

/** An account with a plan bought and paid at `at`: the paid order (its plan active, its invoice issued). */
export async function buyPlan(db: Db, accountId: string, fixture: OrderFixture & { at?: Date } = {}): Promise<OrderRow> {
  const at = fixture.at ?? new Date();
  return payOrder(db, await insertOrder(db, accountId, { createdAt: at, ...fixture }), at);
}
