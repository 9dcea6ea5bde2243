import { eq, sql } from 'drizzle-orm';
import type { Db } from '../infra/db/database.ts';
import { orderLedger, orders, type OrderStatus } from '../infra/db/schema.ts';

export type OrderRow = typeof orders.$inferSelect;

/** What may follow what. A late success counts (the money was taken); nothing but a refund follows paid. */
const transitions: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['paid', 'failed', 'expired'],
  failed: ['paid'],
  expired: ['paid'],
  paid: ['refunded'],
  refunded: [],
};

export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  return transitions[from].includes(to);
}

/**
 * Appends one ledger entry for an order (the only way money history is written). `amount` defaults to the
 * order's; a refund is negative.
 */
export async function appendLedger(
  tx: Db,
  order: Pick<OrderRow, 'id' | 'amount' | 'currency'>,
  entry: string,
  options: { amount?: number; providerEventId?: string | null; data?: Record<string, unknown> } = {},
): Promise<void> {
  await tx.insert(orderLedger).values({
    orderId: order.id,
    entry,
    amount: options.amount ?? order.amount,
    currency: order.currency,
    providerEventId: options.providerEventId ?? null,
    data: options.data ?? {},
  });
}

/**
 * Moves an order to a new status inside the caller's transaction, writing the ledger entry named after the
 * status. Returns the updated row, or null when the move is not allowed from the current status (nothing written).
 * The caller holds the order's row lock (select … for update) so two movers cannot both pass the check.
 */
export async function moveOrder(
  tx: Db,
  order: OrderRow,
  to: OrderStatus,
  options: { providerEventId?: string | null; data?: Record<string, unknown>; at?: Date } = {},
): Promise<OrderRow | null> {
  if (!canMove(order.status, to)) return null;
  const at = options.at ?? new Date();
  const [moved] = await tx
    .update(orders)
    .set({ status: to, updatedAt: at, ...(to === 'paid' ? { paidAt: at } : {}) })
    .where(eq(orders.id, order.id))
    .returning();
  await appendLedger(tx, order, to, { amount: to === 'refunded' ? -order.amount : order.amount, providerEventId: options.providerEventId, data: options.data });
  return moved!;
}

/** Reads an order and locks its row until the transaction ends. */
export async function lockOrder(tx: Db, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row;
}

/** The ledger of one order, oldest first (for tests, invoices and support). */
export async function orderLedgerEntries(db: Db, orderId: string) {
  return db.select().from(orderLedger).where(eq(orderLedger.orderId, orderId)).orderBy(sql`${orderLedger.id}`);
}
