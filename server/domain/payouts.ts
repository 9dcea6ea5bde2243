import { and, asc, count, eq } from 'drizzle-orm';
import type { EarningCurrency, PayoutMethod, PayoutView, StaffPayout, StaffPayoutList } from '../../contract/monetization.ts';
import type { MonetizationConfig } from '../config.ts';
import { DomainError, notFound } from '../domainError.ts';
import type { Db } from '../infra/db/database.ts';
import { accounts, payouts } from '../infra/db/schema.ts';
import type { AccountRow } from './accounts.ts';
import { EARNING_KINDS, earningsAmounts, toPayoutView, type PayoutRow } from './earnings.ts';
import { lockBalances, postEntry } from './ledger.ts';
import { payoutMethodOf } from './monetization.ts';
import { toStaffAccount } from './staff.ts';
import { recordStaffAction } from './staffAudit.ts';

export interface PayoutRequest {
  currency: EarningCurrency;
  amount: number;
}

/**
 * A creator asks to be paid: in one transaction under lockBalances, the payouts row and its 'payout' debit
 * (ref = the payout's id). Refused, with nothing written, unless the creator is APPROVED, has no open request in
 * this currency, asks at least the minimum and at most what is available.
 */
export async function requestPayout(db: Db, accountId: string, config: MonetizationConfig, request: PayoutRequest, now = new Date()): Promise<PayoutView> {
  const { currency, amount } = request;
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new DomainError('VALIDATION_FAILED', 'Enter an amount in whole minor units', { amount: 'Enter an amount' });
  return db.transaction(async (tx) => {
    await lockBalances(tx, accountId);
    const [account] = await tx.select({ state: accounts.applyMonetization }).from(accounts).where(eq(accounts.id, accountId));
    if (!account) throw notFound('No account');
    if (account.state !== 'APPROVED') throw new DomainError('MONETIZATION_NOT_APPROVED', 'Payouts open once your monetization application is approved');
    const [open] = await tx
      .select({ id: payouts.id })
      .from(payouts)
      .where(and(eq(payouts.accountId, accountId), eq(payouts.currency, currency), eq(payouts.state, 'requested')))
      .limit(1);
    if (open) throw new DomainError('PAYOUT_ALREADY_OPEN', `A ${currency} payout request is already being processed`);
    const minimum = config.payoutMinimum[currency];
    if (amount < minimum) throw new DomainError('PAYOUT_BELOW_MINIMUM', `The smallest payout is ${minimum} ${currency} minor units`, { amount: String(minimum) });
    const { available } = await earningsAmounts(tx, accountId, currency, account.state, config.earningsHoldDays, now);
    if (amount > available) {
      throw new DomainError('INSUFFICIENT_BALANCE', `Only ${available} ${currency} minor units are available`, { amount: String(available) });
    }
    const method = await payoutMethodOf(tx, accountId);
    if (!method) throw new DomainError('CONFLICT', 'No payout method is on file');
    const [row] = await tx.insert(payouts).values({ accountId, currency, amount, method, requestedAt: now }).returning();
    await postEntry(tx, { accountId, book: 'earnings', currency, amount: -amount, kind: EARNING_KINDS.payout, ref: row!.id, at: now });
    return toPayoutView(row!);
  });
}

async function lockedRequested(tx: Db, id: string): Promise<PayoutRow> {
  const [row] = await tx.select().from(payouts).where(eq(payouts.id, id)).for('update');
  if (!row) throw notFound('No payout has this id');
  if (row.state !== 'requested') throw new DomainError('CONFLICT', `This payout was already decided (${row.state})`, { state: row.state });
  return row;
}

async function toStaffPayout(db: Db, row: PayoutRow): Promise<StaffPayout> {
  const [account] = await db.select().from(accounts).where(eq(accounts.id, row.accountId));
  return { ...toPayoutView(row), account: toStaffAccount(account!), method: row.method as PayoutMethod };
}

/** Staff paid it outside (a bank transfer): the row records the reference; the money left the book at the request. */
export async function markPayoutPaid(db: Db, staff: Pick<AccountRow, 'id' | 'email'>, id: string, reference: string, now = new Date()): Promise<StaffPayout> {
  return db.transaction(async (tx) => {
    const row = await lockedRequested(tx, id);
    const [updated] = await tx.update(payouts).set({ state: 'paid', reference, decidedAt: now, decidedBy: staff.id }).where(eq(payouts.id, id)).returning();
    await recordStaffAction(tx, staff, {
      action: 'pay',
      targetType: 'payout',
      targetId: id,
      reason: `Transfer reference ${reference}`,
      data: { currency: row.currency, amount: row.amount, reference },
    });
    return toStaffPayout(tx, updated!);
  });
}

/** Staff refuses it: the amount returns to the creator's earnings ('payout_return', ref = the payout's id). */
export async function rejectPayout(db: Db, staff: Pick<AccountRow, 'id' | 'email'>, id: string, reason: string, now = new Date()): Promise<StaffPayout> {
  return db.transaction(async (tx) => {
    const row = await lockedRequested(tx, id);
    await lockBalances(tx, row.accountId);
    const [updated] = await tx.update(payouts).set({ state: 'rejected', decidedAt: now, decidedBy: staff.id }).where(eq(payouts.id, id)).returning();
    await postEntry(tx, { accountId: row.accountId, book: 'earnings', currency: row.currency, amount: row.amount, kind: EARNING_KINDS.payoutReturn, ref: id, at: now, data: { reason } });
    await recordStaffAction(tx, staff, { action: 'reject', targetType: 'payout', targetId: id, reason, data: { currency: row.currency, amount: row.amount } });
    return toStaffPayout(tx, updated!);
  });
}

/** Requested payouts, oldest first. */
export async function listRequestedPayouts(db: Db, page: number, limit: number): Promise<StaffPayoutList> {
  const requested = eq(payouts.state, 'requested');
  const [rows, totals] = await Promise.all([
    db
      .select({ payout: payouts, account: accounts })
      .from(payouts)
      .innerJoin(accounts, eq(accounts.id, payouts.accountId))
      .where(requested)
      .orderBy(asc(payouts.requestedAt), asc(payouts.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(payouts).where(requested),
  ]);
  const items = rows.map(({ payout, account }) => ({ ...toPayoutView(payout), account: toStaffAccount(account), method: payout.method as PayoutMethod }));
  return { items, page, limit, total: totals[0]?.total ?? 0 };
}
