/**
 * The donation routes over HTTP (signed like the client): bad input refused with 400 and nothing written, the
 * settings and the wall's moderation only for the creator, a visitor's donation paid on the sandbox's page and
 * sent back to /donation-success/{uri}, and a campaign taken down refusing donations.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donationCreatedResponse, donationSummaryResponse, donationWallResponse, managedDonationListResponse } from '../../contract/donation.ts';
import { errorEnvelope } from '../../contract/errorEnvelope.ts';
import { accounts, campaignDonations, campaigns, donations, orders } from '../infra/db/schema.ts';
import { insertCampaign } from '../testing/fixtures.ts';
import { asAccount, passwordAccount } from '../testing/socialApp.ts';
import { createTestApp, drivers, signedInject, type TestApp } from '../testing/testApp.ts';

let keys = 0;
const newKey = () => `route-donation-key-${String(++keys).padStart(4, '0')}`;

describe.each(drivers)('donation routes (%s)', (driver) => {
  let t: TestApp;
  let ana: string;
  let budi: string;

  beforeAll(async () => {
    t = await createTestApp(driver, { publicUrl: 'https://bingkai.test' });
    ana = (await passwordAccount(t, { username: 'ana', email: 'ana@example.test' }))!;
    budi = (await passwordAccount(t, { username: 'budi', email: 'budi@example.test' }))!;
    const [owner] = await t.database.db.select().from(accounts).where(eq(accounts.email, 'ana@example.test'));
    await insertCampaign(t.database.db, owner!.id, { uri: 'clean-rivers' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const envelope = (response: { json(): unknown }) => errorEnvelope.parse(response.json());
  const state = async () => ({
    settings: await t.database.db.select().from(campaignDonations),
    orders: await t.database.db.select().from(orders).orderBy(orders.id),
    donations: await t.database.db.select().from(donations).orderBy(donations.id),
  });
  const settings = (overrides: Record<string, unknown> = {}) => ({ enabled: true, cause: 'Clean the Ciliwung', goalAmount: 20_000_000, currency: 'IDR', ...overrides });
  const donation = (overrides: Record<string, unknown> = {}) => ({ amount: 5_000_000, currency: 'IDR', provider: 'sandbox', email: 'visitor@example.test', name: 'Citra', message: 'Semangat!', idempotencyKey: newKey(), ...overrides });
  const visitor = (method: 'GET' | 'POST', url: string, body?: unknown) => signedInject(t.app, { method, url, ...(body === undefined ? {} : { body }) });

  it('lets only the creator change the settings, and refuses bad ones with nothing written', async () => {
    const url = '/api/v2/campaigns/clean-rivers/donations';
    const before = await state();
    const anonymous = await signedInject(t.app, { method: 'PUT', url, body: settings() });
    expect(anonymous.statusCode).toBe(401);
    const other = await asAccount(t, budi, { method: 'PUT', url, body: settings() });
    expect(other.statusCode).toBe(403);
    expect(envelope(other).code).toBe('FORBIDDEN');
    expect((await asAccount(t, ana, { method: 'PUT', url: '/api/v2/campaigns/nothing-here/donations', body: settings() })).statusCode).toBe(404);
    for (const bad of [settings({ cause: '<b>Clean</b>' }), settings({ cause: 'ab' }), settings({ goalAmount: 0 }), settings({ goalAmount: 1.5 }), settings({ currency: 'EUR' }), settings({ goalAmount: 3_000_000_000 }), { ...settings(), extra: 1 }]) {
      const response = await asAccount(t, ana, { method: 'PUT', url, body: bad });
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await state()).toEqual(before);

    const saved = await asAccount(t, ana, { method: 'PUT', url, body: settings() });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(donationSummaryResponse.parse(saved.json()).data).toMatchObject({ enabled: true, cause: 'Clean the Ciliwung', goalAmount: 20_000_000, currency: 'IDR', minimum: 1_000_000, raised: 0, donors: 0 });
  });

  it('refuses a bad donation with 400 and writes nothing', async () => {
    const url = '/api/v2/campaigns/clean-rivers/donations';
    const before = await state();
    for (const bad of [
      donation({ amount: '5000000' }),
      donation({ amount: -100 }),
      donation({ amount: 1_000_000.5 }),
      donation({ amount: 999_999 }),
      donation({ currency: 'USD', amount: 500 }),
      donation({ currency: 'EUR' }),
      donation({ message: '<script>alert(1)</script>' }),
      donation({ name: 'a'.repeat(61) }),
      donation({ message: 'm'.repeat(281) }),
      donation({ email: 'not-an-email' }),
      donation({ idempotencyKey: 'short' }),
    ]) {
      const response = await visitor('POST', url, bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await state()).toEqual(before);
  });

  it('takes a visitor’s donation through the sandbox and back to the campaign, then shows it', async () => {
    const created = await visitor('POST', '/api/v2/campaigns/clean-rivers/donations', donation({ amount: 7_500_000 }));
    expect(created.statusCode, created.body).toBe(200);
    const { orderId, checkout } = donationCreatedResponse.parse(created.json()).data;
    expect(checkout).toEqual({ kind: 'redirect', url: expect.stringMatching(/^\/sandbox-pay\/sbx_/) });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ kind: 'donation', accountId: null, status: 'pending', amount: 7_500_000 });

    const paid = await t.app.inject({ method: 'POST', url: checkout!.kind === 'redirect' ? checkout!.url : '', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'outcome=paid' });
    expect(paid.statusCode, paid.body).toBe(303);
    expect(paid.headers.location).toBe('/donation-success/clean-rivers');

    const summary = donationSummaryResponse.parse((await visitor('GET', '/api/v2/campaigns/clean-rivers/donations')).json()).data;
    expect(summary).toMatchObject({ raised: 7_500_000, donors: 1 });
    const wall = donationWallResponse.parse((await visitor('GET', '/api/v2/campaigns/clean-rivers/donations/wall?page=1')).json()).data;
    expect(wall).toMatchObject({ page: 1, limit: 10, total: 1, items: [{ name: 'Citra', message: 'Semangat!', amount: 7_500_000, currency: 'IDR' }] });
  });

  it('lets only the creator see the full list and hide a donation from the wall', async () => {
    const list = await asAccount(t, budi, { method: 'GET', url: '/api/v2/campaigns/clean-rivers/donations/manage' });
    expect(list.statusCode).toBe(403);
    const own = managedDonationListResponse.parse((await asAccount(t, ana, { method: 'GET', url: '/api/v2/campaigns/clean-rivers/donations/manage' })).json()).data;
    const id = own.items[0]!.id;
    const url = `/api/v2/campaigns/clean-rivers/donations/${id}/visibility`;
    expect((await asAccount(t, budi, { method: 'PUT', url, body: { hidden: true } })).statusCode).toBe(403);
    expect((await asAccount(t, ana, { method: 'PUT', url: '/api/v2/campaigns/clean-rivers/donations/not-a-uuid/visibility', body: { hidden: true } })).statusCode).toBe(400);
    const hidden = await asAccount(t, ana, { method: 'PUT', url, body: { hidden: true } });
    expect(hidden.statusCode, hidden.body).toBe(200);
    const wall = donationWallResponse.parse((await visitor('GET', '/api/v2/campaigns/clean-rivers/donations/wall')).json()).data;
    expect(wall.items).toEqual([]);
    expect(donationSummaryResponse.parse((await visitor('GET', '/api/v2/campaigns/clean-rivers/donations')).json()).data.raised).toBe(7_500_000);
  });

  it('answers 404 for a campaign taken down, and takes no donation for it', async () => {
    // A campaign never read before (reads are cached for a moment, as the campaign page's are).
    const [owner] = await t.database.db.select().from(accounts).where(eq(accounts.email, 'ana@example.test'));
    await insertCampaign(t.database.db, owner!.id, { uri: 'taken-down' });
    expect((await asAccount(t, ana, { method: 'PUT', url: '/api/v2/campaigns/taken-down/donations', body: settings() })).statusCode).toBe(200);
    await t.database.db.update(campaigns).set({ hiddenAt: new Date() }).where(eq(campaigns.uri, 'taken-down'));
    const before = await state();
    expect((await visitor('GET', '/api/v2/campaigns/taken-down/donations')).statusCode).toBe(404);
    const refused = await visitor('POST', '/api/v2/campaigns/taken-down/donations', donation());
    expect(refused.statusCode).toBe(404);
    expect(await state()).toEqual(before);
  });
});
