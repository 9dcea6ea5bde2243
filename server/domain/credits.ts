import { creditPackById } from '../../contract/credits.ts';
import { creditEntryKinds, type CreditEntryView } from '../../contract/creditsApi.ts';
import type { Db } from '../infra/db/database.ts';
import { balanceOf, CREDITS, entriesOf, lockBalances, postEntry, type BalanceKey } from './ledger.ts';
import type { Fulfilment } from './fulfilment.ts';
import type { OrderRow } from './orderLedger.ts';

/** An account's credits: its own balance in the ledger's credits book. */
export const creditsOf = (accountId: string): BalanceKey => ({ accountId, book: 'credits', currency: CREDITS });

/** The balance, derived from the entries (never stored). */
export function creditBalance(db: Db, accountId: string): Promise<number> {
  return balanceOf(db, creditsOf(accountId));
}

export const CREDITS_HISTORY_PAGE = 10;

/** The balance's entries, newest first: top-ups, spends, refunds and revocations. */
export async function creditHistory(db: Db, accountId: string, page: number): Promise<{ items: CreditEntryView[]; hasMore: boolean }> {
  const { rows, hasMore } = await entriesOf(db, creditsOf(accountId), page, CREDITS_HISTORY_PAGE);
  return {
    items: rows.map((row) => ({
      id: row.id,
      kind: (creditEntryKinds as readonly string[]).includes(row.kind) ? (row.kind as CreditEntryView['kind']) : 'spend',
      amount: row.amount,
      item: typeof row.data.item === 'string' ? row.data.item : null,
      createdAt: row.createdAt.getTime(),
    })),
    hasMore,
  };
}

function packOf(order: Pick<OrderRow, 'itemId'>) {
  const pack = creditPackById(order.itemId);
  if (!pack) throw new Error(`credits order names no known pack: ${order.itemId}`);
  return pack;
}

/** The invoice line and the provider's page name a top-up so. */
export const creditsDescription = (credits: number) => `Bingkai credits: ${credits}`;

/**
 * A paid top-up adds the pack's credits (entry 'topup', ref = the order); a refund takes them back ('revoke') while
 * the balance still covers them, else it throws INSUFFICIENT_BALANCE and the refund does not happen.
 */
export const creditsFulfilment: Fulfilment = {
  async paid(tx, order, now) {
    if (!order.accountId) throw new Error(`credits order ${order.id} has no account`);
    const pack = packOf(order);
    await postEntry(tx, { ...creditsOf(order.accountId), amount: pack.credits, kind: 'topup', orderId: order.id, ref: order.id, data: { item: pack.id }, at: now });
  },
  async refunded(tx, order, now) {
    if (!order.accountId) return;
    const pack = packOf(order);
    await lockBalances(tx, order.accountId);
    await postEntry(tx, { ...creditsOf(order.accountId), amount: -pack.credits, kind: 'revoke', orderId: order.id, ref: order.id, data: { item: pack.id }, at: now });
  },
  async describe(_tx, order) {
    return creditsDescription(creditPackById(order.itemId)?.credits ?? 0);
  },
};
