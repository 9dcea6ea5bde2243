import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope } from '../../contract/errorEnvelope.ts';
import { earningsResponse, monetizationResponse, payoutResponse, staffApplicationListResponse, staffPayoutListResponse } from '../../contract/monetization.ts';
import { accounts, campaigns, ledgerEntries, monetizationApplications, payouts, staffActions } from '../infra/db/schema.ts';
import { setStaffRole } from '../domain/staff.ts';
import { payDonation } from '../testing/donationEarning.ts';
import { insertCampaign } from '../testing/fixtures.ts';
import { asAccount, claimsOf, createSocialTestApp, passwordAccount } from '../testing/socialApp.ts';
import { drivers, signedInject, type TestApp } from '../testing/testApp.ts';

const form = {
  legalName: 'Joko Santoso',
  country: 'ID',
  payoutMethod: { type: 'bank', bankName: 'Mandiri', accountName: 'Joko Santoso', accountNumber: '1400012345678' },
  campaigns: ['joko-fest'],
  agreeToTerms: true,
};

describe.each(drivers)('monetization routes (%s)', (driver) => {
  let t: TestApp;
  let close: () => Promise<void>;
  let staff: string;
  let creator: string;
  let creatorId: string;
  beforeAll(async () => {
    ({ t, close } = await createSocialTestApp(driver));
    staff = (await passwordAccount(t, { username: 'moneymod', email: 'moneymod@example.test' }))!;
    await setStaffRole(t.database.db, 'moneymod@example.test', true);
    creator = (await passwordAccount(t, { username: 'joko', email: 'joko@example.test' }))!;
    creatorId = (await t.database.db.select().from(accounts).where(eq(accounts.email, 'joko@example.test')))[0]!.id;
    await insertCampaign(t.database.db, creatorId, { uri: 'joko-fest' });
  });
  afterAll(() => close());
  const db = () => t.database.db;
  const envelope = (response: { json(): unknown }) => errorEnvelope.parse(response.json());

  it('answers 404 on the monetization staff routes to anyone who is not staff, before reading the body', async () => {
    const uuid = claimsOf(creator).sub;
    const paths = [
      ['GET', '/api/v2/staff/applications'],
      ['POST', `/api/v2/staff/applications/${uuid}/approve`],
      ['POST', `/api/v2/staff/applications/${uuid}/reject`],
      ['GET', '/api/v2/staff/payouts'],
      ['POST', '/api/v2/staff/payouts/00000000-0000-4000-8000-000000000000/pay'],
      ['POST', '/api/v2/staff/payouts/not-a-uuid/reject'],
    ] as const;
    for (const [method, url] of paths) {
      const body = method === 'POST' ? { nonsense: true } : undefined;
      expect((await signedInject(t.app, { method, url, body })).statusCode, url).toBe(404);
      expect((await asAccount(t, creator, { method, url, body })).statusCode, url).toBe(404);
    }
    expect(await db().select().from(staffActions)).toEqual([]);
  });

  it('refuses a bad application with 400 and writes nothing', async () => {
    const bad = [
      { ...form, agreeToTerms: false },
      { ...form, country: 'Indonesia' },
      { ...form, payoutMethod: { type: 'bank', bankName: 'Mandiri', accountName: 'Joko', accountNumber: 'abc' } },
      { ...form, payoutMethod: { type: 'crypto', wallet: 'x' } },
      { ...form, campaigns: [] },
      { ...form, campaigns: ['someone-elses'] },
    ];
    for (const body of bad) {
      const response = await asAccount(t, creator, { method: 'POST', url: '/api/v2/account/monetization', body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(envelope(response).code).toBe('VALIDATION_FAILED');
    }
    expect(await db().select().from(monetizationApplications)).toEqual([]);
    const state = monetizationResponse.parse((await asAccount(t, creator, { method: 'GET', url: '/api/v2/account/monetization' })).json());
    expect(state.data).toEqual({ state: 'FORM', application: null });
  });

  it('applies, is approved by staff, earns from a test donation, requests a payout that staff marks paid', async () => {
    const unsigned = await signedInject(t.app, { method: 'GET', url: '/api/v2/account/earnings' });
    expect(unsigned.statusCode).toBe(401);

    const applied = await asAccount(t, creator, { method: 'POST', url: '/api/v2/account/monetization', body: form });
    expect(applied.statusCode).toBe(200);
    expect(monetizationResponse.parse(applied.json()).data).toMatchObject({ state: 'PENDING', application: { campaigns: [{ uri: 'joko-fest', title: 'Title joko-fest' }] } });
    expect((await asAccount(t, creator, { method: 'POST', url: '/api/v2/account/monetization', body: form })).statusCode).toBe(409);

    const queue = staffApplicationListResponse.parse((await asAccount(t, staff, { method: 'GET', url: '/api/v2/staff/applications?page=1&limit=5' })).json());
    expect(queue.data.items.map((item) => item.account.username)).toEqual(['joko']);
    const uuid = queue.data.items[0]!.account.uuid;
    expect((await asAccount(t, staff, { method: 'POST', url: `/api/v2/staff/applications/${uuid}/approve`, body: { reason: '' } })).statusCode).toBe(400);
    expect((await asAccount(t, staff, { method: 'POST', url: `/api/v2/staff/applications/${uuid}/approve`, body: { reason: 'Bank account checked' } })).statusCode).toBe(200);
    expect((await asAccount(t, staff, { method: 'POST', url: `/api/v2/staff/applications/${uuid}/reject`, body: { reason: 'Too late' } })).statusCode).toBe(409);

    // A visitor's paid donation of IDR 250,000.00: 10 % platform fee by default.
    const [campaign] = await db().select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.uri, 'joko-fest'));
    await payDonation(db(), { campaignId: campaign!.id, gross: 25_000_000 });
    const earnings = earningsResponse.parse((await asAccount(t, creator, { method: 'GET', url: '/api/v2/account/earnings' })).json()).data;
    expect(earnings.state).toBe('APPROVED');
    expect(earnings.balances.find((balance) => balance.currency === 'IDR')).toMatchObject({ balance: 22_500_000, pending: 0, available: 22_500_000, minimumPayout: 10_000_000 });
    expect(earnings.campaigns).toEqual([{ uri: 'joko-fest', title: 'Title joko-fest', currency: 'IDR', amount: 22_500_000, donations: 1 }]);

    for (const [body, code] of [
      [{ currency: 'IDR', amount: 5_000_000 }, 'PAYOUT_BELOW_MINIMUM'],
      [{ currency: 'IDR', amount: 22_500_001 }, 'INSUFFICIENT_BALANCE'],
      [{ currency: 'IDR', amount: 1.5 }, 'VALIDATION_FAILED'],
      [{ currency: 'EUR', amount: 20_000_000 }, 'VALIDATION_FAILED'],
    ] as const) {
      const refused = await asAccount(t, creator, { method: 'POST', url: '/api/v2/account/payouts', body });
      expect(envelope(refused).code, JSON.stringify(body)).toBe(code);
    }
    expect(await db().select().from(payouts)).toEqual([]);

    const requested = payoutResponse.parse((await asAccount(t, creator, { method: 'POST', url: '/api/v2/account/payouts', body: { currency: 'IDR', amount: 20_000_000 } })).json()).data;
    expect(envelope(await asAccount(t, creator, { method: 'POST', url: '/api/v2/account/payouts', body: { currency: 'IDR', amount: 10_000_000 } })).code).toBe('PAYOUT_ALREADY_OPEN');
    const list = staffPayoutListResponse.parse((await asAccount(t, staff, { method: 'GET', url: '/api/v2/staff/payouts' })).json()).data;
    expect(list.items.map((item) => [item.id, item.amount, item.method.type])).toEqual([[requested.id, 20_000_000, 'bank']]);
    expect((await asAccount(t, staff, { method: 'POST', url: `/api/v2/staff/payouts/${requested.id}/pay`, body: { reference: '' } })).statusCode).toBe(400);
    const paid = await asAccount(t, staff, { method: 'POST', url: `/api/v2/staff/payouts/${requested.id}/pay`, body: { reference: 'MDR-0042' } });
    expect(paid.statusCode).toBe(200);

    const after = earningsResponse.parse((await asAccount(t, creator, { method: 'GET', url: '/api/v2/account/earnings' })).json()).data;
    expect(after.payouts).toMatchObject([{ id: requested.id, state: 'paid', reference: 'MDR-0042' }]);
    expect(after.balances.find((balance) => balance.currency === 'IDR')).toMatchObject({ balance: 2_500_000, openPayout: null });
    const audit = await db().select().from(staffActions);
    expect(audit.map((row) => [row.action, row.targetType])).toEqual([
      ['approve', 'application'],
      ['pay', 'payout'],
    ]);
    const platform = await db().select().from(ledgerEntries).where(eq(ledgerEntries.book, 'platform'));
    expect(platform.map((entry) => entry.amount)).toEqual([2_500_000]);
  });
});
