import { randomUUID } from 'node:crypto';
import { donationFee } from '../../contract/donation.ts';
import type { EarningCurrency } from '../../contract/monetization.ts';
import type { Db } from '../infra/db/database.ts';
import { donations, orders } from '../infra/db/schema.ts';
import { recordDonationTerms } from '../domain/donations.ts';
import { appendLedger, type OrderRow } from '../domain/orderLedger.ts';
import { payOrder } from './paidOrder.ts';

export interface DonationFixture {
  campaignId: string;
  currency?: EarningCurrency;
  /** What the donor pays (minor units). */
  gross: number;
  /** The platform fee rate the donation is opened at (default 1000 = 10 %). */
  feeBps?: number;
  at?: Date;
}

/**
 * A visitor's donation paid the way a verified webhook pays it (the real order, terms and fulfilment: the creator's
 * net earning and the platform's fee), without a provider call. Answers the paid order and the creator's net.
 */
export async function payDonation(db: Db, fixture: DonationFixture): Promise<{ order: OrderRow; net: number }> {
  const at = fixture.at ?? new Date();
  const currency = fixture.currency ?? 'IDR';
  const feeBps = fixture.feeBps ?? 1000;
  const pending = await db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        accountId: null,
        idempotencyKey: randomUUID().replaceAll('-', ''),
        kind: 'donation',
        itemId: 'donation',
        campaignId: fixture.campaignId,
        isTest: true,
        catalogVersion: 1,
        currency,
        amount: fixture.gross,
        provider: 'sandbox',
        providerRef: `ref_${randomUUID()}`,
        expiresAt: new Date(at.getTime() + 60 * 60_000),
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    await appendLedger(tx, order!, 'created');
    await tx.insert(donations).values({ orderId: order!.id, campaignId: fixture.campaignId, anonymous: true, createdAt: at });
    await recordDonationTerms(tx, order!, feeBps);
    return order!;
  });
  return { order: await payOrder(db, pending, at), net: fixture.gross - donationFee(fixture.gross, feeBps) };
}
