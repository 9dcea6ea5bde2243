import { asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { StaffOrder, StaffOrderList } from '../../contract/staffOrders.ts';
import type { Db } from '../infra/db/database.ts';
import { accounts, orderLedger, orders } from '../infra/db/schema.ts';
import { notFound } from '../domainError.ts';
import { normalizeEmail } from './accounts.ts';
import type { OrderRow } from './orderLedger.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a staff search matches: an order id exactly, a buyer's email (normalised as stored), or a provider's reference. */
function matching(q: string): SQL {
  const term = q.trim();
  if (UUID.test(term)) return eq(orders.id, term.toLowerCase());
  if (term.includes('@')) return eq(accounts.email, normalizeEmail(term));
  return eq(orders.providerRef, term);
}

async function withLedgers(db: Db, rows: Array<{ order: OrderRow; email: string | null }>): Promise<StaffOrder[]> {
  const ids = rows.map((row) => row.order.id);
  const entries = ids.length === 0 ? [] : await db.select().from(orderLedger).where(inArray(orderLedger.orderId, ids)).orderBy(asc(orderLedger.id));
  return rows.map(({ order, email }) => ({
    id: order.id,
    kind: order.kind,
    item: order.planId ?? order.itemId,
    amount: order.amount,
    currency: order.currency,
    provider: order.provider,
    providerRef: order.providerRef,
    status: order.status,
    isTest: order.isTest,
    buyerEmail: email,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    ledger: entries
      .filter((entry) => entry.orderId === order.id)
      .map((entry) => ({ entry: entry.entry, amount: entry.amount, currency: entry.currency, createdAt: entry.createdAt.toISOString() })),
  }));
}

/** Orders staff look up (GET /staff/orders), newest first, each with its ledger. */
export async function searchOrders(db: Db, q: string, page: number, limit: number): Promise<StaffOrderList> {
  const where = matching(q);
  const [rows, totals] = await Promise.all([
    db
      .select({ order: orders, email: accounts.email })
      .from(orders)
      .leftJoin(accounts, eq(accounts.id, orders.accountId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(orders).leftJoin(accounts, eq(accounts.id, orders.accountId)).where(where),
  ]);
  return { items: await withLedgers(db, rows), page, limit, total: totals[0]?.total ?? 0 };
}

/** One order as staff see it. */
export async function staffOrderView(db: Db, orderId: string): Promise<StaffOrder> {
  const rows = await db.select({ order: orders, email: accounts.email }).from(orders).leftJoin(accounts, eq(accounts.id, orders.accountId)).where(eq(orders.id, orderId));
  const [view] = await withLedgers(db, rows);
  if (!view) throw notFound('No order has this id');
  return view;
}
