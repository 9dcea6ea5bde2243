import { and, count, desc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { MonetizationState } from '../../contract/account.ts';
import { earningCurrencies, type CampaignEarnings, type EarningCurrency, type EarningsBalance, type EarningsView, type PayoutView } from '../../contract/monetization.ts';
import type { MonetizationConfig } from '../config.ts';
import type { Db } from '../infra/db/database.ts';
import { accounts, campaigns, ledgerEntries, orders, payouts } from '../infra/db/schema.ts';
import { balanceOf } from './ledger.ts';

/** The earnings book's kinds: donations (net of the platform fee) and their refunds come from the donation order's fulfilment; payouts from payouts.ts. */
export const EARNING_KINDS = { donation: 'donation', donationRefund: 'donation_refund', payout: 'payout', payoutReturn: 'payout_return' } as const;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface EarningsAmounts {
  balance: number;
  pending: number;
  available: number;
}

/**
 * One creator's earnings in one currency. The balance is the sum of the book's entries (payouts are already debited).
 * Pending: the donations and refunds younger than the hold (a refund may still take them back), or the whole balance
 * while the creator is not APPROVED. Available = balance − pending, never below zero. Read inside a transaction that
 * holds lockBalances when a debit follows.
 */
export async function earningsAmounts(db: Db, accountId: string, currency: EarningCurrency, state: MonetizationState, holdDays: number, now = new Date()): Promise<EarningsAmounts> {
  const balance = await balanceOf(db, { accountId, book: 'earnings', currency });
  let pending: number;
  if (state !== 'APPROVED') pending = Math.max(0, balance);
  else if (holdDays <= 0) pending = 0;
  else {
    const [row] = await db
      .select({ total: sql<string | null>`sum(${ledgerEntries.amount})` })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.accountId, accountId),
          eq(ledgerEntries.book, 'earnings'),
          eq(ledgerEntries.currency, currency),
          inArray(ledgerEntries.kind, [EARNING_KINDS.donation, EARNING_KINDS.donationRefund]),
          gt(ledgerEntries.createdAt, new Date(now.getTime() - holdDays * DAY_MS)),
        ),
      );
    pending = Math.min(Math.max(0, Number(row?.total ?? 0)), Math.max(0, balance));
  }
  return { balance, pending, available: Math.max(0, balance - pending) };
}

/** Net earnings per campaign and currency (the entry's order names the campaign), largest first. */
export async function earningsByCampaign(db: Db, accountId: string): Promise<CampaignEarnings[]> {
  const rows = await db
    .select({
      uri: campaigns.uri,
      title: campaigns.title,
      currency: ledgerEntries.currency,
      amount: sql<string>`sum(${ledgerEntries.amount})`,
      donations: count(sql`case when ${ledgerEntries.kind} = ${EARNING_KINDS.donation} then 1 end`),
    })
    .from(ledgerEntries)
    .innerJoin(orders, eq(orders.id, ledgerEntries.orderId))
    .leftJoin(campaigns, eq(campaigns.id, orders.campaignId))
    .where(
      and(
        eq(ledgerEntries.accountId, accountId),
        eq(ledgerEntries.book, 'earnings'),
        isNotNull(ledgerEntries.orderId),
        inArray(ledgerEntries.kind, [EARNING_KINDS.donation, EARNING_KINDS.donationRefund]),
      ),
    )
    .groupBy(campaigns.uri, campaigns.title, ledgerEntries.currency)
    .orderBy(desc(sql`sum(${ledgerEntries.amount})`));
  return rows.map((row) => ({ uri: row.uri, title: row.title, currency: row.currency as EarningCurrency, amount: Number(row.amount), donations: Number(row.donations) }));
}

export type PayoutRow = typeof payouts.$inferSelect;

export function toPayoutView(row: PayoutRow): PayoutView {
  return {
    id: row.id,
    currency: row.currency,
    amount: row.amount,
    state: row.state,
    reference: row.reference,
    requestedAt: row.requestedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/** The creator's payout request in progress for this currency (at most one), or null. */
export async function openPayoutOf(db: Db, accountId: string, currency: EarningCurrency): Promise<PayoutView | null> {
  const [row] = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.accountId, accountId), eq(payouts.currency, currency), eq(payouts.state, 'requested')))
    .limit(1);
  return row ? toPayoutView(row) : null;
}

/** The creator's latest payouts, newest first. */
export async function payoutsOf(db: Db, accountId: string, limit: number): Promise<PayoutView[]> {
  const rows = await db.select().from(payouts).where(eq(payouts.accountId, accountId)).orderBy(desc(payouts.requestedAt), desc(payouts.id)).limit(limit);
  return rows.map(toPayoutView);
}

/** The earnings page: per currency the amounts and the open payout, per campaign the net earnings, the latest payouts. */
export async function earningsOf(db: Db, accountId: string, config: MonetizationConfig, now = new Date()): Promise<EarningsView> {
  const [account] = await db.select({ state: accounts.applyMonetization }).from(accounts).where(eq(accounts.id, accountId));
  const state = account?.state ?? 'FORM';
  const balances: EarningsBalance[] = [];
  for (const currency of earningCurrencies) {
    const amounts = await earningsAmounts(db, accountId, currency, state, config.earningsHoldDays, now);
    balances.push({ currency, ...amounts, minimumPayout: config.payoutMinimum[currency], openPayout: await openPayoutOf(db, accountId, currency) });
  }
  return { state, holdDays: config.earningsHoldDays, balances, campaigns: await earningsByCampaign(db, accountId), payouts: await payoutsOf(db, accountId, 20) };
}
