import { and, eq } from 'drizzle-orm';
import { donationFee } from '../../contract/donation.ts';
import { PLATFORM_FEE_BPS_DEFAULT } from '../../contract/monetization.ts';
import { DomainError } from '../domainError.ts';
import type { Db } from '../infra/db/database.ts';
import { campaigns, ledgerEntries, orderLedger } from '../infra/db/schema.ts';
import { lockBalances, postEntry } from './ledger.ts';
import type { Fulfilment } from './fulfilment.ts';

/** The order_ledger entry that fixes, when the donation is opened, the fee rate it will be settled at (donations.ts). */
export const TERMS_ENTRY = 'donation_terms';

export const donationDescription = (title: string) => `Donation to ${title}`;

/** The fee rate recorded when the donation was opened (the default for an order without one). */
async function feeBpsOf(tx: Db, orderId: string): Promise<number> {
  const [terms] = await tx
    .select({ data: orderLedger.data })
    .from(orderLedger)
    .where(and(eq(orderLedger.orderId, orderId), eq(orderLedger.entry, TERMS_ENTRY)))
    .limit(1);
  const bps = terms?.data.platformFeeBps;
  return typeof bps === 'number' && Number.isInteger(bps) && bps >= 0 && bps <= 10_000 ? bps : PLATFORM_FEE_BPS_DEFAULT;
}

/**
 * A paid donation: the creator's earnings get the net (entry 'donation') and the platform the fee ('fee'), both
 * with ref = the order, in the order's currency, whatever the creator's monetization state (payouts decide when
 * earnings can leave). A refund reverses both ('donation_refund', 'fee_refund'); when the creator's earnings no
 * longer cover the net (paid out), it throws DONATION_REFUND_BLOCKED and nothing is refunded.
 */
export const donationFulfilment: Fulfilment = {
  async paid(tx, order, now) {
    const [campaign] = order.campaignId ? await tx.select({ creatorId: campaigns.creatorId }).from(campaigns).where(eq(campaigns.id, order.campaignId)) : [];
    const currency = order.currency;
    const fee = donationFee(order.amount, await feeBpsOf(tx, order.id));
    const net = order.amount - fee;
    const data = { campaignId: order.campaignId };
    // A campaign deleted before the payment arrived leaves no creator: the whole amount stays with the platform.
    if (!campaign) {
      await postEntry(tx, { accountId: null, book: 'platform', currency, amount: order.amount, kind: 'donation', orderId: order.id, ref: order.id, data, at: now });
      return;
    }
    if (net > 0) await postEntry(tx, { accountId: campaign.creatorId, book: 'earnings', currency, amount: net, kind: 'donation', orderId: order.id, ref: order.id, data, at: now });
    if (fee > 0) await postEntry(tx, { accountId: null, book: 'platform', currency, amount: fee, kind: 'fee', orderId: order.id, ref: order.id, data, at: now });
  },

  async refunded(tx, order, now) {
    const given = await tx
      .select({ accountId: ledgerEntries.accountId, book: ledgerEntries.book, kind: ledgerEntries.kind, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.ref, order.id), eq(ledgerEntries.orderId, order.id)));
    const creator = given.find((entry) => entry.book === 'earnings' && entry.kind === 'donation');
    if (creator?.accountId) {
      await lockBalances(tx, creator.accountId);
      try {
        await postEntry(tx, { accountId: creator.accountId, book: 'earnings', currency: order.currency, amount: -creator.amount, kind: 'donation_refund', orderId: order.id, ref: order.id, at: now });
      } catch (error) {
        if (error instanceof DomainError && error.code === 'INSUFFICIENT_BALANCE') {
          throw new DomainError('DONATION_REFUND_BLOCKED', `The creator's earnings no longer cover this donation (${creator.amount} ${order.currency}): it was paid out`, error.fields);
        }
        throw error;
      }
    }
    for (const entry of given.filter((row) => row.book === 'platform' && (row.kind === 'fee' || row.kind === 'donation'))) {
      await postEntry(tx, { accountId: null, book: 'platform', currency: order.currency, amount: -entry.amount, kind: entry.kind === 'fee' ? 'fee_refund' : 'donation_refund', orderId: order.id, ref: order.id, at: now });
    }
  },

  async describe(tx, order) {
    const [campaign] = order.campaignId ? await tx.select({ title: campaigns.title }).from(campaigns).where(eq(campaigns.id, order.campaignId)) : [];
    return campaign ? donationDescription(campaign.title) : 'Donation to a Bingkai campaign';
  },
};
