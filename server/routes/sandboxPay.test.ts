/**
 * The sandbox provider end to end through the routes: POST /orders → the hosted page → an outcome → the signed
 * webhook it sends → the order, its ledger, the plan, the ID token and the invoice. And the page itself: plain
 * HTML marked as a test payment, with no script and no other host; 404 when the sandbox is off.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderResponse, type OrderView } from '../../contract/order.ts';
import { loadConfig } from '../config.ts';
import { orderLedgerEntries } from '../domain/orderLedger.ts';
import { accounts, invoices, subscriptions } from '../infra/db/schema.ts';
import { asAccount, claimsOf, passwordAccount, refreshAs } from '../testing/socialApp.ts';
import { createTestApp, drivers, type TestApp } from '../testing/testApp.ts';

let keys = 0;
const idempotencyKey = () => `sandbox-test-key-${String(++keys).padStart(4, '0')}`;

describe.each(drivers)('sandbox payments through the routes (%s)', (driver) => {
  let t: TestApp;
  let ana: string;
  let anaId: string;

  beforeAll(async () => {
    // No provider keys: the sandbox is on by default.
    t = await createTestApp(driver, { publicUrl: 'https://bingkai.test' });
    expect(t.config.payments.sandbox).toBe(true);
    ana = (await passwordAccount(t, { username: 'ana', email: 'ana@example.test' }))!;
    anaId = (await t.database.db.select().from(accounts).where(eq(accounts.email, 'ana@example.test')))[0]!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function order(body: Record<string, unknown> = {}): Promise<OrderView> {
    const response = await asAccount(t, ana, {
      method: 'POST',
      url: '/api/v2/orders',
      body: { tier: 'supporter', period: 'monthly', currency: 'IDR', provider: 'sandbox', idempotencyKey: idempotencyKey(), acceptTerms: true, ...body },
    });
    expect(response.statusCode, response.body).toBe(200);
    return orderResponse.parse(response.json()).data;
  }

  const pagePath = (view: OrderView) => {
    if (view.checkout?.kind !== 'redirect') throw new Error('no redirect checkout');
    return view.checkout.url;
  };

  const choose = (path: string, outcome: string) =>
    t.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `outcome=${outcome}` });

  const orderNow = async (id: string) => orderResponse.parse((await asAccount(t, ana, { method: 'GET', url: `/api/v2/orders/${id}` })).json()).data;

  it('shows a plain, test-marked page with the plan, the amount and three labelled outcomes', async () => {
    const view = await order();
    expect(pagePath(view)).toMatch(/^\/sandbox-pay\/sbx_[A-Za-z0-9_-]{32}$/);
    const page = await t.app.inject({ method: 'GET', url: pagePath(view), headers: { 'accept-language': 'en-US,en;q=0.8' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    const html = page.body;
    expect(html).toMatch(/<html lang="en">/);
    expect(html).toMatch(/<title>Sandbox payment<\/title>/);
    expect(html).toContain('TEST PAYMENT');
    expect(html).toContain('Supporter (monthly)');
    expect(html).toMatch(/IDR\s49,000/);
    for (const outcome of ['paid', 'failed', 'pending']) expect(html).toMatch(new RegExp(`<button type="submit" name="outcome" value="${outcome}">[^<]+</button>`));
    expect(html).toContain(`<form method="post" action="${pagePath(view)}"`);
    // CSP-clean: no script at all, nothing from another host.
    expect(html).not.toMatch(/<script|https?:\/\//i);
    expect(String(page.headers['content-security-policy'])).toContain("form-action 'self'");

    const indonesian = await t.app.inject({ method: 'GET', url: pagePath(view), headers: { 'accept-language': 'id-ID,id;q=0.9' } });
    expect(indonesian.body).toMatch(/<html lang="id">/);
    expect(indonesian.body).toContain('PEMBAYARAN UJI');
  });

  it('pays end to end: webhook, ledger, plan, ID token on refresh and invoice number 1 then 2', async () => {
    const view = await order();
    expect(view).toMatchObject({ status: 'pending', amount: 4_900_000, currency: 'IDR', planId: 'premiumn_monthly', isTest: true, invoiceNumber: null });
    const paid = await choose(pagePath(view), 'paid');
    expect(paid.statusCode, paid.body).toBe(303);
    expect(paid.headers.location).toBe(`/checkout/loading/${view.id}`);

    const after = await orderNow(view.id);
    expect(after).toMatchObject({ status: 'paid', checkout: null, invoiceNumber: 'BK-000001' });
    expect(after.paidAt).toEqual(expect.any(Number));
    expect((await orderLedgerEntries(t.database.db, view.id)).map((entry) => entry.entry)).toEqual(['created', 'paid']);
    const [subscription] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.accountId, anaId));
    expect(subscription).toMatchObject({ planId: 'premiumn_monthly', state: 'active', provider: 'sandbox', currency: 'IDR', lastOrderId: view.id, cancelAtPeriodEnd: false });
    const [account] = await t.database.db.select().from(accounts).where(eq(accounts.id, anaId));
    expect(account!.subscription).toEqual({ plan: 'premiumn_monthly' });

    // The token the browser holds says free; the next refresh carries the plan, without a sign-out.
    expect(claimsOf(ana).subscription).toBeNull();
    const refreshed = await refreshAs(t, ana);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    ana = (refreshed.json() as { data: { idToken: string } }).data.idToken;
    expect(claimsOf(ana).subscription).toEqual({ plan: 'premiumn_monthly' });

    // Paying the next period: the same tier extends the period, and the invoice numbers go on without a gap.
    const next = await order({ currency: 'USD' });
    expect((await choose(pagePath(next), 'paid')).statusCode).toBe(303);
    expect((await orderNow(next.id)).invoiceNumber).toBe('BK-000002');
    const [extended] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.accountId, anaId));
    expect(extended!.currentPeriodEnd.getTime()).toBeGreaterThan(subscription!.currentPeriodEnd.getTime());
    expect(extended!.currentPeriodStart).toEqual(subscription!.currentPeriodStart);
    expect((await t.database.db.select().from(invoices)).map((invoice) => invoice.number).sort()).toEqual([1, 2]);

    // The page of a paid order offers no outcome any more.
    const page = await t.app.inject({ method: 'GET', url: pagePath(view) });
    expect(page.body).not.toContain('<button');
    expect(page.body).toContain(`href="/checkout/loading/${view.id}"`);
  });

  it('fails a payment: the order is failed, nothing activated, no invoice', async () => {
    const view = await order({ tier: 'creator' });
    const failed = await choose(pagePath(view), 'failed');
    expect(failed.statusCode).toBe(303);
    expect(failed.headers.location).toBe(`/checkout/loading/${view.id}`);
    expect(await orderNow(view.id)).toMatchObject({ status: 'failed', invoiceNumber: null });
    expect((await orderLedgerEntries(t.database.db, view.id)).map((entry) => entry.entry)).toEqual(['created', 'failed']);
    expect((await t.database.db.select().from(invoices).where(eq(invoices.orderId, view.id))).length).toBe(0);
    const [account] = await t.database.db.select().from(accounts).where(eq(accounts.id, anaId));
    expect(account!.subscription).toEqual({ plan: 'premiumn_monthly' });
  });

  it('leaves a payment pending, then pays it', async () => {
    const view = await order({ period: 'yearly', currency: 'USD' });
    expect((await choose(pagePath(view), 'pending')).statusCode).toBe(303);
    expect(await orderNow(view.id)).toMatchObject({ status: 'pending' });
    expect((await orderLedgerEntries(t.database.db, view.id)).map((entry) => entry.entry)).toEqual(['created']);
    expect((await choose(pagePath(view), 'paid')).statusCode).toBe(303);
    expect(await orderNow(view.id)).toMatchObject({ status: 'paid', invoiceNumber: 'BK-000003' });
    expect((await orderLedgerEntries(t.database.db, view.id)).map((entry) => entry.entry)).toEqual(['created', 'paid']);
  });

  it('refuses an unknown payment and an outcome that is not one of the three, changing nothing', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/sandbox-pay/sbx_unknown' })).statusCode).toBe(404);
    expect((await choose('/sandbox-pay/sbx_unknown', 'paid')).statusCode).toBe(404);
    const view = await order();
    const bad = await choose(pagePath(view), 'refunded');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('<title>');
    expect(await orderNow(view.id)).toMatchObject({ status: 'pending' });
    expect((await orderLedgerEntries(t.database.db, view.id)).map((entry) => entry.entry)).toEqual(['created']);
  });
});

describe('the sandbox turned off', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await createTestApp('pglite', { payments: { ...loadConfig({}).payments, sandbox: false } });
  });
  afterAll(async () => off?.close());

  it('answers 404 on the page, its form and its webhook', async () => {
    expect((await off.app.inject({ method: 'GET', url: '/sandbox-pay/sbx_anything' })).statusCode).toBe(404);
    expect((await off.app.inject({ method: 'POST', url: '/sandbox-pay/sbx_anything', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'outcome=paid' })).statusCode).toBe(404);
    expect((await off.app.inject({ method: 'POST', url: '/webhooks/sandbox', headers: { 'content-type': 'application/json' }, payload: '{}' })).statusCode).toBe(404);
  });
});
