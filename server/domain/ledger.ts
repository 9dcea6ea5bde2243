import { and, eq, isNull, sql } from 'drizzle-orm';
import { DomainError } from '../domainError.ts';
import type { Db } from '../infra/db/database.ts';
import { accounts, ledgerEntries, type LedgerBook } from '../infra/db/schema.ts';

/** The currency of the credits book. */
export const CREDITS = 'CRD';
export type LedgerCurrency = 'CRD' | 'IDR' | 'USD';

export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;

/** One account's balance in one book and currency; the platform's book has no account. */
export interface BalanceKey {
  accountId: string | null;
  book: LedgerBook;
  currency: LedgerCurrency;
}

export interface LedgerPosting extends BalanceKey {
  /** Signed: whole credits, or minor units. */
  amount: number;
  kind: string;
  orderId?: string | null;
  /** Idempotency: a second entry with the same book, kind and ref is not written (postEntry answers false). */
  ref?: string | null;
  data?: Record<string, unknown>;
  at?: Date;
}

function ofKey(key: BalanceKey) {
  return and(key.accountId === null ? isNull(ledgerEntries.accountId) : eq(ledgerEntries.accountId, key.accountId), eq(ledgerEntries.book, key.book), eq(ledgerEntries.currency, key.currency));
}

/** The balance: the sum of its entries (never stored). */
export async function balanceOf(db: Db, key: BalanceKey): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | null>`sum(${ledgerEntries.amount})` })
    .from(ledgerEntries)
    .where(ofKey(key));
  return Number(row?.total ?? 0);
}

/**
 * Serialises every change of one account's balances until the transaction ends (the account row's lock), so that
 * a check of the balance and the entry that follows it cannot interleave with another. Call before reading a
 * balance you are about to debit.
 */
export async function lockBalances(tx: Db, accountId: string): Promise<void> {
  await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('update');
}

/**
 * Appends one entry inside the caller's transaction. Answers false when an entry with the same book, kind and
 * ref exists (nothing written), true when written. A debit that would take an account's balance below zero is
 * refused with INSUFFICIENT_BALANCE and writes nothing; the caller must hold lockBalances for that account.
 */
export async function postEntry(tx: Db, posting: LedgerPosting): Promise<boolean> {
  if (!Number.isSafeInteger(posting.amount) || posting.amount === 0) throw new Error(`ledger amount must be a non-zero integer, got ${posting.amount}`);
  if (posting.amount < 0 && posting.accountId !== null) {
    const balance = await balanceOf(tx, posting);
    if (balance + posting.amount < 0) {
      throw new DomainError('INSUFFICIENT_BALANCE', `The balance (${balance} ${posting.currency}) does not cover ${-posting.amount} ${posting.currency}`, { balance: String(balance) });
    }
  }
  const written = await tx
    .insert(ledgerEntries)
    .values({
      accountId: posting.accountId,
      book: posting.book,
      currency: posting.currency,
      amount: posting.amount,
      kind: posting.kind,
      orderId: posting.orderId ?? null,
      ref: posting.ref ?? null,
      data: posting.data ?? {},
      ...(posting.at ? { createdAt: posting.at } : {}),
    })
    .onConflictDoNothing()
    .returning({ id: ledgerEntries.id });
  return written.length > 0;
}

/** One balance's entries, newest first, a page at a time. */
export async function entriesOf(db: Db, key: BalanceKey, page: number, pageSize: number): Promise<{ rows: LedgerEntryRow[]; hasMore: boolean }> {
  const rows = await db
    .select()
    .from(ledgerEntries)
    .where(ofKey(key))
    .orderBy(sql`${ledgerEntries.id} desc`)
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize);
  return { rows: rows.slice(0, pageSize), hasMore: rows.length > pageSize };
}
