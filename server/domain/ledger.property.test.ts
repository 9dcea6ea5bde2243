/**
 * Properties of the balances (ledger.ts), through the real operations on the real database: for random sequences of
 * credit top-ups paid and refunded through their orders, spends on results and refunds of failed renders, donations
 * paid and refunded through their orders, and payouts (request, reject, pay), no balance goes below zero, every
 * balance is the sum of its entries and equals a plain model of the operations, and a refused operation changes
 * nothing. FC_RUNS sets the number of runs (default 25: the fast suite).
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { creditPacks, creditPrices, type CreditPurchase } from '../../contract/credits.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MonetizationConfig } from '../config.ts';
import { DomainError } from '../domainError.ts';
import { ledgerEntries, payouts } from '../infra/db/schema.ts';
import { payDonation } from '../testing/donationEarning.ts';
import { refundOrder } from '../testing/paidOrder.ts';
import { insertCampaign, insertCreator } from '../testing/fixtures.ts';
import { createTestDatabase, drivers, type TestDatabase } from '../testing/testApp.ts';
import { topUpCredits } from '../testing/topUpCredits.ts';
import { CREDITS, balanceOf, type BalanceKey } from './ledger.ts';
import { applyForMonetization, decideApplication } from './monetization.ts';
import type { OrderRow } from './orderLedger.ts';
import { markPayoutPaid, rejectPayout, requestPayout } from './payouts.ts';
import { refundFailedRender, spendOnResult } from './watermarkUnlocks.ts';

const RUNS = Number(process.env.FC_RUNS) || 25;
const config: MonetizationConfig = { payoutMinimum: { IDR: 1000, USD: 100 }, earningsHoldDays: 0 };

type Op =
  | { op: 'topUp'; pack: number }
  | { op: 'spend'; purchase: CreditPurchase }
  | { op: 'refundRender'; pick: number }
  | { op: 'refundTopUp'; pick: number }
  | { op: 'donate'; gross: number; feeBps: number }
  | { op: 'refundDonation'; pick: number }
  | { op: 'requestPayout'; amount: number }
  | { op: 'decidePayout'; pay: boolean };

const ops: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('topUp' as const), pack: fc.nat({ max: creditPacks.length - 1 }) }),
  fc.record({ op: fc.constant('spend' as const), purchase: fc.constantFrom<CreditPurchase>('nowatermark', 'highResolution') }),
  fc.record({ op: fc.constant('refundRender' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('refundTopUp' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('donate' as const), gross: fc.integer({ min: 1, max: 50_000 }), feeBps: fc.integer({ min: 0, max: 3000 }) }),
  fc.record({ op: fc.constant('refundDonation' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('requestPayout' as const), amount: fc.integer({ min: 1, max: 60_000 }) }),
  fc.record({ op: fc.constant('decidePayout' as const), pay: fc.boolean() }),
);

describe.each(drivers)('ledger properties (%s)', (driver) => {
  let database: TestDatabase;
  let staff: Awaited<ReturnType<typeof insertCreator>>;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
    staff = await insertCreator(database.db, 'ledger-staff');
  });
  afterAll(() => database.dispose());
  const db = () => database.db;

  /** Entries and payout rows of one account: what a refused operation must leave as it was. */
  async function footprint(accountId: string) {
    const entries = await db().select().from(ledgerEntries).where(eq(ledgerEntries.accountId, accountId));
    const rows = await db().select().from(payouts).where(eq(payouts.accountId, accountId));
    return { entries: entries.length, payouts: rows.map((row) => `${row.id}:${row.state}`).sort() };
  }

  async function sumOfEntries(key: BalanceKey): Promise<number> {
    const rows = await db()
      .select({ amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.accountId, key.accountId!), eq(ledgerEntries.book, key.book), eq(ledgerEntries.currency, key.currency)));
    return rows.reduce((sum, row) => sum + row.amount, 0);
  }

  it('never goes below zero, always equals the sum of its entries and the model, and refusals change nothing', { timeout: 300_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(ops, { minLength: 1, maxLength: 14 }), async (sequence) => {
        const name = `p${randomUUID().slice(0, 8)}`;
        const creator = await insertCreator(db(), name);
        const campaign = await insertCampaign(db(), creator.id, { uri: `${name}-c` });
        await applyForMonetization(db(), creator.id, {
          legalName: 'Property Tester',
          country: 'ID',
          payoutMethod: { type: 'bank', bankName: 'BRI', accountName: 'Property Tester', accountNumber: '0000111122' },
          campaigns: [campaign.uri],
          agreeToTerms: true,
        });
        await decideApplication(db(), staff, creator.uuid, 'approve', 'Property run');

        const credits: BalanceKey = { accountId: creator.id, book: 'credits', currency: CREDITS };
        const earnings: BalanceKey = { accountId: creator.id, book: 'earnings', currency: 'IDR' };
        const model = { credits: 0, earnings: 0 };
        const topUps: { order: OrderRow; credits: number; refunded: boolean }[] = [];
        const spends: { unlockId: string; price: number; refunded: boolean }[] = [];
        const donations: { order: OrderRow; net: number; refunded: boolean }[] = [];
        let openPayout: { id: string; amount: number } | null = null;

        for (const step of sequence) {
          const before = await footprint(creator.id);
          let refused = false;
          try {
            switch (step.op) {
              case 'topUp': {
                const pack = creditPacks[step.pack]!;
                topUps.push({ order: await topUpCredits(db(), creator.id, pack.id), credits: pack.credits, refunded: false });
                model.credits += pack.credits;
                break;
              }
              case 'spend': {
                const { unlock, charged } = await spendOnResult(db(), creator.id, { campaignId: campaign.id, watermarked: true }, randomUUID().replaceAll('-', ''), step.purchase);
                expect(charged).toBe(true);
                spends.push({ unlockId: unlock.id, price: creditPrices[step.purchase], refunded: false });
                model.credits -= creditPrices[step.purchase];
                break;
              }
              case 'refundRender': {
                const spend = spends[step.pick % Math.max(1, spends.length)];
                if (!spend) break;
                // A second refund finds no unlock (the first took it back): NOT_FOUND, nothing written.
                await refundFailedRender(db(), creator.id, spend.unlockId);
                expect(spend.refunded).toBe(false);
                spend.refunded = true;
                model.credits += spend.price;
                break;
              }
              case 'refundTopUp': {
                const topUp = topUps[step.pick % Math.max(1, topUps.length)];
                if (!topUp) break;
                // The provider's refund webhook: the credits are revoked with the order, or the refund is refused.
                const order = await refundOrder(db(), topUp.order);
                if (!topUp.refunded) {
                  expect(order.status).toBe('refunded');
                  model.credits -= topUp.credits;
                }
                topUp.refunded = true;
                break;
              }
              case 'donate': {
                const { order, net } = await payDonation(db(), { campaignId: campaign.id, gross: step.gross, feeBps: step.feeBps });
                donations.push({ order, net, refunded: false });
                model.earnings += net;
                break;
              }
              case 'refundDonation': {
                const donation = donations[step.pick % Math.max(1, donations.length)];
                if (!donation) break;
                const order = await refundOrder(db(), donation.order);
                if (!donation.refunded) {
                  expect(order.status).toBe('refunded');
                  model.earnings -= donation.net;
                }
                donation.refunded = true;
                break;
              }
              case 'requestPayout': {
                const payout = await requestPayout(db(), creator.id, config, { currency: 'IDR', amount: step.amount });
                expect(openPayout).toBeNull();
                openPayout = { id: payout.id, amount: payout.amount };
                model.earnings -= step.amount;
                break;
              }
              case 'decidePayout': {
                if (!openPayout) break;
                if (step.pay) await markPayoutPaid(db(), staff, openPayout.id, `REF-${openPayout.id.slice(0, 6)}`);
                else {
                  await rejectPayout(db(), staff, openPayout.id, 'Property run');
                  model.earnings += openPayout.amount;
                }
                openPayout = null;
                break;
              }
            }
          } catch (error) {
            if (!(error instanceof DomainError)) throw error;
            expect(['INSUFFICIENT_BALANCE', 'DONATION_REFUND_BLOCKED', 'NOT_FOUND', 'PAYOUT_BELOW_MINIMUM', 'PAYOUT_ALREADY_OPEN']).toContain(error.code);
            refused = true;
          }
          if (refused) expect(await footprint(creator.id)).toEqual(before);
          for (const [key, expected] of [
            [credits, model.credits],
            [earnings, model.earnings],
          ] as const) {
            const balance = await balanceOf(db(), key);
            expect(balance).toBeGreaterThanOrEqual(0);
            expect(balance).toBe(expected);
            expect(balance).toBe(await sumOfEntries(key));
          }
        }
      }),
      { numRuns: RUNS },
    );
  });
});
