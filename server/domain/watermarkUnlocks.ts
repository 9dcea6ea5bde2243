import { and, eq, isNull } from 'drizzle-orm';
import { creditPrices, type CreditPurchase } from '../../contract/credits.ts';
import type { ResultUnlocks, UnlockView } from '../../contract/creditsApi.ts';
import { DomainError, notFound } from '../domainError.ts';
import type { Db } from '../infra/db/database.ts';
import { watermarkUnlocks } from '../infra/db/schema.ts';
import { creditBalance, creditsOf } from './credits.ts';
import { lockBalances, postEntry } from './ledger.ts';
import type { Fulfilment } from './fulfilment.ts';
import type { OrderRow } from './orderLedger.ts';

export type UnlockRow = typeof watermarkUnlocks.$inferSelect;

/**
 * How long after the spend a failed render may be refunded. The client asks for the refund right after its render
 * failed; a result it saved is delivered, and the window bounds what it can claim back (docs/CREDITS.md).
 */
export const REFUND_WINDOW_MS = 15 * 60_000;

/**
 * One row per bought result in watermark_unlocks: the no-watermark purchase under the client's result key, the
 * high-resolution grant under the same key with this prefix (result keys never hold a colon, so the two never meet).
 */
const HIGH_RESOLUTION_PREFIX = 'hires:';

export function storedKey(purchase: CreditPurchase, resultKey: string): string {
  return purchase === 'highResolution' ? `${HIGH_RESOLUTION_PREFIX}${resultKey}` : resultKey;
}

function purchaseOf(row: Pick<UnlockRow, 'resultKey'>): { purchase: CreditPurchase; resultKey: string } {
  return row.resultKey.startsWith(HIGH_RESOLUTION_PREFIX)
    ? { purchase: 'highResolution', resultKey: row.resultKey.slice(HIGH_RESOLUTION_PREFIX.length) }
    : { purchase: 'nowatermark', resultKey: row.resultKey };
}

export function toUnlockView(row: UnlockRow): UnlockView {
  return {
    id: row.id,
    ...purchaseOf(row),
    method: row.method,
    paid: row.paidAt !== null,
    refundableUntil: row.method === 'credits' && row.paidAt ? row.paidAt.getTime() + REFUND_WINDOW_MS : null,
  };
}

/** The campaign a purchase is for, as the caller resolved it (read access checked), and who buys. */
export interface UnlockTarget {
  campaignId: string;
  /** Whether this buyer sees the watermark on this campaign (contract/plan.ts resultWatermarked). */
  watermarked: boolean;
}

async function unlockOf(db: Db, accountId: string, campaignId: string, key: string): Promise<UnlockRow | undefined> {
  const [row] = await db
    .select()
    .from(watermarkUnlocks)
    .where(and(eq(watermarkUnlocks.accountId, accountId), eq(watermarkUnlocks.campaignId, campaignId), eq(watermarkUnlocks.resultKey, key)));
  return row;
}

/** What this account bought for one result of one campaign. */
export async function resultUnlocks(db: Db, accountId: string, target: UnlockTarget, resultKey: string): Promise<ResultUnlocks> {
  const [nowatermark, highResolution] = await Promise.all([
    unlockOf(db, accountId, target.campaignId, storedKey('nowatermark', resultKey)),
    unlockOf(db, accountId, target.campaignId, storedKey('highResolution', resultKey)),
  ]);
  return {
    watermarked: target.watermarked,
    nowatermark: nowatermark ? toUnlockView(nowatermark) : null,
    highResolution: highResolution ? toUnlockView(highResolution) : null,
  };
}

/** Refuses the no-watermark purchase where no mark would show: nothing would be bought. */
export function assertWatermarked(target: UnlockTarget, purchase: CreditPurchase): void {
  if (purchase === 'nowatermark' && !target.watermarked) throw new DomainError('NOT_WATERMARKED', 'This result carries no watermark; there is nothing to unlock');
}

/**
 * Spends credits on one result, atomically with what they buy: one transaction holds the balance's lock, writes the
 * unlock (paid now) and the 'spend' entry (ref = the unlock). The same result bought again is charged once (the
 * paid unlock is answered as it is); a balance that does not cover the price refuses with INSUFFICIENT_BALANCE and
 * writes nothing. A result waiting for its one-off payment is paid with credits instead (that order no longer
 * unlocks anything).
 */
