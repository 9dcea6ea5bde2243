/**
 * Donations on a real database with the real sandbox provider: settings only for the creator, donations refused
 * with nothing written when closed or out of bounds, idempotent per key, totals counting only paid orders, the
 * fee split into the earnings and platform books, refunds reversed (or refused once paid out), and the wall's
 * moderation.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DonationCreateBody } from '../../contract/donation.ts';
import { accounts, campaignDonations, campaigns, donations, ledgerEntries, orderLedger, orders } from '../infra/db/schema.ts';
import type { PaymentProvider } from '../infra/payments/paymentProvider.ts';
import type { PaymentProviders } from '../infra/payments/paymentProviders.ts';
import { createSandboxProvider } from '../infra/payments/sandboxProvider.ts';
import { insertCampaign, insertCreator } from '../testing/fixtures.ts';
import { payOrder } from '../testing/paidOrder.ts';
import { refusal } from '../testing/refusal.ts';
import { createTestDatabase, drivers, type TestDatabase } from '../testing/testApp.ts';
import { donationFulfilment } from './donationFulfilment.ts';
import { donationSummaryOf, donorWall, managedDonations, openDonation, saveDonationSettings, setDonationHidden, type DonationDeps } from './donations.ts';
import { balanceOf, postEntry } from './ledger.ts';
import { lockOrder, moveOrder } from './orderLedger.ts';

const config = { platformFeeBps: 1000, donationMinimum: { IDR: 1_000_000, USD: 100 } };
let keys = 0;
const newKey = () => `domain-donation-key-${String(++keys).padStart(4, '0')}`;

describe.each(drivers)('donations (%s)', (driver) => {
  let database: TestDatabase;
  let providers: PaymentProviders;
  let ana: Awaited<ReturnType<typeof insertCreator>>;
  let budi: Awaited<ReturnType<typeof insertCreator>>;
  let campaign: Awaited<ReturnType<typeof insertCampaign>>;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    providers = new Map<PaymentProvider['id'], PaymentProvider>([['sandbox', createSandboxProvider({ secret: Buffer.from('donation-test-sandbox-secret') })]]);
    ana = await insertCreator(database.db, 'ana');
    budi = await insertCreator(database.db, 'budi');
    campaign = await insertCampaign(database.db, ana.id, { uri: 'clean-rivers' });
  });
  afterAll(async () => database?.dispose());

  const deps = (overrides: Partial<typeof config> = {}): DonationDeps => ({ db: database.db, providers, payments: { orderTtlMinutes: 30 }, donations: { ...config, ...overrides } });
  const body = (overrides: Partial<DonationCreateBody> = {}): DonationCreateBody => ({ amount: 5_000_000, currency: 'IDR', provider: 'sandbox', email: 'donor@example.test', name: 'Citra', message: 'Go!', idempotencyKey: newKey(), ...overrides });
  const donate = (overrides: Partial<DonationCreateBody> = {}, uri = 'clean-rivers', accountId: string | null = null) => openDonation(deps(), uri, { accountId, name: '' }, body(overrides), 'https://bingkai.test');
  const state = async () => ({
    orders: await database.db.select().from(orders).orderBy(orders.id),
    donations: await database.db.select().from(donations).orderBy(donations.id),
    ledger: await database.db.select().from(ledgerEntries).orderBy(ledgerEntries.id),
  });
  const earnings = (currency: 'IDR' | 'USD' = 'IDR') => balanceOf(database.db, { accountId: ana.id, book: 'earnings', currency });
  const platform = (currency: 'IDR' | 'USD' = 'IDR') => balanceOf(database.db, { accountId: null, book: 'platform', currency });
  const summary = () => donationSummaryOf(database.db, config, providers, campaign.id);
  const refund = (orderId: string) =>
    database.db.transaction(async (tx) => {
      const moved = await moveOrder(tx, (await lockOrder(tx, orderId))!, 'refunded');
      await donationFulfilment.refunded(tx, moved!, new Date());
    });

  it('takes no donation before the creator turns them on', async () => {
    const before = await state();
    expect((await refusal(donate())).code).toBe('DONATIONS_CLOSED');
    expect(await state()).toEqual(before);
    expect(await summary()).toMatchObject({ enabled: false, cause: '', raised: 0, donors: 0 });
  });

  it('lets only the creator change the settings', async () => {
    const settings = { enabled: true, cause: 'Clean the Ciliwung', goalAmount: 100_000_000, currency: 'IDR' as const };
    expect((await refusal(saveDonationSettings(database.db, config, providers, budi.id, 'clean-rivers', settings))).code).toBe('FORBIDDEN');
    expect((await refusal(saveDonationSettings(database.db, config, providers, ana.id, 'no-such-campaign', settings))).code).toBe('NOT_FOUND');
    expect(await database.db.select().from(campaignDonations)).toEqual([]);
    const saved = await saveDonationSettings(database.db, config, providers, ana.id, 'clean-rivers', settings);
    expect(saved).toMatchObject({ enabled: true, cause: 'Clean the Ciliwung', goalAmount: 100_000_000, currency: 'IDR', minimum: 1_000_000, raised: 0 });
    expect(saved.providers.map((provider) => provider.id)).toEqual(['sandbox']);
  });

  it('refuses an amount below the minimum or in another currency, writing nothing', async () => {
    const before = await state();
    const small = await refusal(donate({ amount: 999_999 }));
    expect(small.code).toBe('VALIDATION_FAILED');
    expect(small.fields).toHaveProperty('amount');
    const dollars = await refusal(donate({ amount: 500, currency: 'USD' }));
    expect(dollars.fields).toHaveProperty('currency');
    expect((await refusal(donate({ amount: 2_000_000_001 }))).fields).toHaveProperty('amount');
    expect(await state()).toEqual(before);
  });

  it('opens one order per key, counts it only once paid, and splits the fee into the books', async () => {
    const key = newKey();
    const first = await donate({ idempotencyKey: key, amount: 5_000_001 });
    expect(first.created).toBe(true);
    expect(first.order).toMatchObject({ kind: 'donation', itemId: 'donation', campaignId: campaign.id, accountId: null, amount: 5_000_001, currency: 'IDR', status: 'pending' });
    const again = await donate({ idempotencyKey: key, amount: 5_000_001 });
    expect(again).toMatchObject({ created: false, order: { id: first.order.id } });
    expect(await database.db.select().from(donations).where(eq(donations.orderId, first.order.id))).toHaveLength(1);
    expect((await refusal(donate({ idempotencyKey: key, amount: 6_000_000 }))).code).toBe('IDEMPOTENCY_KEY_REUSED');

    // Pending counts for nothing.
    expect(await summary()).toMatchObject({ raised: 0, donors: 0 });
    expect((await donorWall(database.db, campaign.id, 1)).items).toEqual([]);

    const paid = await payOrder(database.db, first.order);
    expect(paid.status).toBe('paid');
    // floor(5,000,001 × 10 %) = 500,000 to the platform, the rest to the creator.
    expect(await earnings()).toBe(4_500_001);
    expect(await platform()).toBe(500_000);
    const entries = await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, first.order.id));
    expect(entries.map(({ accountId, book, kind, amount, ref, currency }) => ({ accountId, book, kind, amount, ref, currency }))).toEqual([
      { accountId: ana.id, book: 'earnings', kind: 'donation', amount: 4_500_001, ref: first.order.id, currency: 'IDR' },
      { accountId: null, book: 'platform', kind: 'fee', amount: 500_000, ref: first.order.id, currency: 'IDR' },
    ]);
    // Fulfilling twice gives nothing twice.
    await database.db.transaction((tx) => donationFulfilment.paid(tx, paid, new Date()));
    expect(await earnings()).toBe(4_500_001);
    expect(await summary()).toMatchObject({ raised: 5_000_001, donors: 1 });
    expect((await donorWall(database.db, campaign.id, 1)).items).toEqual([expect.objectContaining({ name: 'Citra', message: 'Go!', amount: 5_000_001, currency: 'IDR' })]);
  });

  it('settles at the fee rate of the day the donation was opened', async () => {
    const { order } = await openDonation(deps({ platformFeeBps: 250 }), 'clean-rivers', { accountId: budi.id, name: budi.name }, body({ amount: 1_000_003, anonymous: true }), 'https://bingkai.test');
    expect(order.accountId).toBe(budi.id);
    const [terms] = await database.db.select().from(orderLedger).where(eq(orderLedger.orderId, order.id)).orderBy(orderLedger.id).offset(1);
    expect(terms).toMatchObject({ entry: 'donation_terms', data: { platformFeeBps: 250, fee: 25_000, net: 975_003 } });
    const [earned, fee] = [await earnings(), await platform()];
    await payOrder(database.db, order);
    expect(await earnings()).toBe(earned + 975_003);
    expect(await platform()).toBe(fee + 25_000);
    const wall = await donorWall(database.db, campaign.id, 1);
    // Newest first, and the anonymous donor has no name.
    expect(wall.items[0]).toMatchObject({ name: null, amount: 1_000_003 });
    expect(wall.total).toBe(2);
  });

  it('reverses both entries on refund, and refuses a refund the creator’s earnings no longer cover', async () => {
    const { order } = await donate({ amount: 2_000_000 });
    await payOrder(database.db, order);
    const [earned, fee, raised] = [await earnings(), await platform(), (await summary()).raised];
    await refund(order.id);
    expect(await earnings()).toBe(earned - 1_800_000);
    expect(await platform()).toBe(fee - 200_000);
    expect((await summary()).raised).toBe(raised - 2_000_000);
    const kinds = (await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, order.id))).map((entry) => `${entry.book}:${entry.kind}:${entry.amount}`);
    expect(kinds).toEqual(['earnings:donation:1800000', 'platform:fee:200000', 'earnings:donation_refund:-1800000', 'platform:fee_refund:-200000']);

    // Paid out: the earnings are gone, so the refund of another donation is refused and nothing changes.
    const second = await donate({ amount: 3_000_000 });
    await payOrder(database.db, second.order);
    await database.db.transaction(async (tx) => {
      await postEntry(tx, { accountId: ana.id, book: 'earnings', currency: 'IDR', amount: -(await balanceOf(tx, { accountId: ana.id, book: 'earnings', currency: 'IDR' })), kind: 'payout', ref: 'test-payout-1' });
    });
    const before = await state();
    expect((await refusal(refund(second.order.id))).code).toBe('DONATION_REFUND_BLOCKED');
    expect(await state()).toEqual(before);
  });

  it('lets the creator hide a donation from the wall while the money still counts', async () => {
    const [top] = (await donorWall(database.db, campaign.id, 1)).items;
    const total = (await summary()).raised;
    expect((await refusal(setDonationHidden(database.db, budi.id, 'clean-rivers', top!.id, true))).code).toBe('FORBIDDEN');
    expect(await setDonationHidden(database.db, ana.id, 'clean-rivers', top!.id, true)).toMatchObject({ id: top!.id, hidden: true });
    expect((await donorWall(database.db, campaign.id, 1)).items.map((item) => item.id)).not.toContain(top!.id);
    expect((await summary()).raised).toBe(total);
    const managed = await managedDonations(database.db, ana.id, 'clean-rivers', 1);
    expect(managed.items.find((item) => item.id === top!.id)).toMatchObject({ hidden: true });
    await setDonationHidden(database.db, ana.id, 'clean-rivers', top!.id, false);
    expect((await donorWall(database.db, campaign.id, 1)).items[0]!.id).toBe(top!.id);
    expect((await refusal(setDonationHidden(database.db, ana.id, 'clean-rivers', '00000000-0000-4000-8000-000000000000', true))).code).toBe('NOT_FOUND');
  });

  it('pages the wall ten at a time', async () => {
    const other = await insertCampaign(database.db, ana.id, { uri: 'many-donors' });
    await saveDonationSettings(database.db, config, providers, ana.id, 'many-donors', { enabled: true, cause: 'Many small gifts', goalAmount: null, currency: 'USD' });
    for (let i = 0; i < 12; i++) {
      const { order } = await donate({ amount: 100 + i, currency: 'USD', name: `Donor ${i}` }, 'many-donors');
      await payOrder(database.db, order);
    }
    const first = await donorWall(database.db, other.id, 1);
    const second = await donorWall(database.db, other.id, 2);
    expect(first).toMatchObject({ page: 1, limit: 10, total: 12 });
    expect(first.items).toHaveLength(10);
    expect(second.items.map((item) => item.name)).toHaveLength(2);
    expect(new Set([...first.items, ...second.items].map((item) => item.id)).size).toBe(12);
    // The currency is fixed once donations were paid.
    const changed = await refusal(saveDonationSettings(database.db, config, providers, ana.id, 'many-donors', { enabled: true, cause: 'Many small gifts', goalAmount: null, currency: 'IDR' }));
    expect(changed.fields).toHaveProperty('currency');
  });

  it('takes no donation for a campaign taken down or whose creator is suspended', async () => {
    const before = await state();
    await database.db.update(campaigns).set({ hiddenAt: new Date() }).where(eq(campaigns.id, campaign.id));
    expect((await refusal(donate())).code).toBe('DONATIONS_CLOSED');
    await database.db.update(campaigns).set({ hiddenAt: null }).where(eq(campaigns.id, campaign.id));
    await database.db.update(accounts).set({ suspendedAt: new Date() }).where(eq(accounts.id, ana.id));
    expect((await refusal(donate())).code).toBe('DONATIONS_CLOSED');
    await database.db.update(accounts).set({ suspendedAt: null }).where(eq(accounts.id, ana.id));
    await saveDonationSettings(database.db, config, providers, ana.id, 'clean-rivers', { enabled: false, cause: 'Clean the Ciliwung', goalAmount: null, currency: 'IDR' });
    expect((await refusal(donate())).code).toBe('DONATIONS_CLOSED');
    expect(await state()).toEqual(before);
  });
});
