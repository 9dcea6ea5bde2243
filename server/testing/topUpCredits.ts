import { randomUUID } from 'node:crypto';
import { CREDITS_CATALOG_VERSION, creditPackById } from '../../contract/credits.ts';
import type { Db } from '../infra/db/database.ts';
import { orders } from '../infra/db/schema.ts';
import { appendLedger, type OrderRow } from '../domain/orderLedger.ts';
import { payOrder } from './paidOrder.ts';

/** A pending credits order as POST /credits/orders leaves it (priced from the packs), without a provider call. */
export async function insertCreditsOrder(db: Db, accountId: string, packId = 'credits_10', currency: 'IDR' | 'USD' = 'USD'): Promise<OrderRow> {
  const pack = creditPackById(packId)!;
  const now = new Date();
  const [row] = await db
    .insert(orders)
    .values({
      accountId,
      idempotencyKey: randomUUID().replaceAll('-', ''),
      kind: 'credits',
      itemId: pack.id,
      catalogVersion: CREDITS_CATALOG_VERSION,
      currency,
      amount: pack.prices[currency],
      provider: 'sandbox',
      providerRef: `ref_${randomUUID()}`,
      isTest: true,
      expiresAt: new Date(now.getTime() + 60 * 60_000),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await appendLedger(db, row!, 'created');
  return row!;
}

/** Buys a credit pack and pays it the way a verified webhook does: the account's balance grows by the pack. */
export async function topUpCredits(db: Db, accountId: string, packId = 'credits_10'): Promise<OrderRow> {
  return payOrder(db, await insertCreditsOrder(db, accountId, packId));
}