export async function spendOnResult(db: Db, accountId: string, target: UnlockTarget, resultKey: string, purchase: CreditPurchase, now: Date = new Date()): Promise<{ unlock: UnlockView; balance: number; charged: boolean }> {
  assertWatermarked(target, purchase);
  const key = storedKey(purchase, resultKey);
  return db.transaction(async (tx) => {
    await lockBalances(tx, accountId);
    const existing = await unlockOf(tx, accountId, target.campaignId, key);
    if (existing?.paidAt) return { unlock: toUnlockView(existing), balance: await creditBalance(tx, accountId), charged: false };
    const [row] = existing
      ? await tx.update(watermarkUnlocks).set({ method: 'credits', orderId: null, paidAt: now }).where(eq(watermarkUnlocks.id, existing.id)).returning()
      : await tx.insert(watermarkUnlocks).values({ accountId, campaignId: target.campaignId, resultKey: key, method: 'credits', paidAt: now, createdAt: now }).returning();
    await postEntry(tx, { ...creditsOf(accountId), amount: -creditPrices[purchase], kind: 'spend', ref: row!.id, data: { item: purchase, campaignId: target.campaignId, resultKey }, at: now });
    return { unlock: toUnlockView(row!), balance: await creditBalance(tx, accountId), charged: true };
  });
}

/**
 * The client's render of a paid result failed: the credits come back once ('refund' entry, ref = the unlock) and the
 * unlock goes, so the same result may be bought again. Only the account's own unlock paid with credits, only within
 * REFUND_WINDOW_MS of the spend; anyone else's unlock answers like a missing one.
 */
export async function refundFailedRender(db: Db, accountId: string, unlockId: string, now: Date = new Date()): Promise<{ balance: number; refunded: number }> {
  return db.transaction(async (tx) => {
    await lockBalances(tx, accountId);
    const [row] = await tx
      .select()
      .from(watermarkUnlocks)
      .where(and(eq(watermarkUnlocks.id, unlockId), eq(watermarkUnlocks.accountId, accountId)))
      .for('update');
    if (!row) throw notFound('Unlock not found');
    if (row.method !== 'credits' || !row.paidAt) throw new DomainError('NOT_REFUNDABLE', 'Only a result paid with credits can be refunded here');
    if (now.getTime() > row.paidAt.getTime() + REFUND_WINDOW_MS) throw new DomainError('NOT_REFUNDABLE', 'The time to report a failed render of this result has passed');
    const { purchase, resultKey } = purchaseOf(row);
    const refunded = creditPrices[purchase];
    await postEntry(tx, { ...creditsOf(accountId), amount: refunded, kind: 'refund', ref: row.id, data: { item: purchase, campaignId: row.campaignId, resultKey }, at: now });
    await tx.delete(watermarkUnlocks).where(eq(watermarkUnlocks.id, row.id));
    return { balance: await creditBalance(tx, accountId), refunded };
  });
}

/**
 * The one-off payment's unlock, written with its order (openOrder's `within`): waiting for the payment (paid_at
 * null). A result that waited for an earlier attempt now waits for this order.
 */
export async function awaitPayment(tx: Db, order: OrderRow, resultKey: string): Promise<void> {
  if (!order.accountId || !order.campaignId) throw new Error(`nowatermark order ${order.id} has no account or campaign`);
  await tx
    .insert(watermarkUnlocks)
    .values({ accountId: order.accountId, campaignId: order.campaignId, resultKey: storedKey('nowatermark', resultKey), method: 'payment', orderId: order.id, createdAt: order.createdAt })
    .onConflictDoUpdate({ target: [watermarkUnlocks.accountId, watermarkUnlocks.campaignId, watermarkUnlocks.resultKey], set: { method: 'payment', orderId: order.id }, setWhere: isNull(watermarkUnlocks.paidAt) });
}

/** The result is already unlocked: a payment would buy nothing. */
export async function assertNotUnlocked(db: Db, accountId: string, campaignId: string, resultKey: string): Promise<void> {
  const existing = await unlockOf(db, accountId, campaignId, storedKey('nowatermark', resultKey));
  if (existing?.paidAt) throw new DomainError('ALREADY_UNLOCKED', 'This result is already without the watermark');
}

/** The invoice line and the provider's page name a one-off no-watermark payment so. */
export const nowatermarkDescription = 'Bingkai result without watermark';

/** A paid one-off order marks its unlock paid; a refund takes the unlock back. */
export const nowatermarkFulfilment: Fulfilment = {
  async paid(tx, order, now) {
    await tx
      .update(watermarkUnlocks)
      .set({ paidAt: now })
      .where(and(eq(watermarkUnlocks.orderId, order.id), isNull(watermarkUnlocks.paidAt)));
  },
  async refunded(tx, order) {
    await tx.delete(watermarkUnlocks).where(and(eq(watermarkUnlocks.orderId, order.id), eq(watermarkUnlocks.method, 'payment')));
  },
  async describe() {
    return nowatermarkDescription;
  },
};
