import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MonetizationConfig } from '../config.ts';
import { accounts, ledgerEntries, payouts, staffActions } from '../infra/db/schema.ts';
import { payDonation } from '../testing/donationEarning.ts';
import { refundOrder } from '../testing/paidOrder.ts';
import { insertCampaign, insertCreator } from '../testing/fixtures.ts';
import { createTestDatabase, drivers, type TestDatabase } from '../testing/testApp.ts';
import { earningsAmounts, earningsOf } from './earnings.ts';
import { balanceOf } from './ledger.ts';
import { applyForMonetization, decideApplication } from './monetization.ts';
import { listRequestedPayouts, markPayoutPaid, rejectPayout, requestPayout } from './payouts.ts';

const config: MonetizationConfig = { payoutMinimum: { IDR: 10_000_000, USD: 1000 }, earningsHoldDays: 0 };
const DAY = 24 * 60 * 60 * 1000;

describe.each(drivers)('earnings and payouts (%s)', (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(() => database.dispose());
  const db = () => database.db;

  async function approvedCreator(username: string) {
    const creator = await insertCreator(db(), username);
    const staff = await insertCreator(db(), `${username}-staff`);
    const campaign = await insertCampaign(db(), creator.id, { uri: `${username}-campaign` });
    await applyForMonetization(db(), creator.id, {
      legalName: `Legal ${username}`,
      country: 'ID',
      payoutMethod: { type: 'ewallet', provider: 'gopay', accountName: `Legal ${username}`, handle: '+62 812 3456 7890' },
      campaigns: [campaign.uri],
      agreeToTerms: true,
    });
    await decideApplication(db(), staff, creator.uuid, 'approve', 'Checked');
    const [fresh] = await db().select().from(accounts).where(eq(accounts.id, creator.id));
    return { creator: fresh!, staff, campaign };
  }

  it('keeps earnings pending while not approved and within the hold; shows them per campaign', async () => {
    const creator = await insertCreator(db(), 'gita');
    const campaign = await insertCampaign(db(), creator.id, { uri: 'gita-c' });
    const now = new Date();
    await payDonation(db(), { campaignId: campaign.id, gross: 20_000_000, at: new Date(now.getTime() - 10 * DAY) });
    await payDonation(db(), { campaignId: campaign.id, gross: 5_000_000, at: new Date(now.getTime() - DAY) });
    expect(await earningsAmounts(db(), creator.id, 'IDR', 'PENDING', 7, now)).toEqual({ balance: 22_500_000, pending: 22_500_000, available: 0 });
    expect(await earningsAmounts(db(), creator.id, 'IDR', 'APPROVED', 7, now)).toEqual({ balance: 22_500_000, pending: 4_500_000, available: 18_000_000 });
    expect(await earningsAmounts(db(), creator.id, 'IDR', 'APPROVED', 0, now)).toEqual({ balance: 22_500_000, pending: 0, available: 22_500_000 });
    const view = await earningsOf(db(), creator.id, config, now);
    expect(view.state).toBe('FORM');
    expect(view.campaigns).toEqual([{ uri: 'gita-c', title: 'Title gita-c', currency: 'IDR', amount: 22_500_000, donations: 2 }]);
    expect(view.balances.find((balance) => balance.currency === 'IDR')).toMatchObject({ balance: 22_500_000, available: 0, minimumPayout: 10_000_000, openPayout: null });
    // Only an approved creator may ask for a payout.
    await expect(requestPayout(db(), creator.id, config, { currency: 'IDR', amount: 10_000_000 })).rejects.toMatchObject({ code: 'MONETIZATION_NOT_APPROVED' });
    expect(await db().select().from(payouts).where(eq(payouts.accountId, creator.id))).toEqual([]);
  });

  it('requests a payout within the limits, one at a time per currency; paying records the reference, rejecting returns the money', async () => {
    const { creator, staff, campaign } = await approvedCreator('hana');
    await payDonation(db(), { campaignId: campaign.id, gross: 40_000_000 });
    const key = { accountId: creator.id, book: 'earnings' as const, currency: 'IDR' as const };

    // Below the minimum, above the available: refused, nothing written.
    await expect(requestPayout(db(), creator.id, config, { currency: 'IDR', amount: 9_999_999 })).rejects.toMatchObject({ code: 'PAYOUT_BELOW_MINIMUM' });
    await expect(requestPayout(db(), creator.id, config, { currency: 'IDR', amount: 36_000_001 })).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    await expect(requestPayout(db(), creator.id, config, { currency: 'USD', amount: 1000 })).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    await expect(requestPayout(db(), creator.id, config, { currency: 'IDR', amount: 0 })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await db().select().from(payouts).where(eq(payouts.accountId, creator.id))).toEqual([]);
    expect(await balanceOf(db(), key)).toBe(36_000_000);

    const first = await requestPayout(db(), creator.id, config, { currency: 'IDR', amount: 15_000_000 });
    expect(first).toMatchObject({ state: 'requested', amount: 15_000_000, reference: null });
    expect(await balanceOf(db(), key)).toBe(21_000_000);
    await expect(requestPayout(db(), creator.id, config, { currency: 'IDR', amount: 10_000_000 })).rejects.toMatchObject({ code: 'PAYOUT_ALREADY_OPEN' });
    const queued = await listRequestedPayouts(db(), 1, 50);
    expect(queued.items.find((item) => item.id === first.id)).toMatchObject({ account: { username: 'hana' }, method: { type: 'ewallet', provider: 'gopay' } });

    const rejected = await rejectPayout(db(), staff, first.id, 'The e-wallet refused the transfer');
    expect(rejected.state).toBe('rejected');
    expect(await balanceOf(db(), key)).toBe(36_000_000);
    await expect(markPayoutPaid(db(), staff, first.id, 'TRX-1')).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(rejectPayout(db(), staff, first.id, 'Twice')).rejects.toMatchObject({ code: 'CONFLICT' });

    const second = await requestPayout(db(), creator.id, config, { currency: 'IDR', amount: 36_000_000 });
    const paid = await markPayoutPaid(db(), staff, second.id, 'BCA-20260101-77');
    expect(paid).toMatchObject({ state: 'paid', reference: 'BCA-20260101-77' });
    expect(paid.decidedAt).not.toBeNull();
    expect(await balanceOf(db(), key)).toBe(0);

    const kinds = await db().select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount, ref: ledgerEntries.ref }).from(ledgerEntries).where(eq(ledgerEntries.accountId, creator.id));
    expect(kinds.map((entry) => [entry.kind, entry.amount])).toEqual([
      ['donation', 36_000_000],
      ['payout', -15_000_000],
      ['payout_return', 15_000_000],
      ['payout', -36_000_000],
    ]);
    const audit = await db().select().from(staffActions).where(eq(staffActions.targetType, 'payout'));
    expect(audit.filter((row) => row.targetId === first.id || row.targetId === second.id).map((row) => [row.action, row.targetId])).toEqual([
      ['reject', first.id],
      ['pay', second.id],
    ]);
    const view = await earningsOf(db(), creator.id, config);
    expect(view.payouts.map((payout) => payout.state)).toEqual(['paid', 'rejected']);
  });

  it('refuses a donation refund that would take paid-out earnings below zero', async () => {
    const { creator, campaign } = await approvedCreator('indra');
    const { order: donation } = await payDonation(db(), { campaignId: campaign.id, gross: 12_000_000 });
    await requestPayout(db(), creator.id, config, { currency: 'IDR', amount: 10_000_000 });
    await expect(refundOrder(db(), donation)).rejects.toMatchObject({ code: 'DONATION_REFUND_BLOCKED' });
    expect(await balanceOf(db(), { accountId: creator.id, book: 'earnings', currency: 'IDR' })).toBe(800_000);
  });
});
