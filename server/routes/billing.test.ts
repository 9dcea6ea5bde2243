/**
 * The billing routes over HTTP (inject, signed like the client): the plan, cancel and resume, the payment history,
 * the invoice and its PDF (owner only), the billing test hook, and what a plan's end locks.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope } from '../../contract/errorEnvelope.ts';
import { invoiceResponse, orderListResponse, subscriptionResponse } from '../../contract/order.ts';
import { TEST_HOOKS_SECRET_HEADER } from '../../contract/routes.ts';
import { accounts, campaigns, subscriptions } from '../infra/db/schema.ts';
import { insertCampaign } from '../testing/fixtures.ts';
import { buyPlan, insertOrder } from '../testing/paidOrder.ts';
import { pdfText } from '../testing/pdfText.ts';
import { asAccount, passwordAccount } from '../testing/socialApp.ts';
import { createTestApp, drivers, signedInject, type TestApp } from '../testing/testApp.ts';
import { TEST_HOOKS_PREFIX } from './testHooks.ts';

const HOOK_SECRET = 'billing-test-hooks-secret';

describe.each(drivers)('billing routes (%s)', (driver) => {
  let t: TestApp;
  let ana: string;
  let budi: string;
  let anaId: string;

  beforeAll(async () => {
    t = await createTestApp(driver, { testHooks: true, testHooksSecret: HOOK_SECRET, payments: { ...(await import('../config.ts')).loadConfig({}).payments, billingJobMs: 0, taxRateBps: 1100 } });
    ana = (await passwordAccount(t, { username: 'ana', email: 'ana@example.test' }))!;
    budi = (await passwordAccount(t, { username: 'budi', email: 'budi@example.test' }))!;
    const idOf = async (email: string) => (await t.database.db.select().from(accounts).where(eq(accounts.email, email)))[0]!.id;
    anaId = await idOf('ana@example.test');
  });
  afterAll(async () => {
    await t?.close();
  });

  const envelope = (response: { json(): unknown }) => errorEnvelope.parse(response.json());
  const subscriptionRows = () => t.database.db.select().from(subscriptions).orderBy(subscriptions.accountId);
  const runJobs = (now: number) =>
    t.app.inject({ method: 'POST', url: `${TEST_HOOKS_PREFIX}/billing/run`, headers: { [TEST_HOOKS_SECRET_HEADER]: HOOK_SECRET, 'content-type': 'application/json' }, payload: JSON.stringify({ now }) });

  it('needs an account for every route: 401, nothing changed', async () => {
    const before = await subscriptionRows();
    const orderId = randomUUID();
    for (const request of [
      { method: 'GET', url: '/api/v2/account/subscription' },
      { method: 'POST', url: '/api/v2/account/subscription/cancel' },
      { method: 'POST', url: '/api/v2/account/subscription/resume' },
      { method: 'GET', url: '/api/v2/account/orders' },
      { method: 'GET', url: `/api/v2/invoices/${orderId}` },
      { method: 'GET', url: `/api/v2/invoices/${orderId}/pdf` },
    ] as const) {
      const response = await signedInject(t.app, request);
      expect([response.statusCode, envelope(response).code], `${request.method} ${request.url}`).toEqual([401, 'UNAUTHORIZED']);
    }
    expect(await subscriptionRows()).toEqual(before);
  });

  it('shows the plan, cancels at the period end and resumes; no plan → 409, nothing changed', async () => {
    const free = await asAccount(t, budi, { method: 'GET', url: '/api/v2/account/subscription' });
    expect(subscriptionResponse.parse(free.json()).data).toBeNull();
    const refused = await asAccount(t, budi, { method: 'POST', url: '/api/v2/account/subscription/cancel' });
    expect([refused.statusCode, envelope(refused).code]).toEqual([409, 'CONFLICT']);
    expect(await subscriptionRows()).toEqual([]);

    await buyPlan(t.database.db, anaId, { tier: 'creator', period: 'monthly', currency: 'USD' });
    const shown = subscriptionResponse.parse((await asAccount(t, ana, { method: 'GET', url: '/api/v2/account/subscription' })).json()).data;
    expect(shown).toMatchObject({ planId: 'diamond_monthly', tier: 'creator', state: 'active', cancelAtPeriodEnd: false });
    const cancelled = await asAccount(t, ana, { method: 'POST', url: '/api/v2/account/subscription/cancel' });
    expect(subscriptionResponse.parse(cancelled.json()).data).toEqual({ ...shown, cancelAtPeriodEnd: true });
    const resumed = await asAccount(t, ana, { method: 'POST', url: '/api/v2/account/subscription/resume' });
    expect(subscriptionResponse.parse(resumed.json()).data).toEqual(shown);
  });

  it('lists one’s own orders newest first, with invoice numbers; a bad page is a 400', async () => {
    await insertOrder(t.database.db, anaId, { createdAt: new Date(Date.now() + 1000) });
    const response = await asAccount(t, ana, { method: 'GET', url: '/api/v2/account/orders?page=1' });
    expect(response.headers['cache-control']).toBe('private, no-store');
    const list = orderListResponse.parse(response.json());
    expect(list.meta).toEqual({ page: 1, hasMore: false });
    expect(list.data.map((order) => order.status)).toEqual(['pending', 'paid']);
    expect(list.data[1]!.invoiceNumber).toMatch(/^BK-\d{6}$/);
    expect(orderListResponse.parse((await asAccount(t, budi, { method: 'GET', url: '/api/v2/account/orders' })).json()).data).toEqual([]);
    const bad = await asAccount(t, ana, { method: 'GET', url: '/api/v2/account/orders?page=0' });
    expect([bad.statusCode, envelope(bad).code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('shows the invoice and its PDF to the owner only; anyone else and unknown orders get 404', async () => {
    const list = orderListResponse.parse((await asAccount(t, ana, { method: 'GET', url: '/api/v2/account/orders' })).json());
    const paid = list.data.find((order) => order.status === 'paid')!;
    const invoice = invoiceResponse.parse((await asAccount(t, ana, { method: 'GET', url: `/api/v2/invoices/${paid.id}` })).json()).data;
    expect(invoice).toMatchObject({ orderId: paid.id, number: paid.invoiceNumber, currency: 'USD', subtotal: 999, taxRateBps: 1100, tax: 110, total: 1109, isTest: true });
    expect(invoice.buyer).toEqual({ name: 'ana', email: 'ana@example.test' });

    const pdf = await asAccount(t, ana, { method: 'GET', url: `/api/v2/invoices/${paid.id}/pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${invoice.number}.pdf"`);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain(`Invoice number: ${invoice.number}`);
    expect(text).toContain('$11.09');
    expect(text).toContain('TEST PAYMENT');

    const pending = list.data.find((order) => order.status === 'pending')!;
    for (const url of [`/api/v2/invoices/${paid.id}`, `/api/v2/invoices/${paid.id}/pdf`]) {
      const other = await asAccount(t, budi, { method: 'GET', url });
      expect([other.statusCode, envelope(other).code], url).toEqual([404, 'NOT_FOUND']);
    }
    for (const url of [`/api/v2/invoices/${pending.id}`, `/api/v2/invoices/${randomUUID()}/pdf`]) {
      expect((await asAccount(t, ana, { method: 'GET', url })).statusCode, url).toBe(404);
    }
    expect((await asAccount(t, ana, { method: 'GET', url: '/api/v2/invoices/not-a-uuid' })).statusCode).toBe(400);
  });

  it('ends the plan through the billing hook; the creator’s campaigns are kept and readable but locked for changes', async () => {
    const multi = await insertCampaign(t.database.db, anaId, { uri: 'ana-multi', visibility: 'unlisted', frames: 2 });
    const end = (await t.database.db.select().from(subscriptions).where(eq(subscriptions.accountId, anaId)))[0]!.currentPeriodEnd.getTime();

    const early = await runJobs(end - 60_000);
    // The pending order of the test before has expired by now; the plan is within its reminder window.
    expect(early.json()).toEqual({ data: { expiredOrders: 1, reminded: 1, ended: 0 } });
    const ran = await runJobs(end + 1);
    expect(ran.json()).toEqual({ data: { expiredOrders: 0, reminded: 0, ended: 1 } });
    expect(subscriptionResponse.parse((await asAccount(t, ana, { method: 'GET', url: '/api/v2/account/subscription' })).json()).data).toBeNull();
    expect((await t.database.db.select().from(accounts).where(eq(accounts.id, anaId)))[0]!.subscription).toBeNull();
    const noHook = await t.app.inject({ method: 'POST', url: `${TEST_HOOKS_PREFIX}/billing/run`, headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(noHook.statusCode).toBe(401);

    const before = await t.database.db.select().from(campaigns).orderBy(campaigns.uri);
    const edit = await asAccount(t, ana, { method: 'PATCH', url: '/api/v2/campaigns/ana-multi', body: { title: 'A new title' } });
    expect([edit.statusCode, envelope(edit).code]).toEqual([403, 'PLAN_REQUIRED']);
    expect(envelope(edit).message).toContain('creator plan');
    const publicOnly = await asAccount(t, ana, { method: 'PATCH', url: '/api/v2/campaigns/ana-multi', body: { visibility: 'public' } });
    expect([publicOnly.statusCode, envelope(publicOnly).code]).toEqual([403, 'PLAN_REQUIRED']);
    expect(await t.database.db.select().from(campaigns).orderBy(campaigns.uri)).toEqual(before);

    // Reading and supporting still work.
    const read = await signedInject(t.app, { method: 'GET', url: '/api/v2/campaigns/ana-multi' });
    expect(read.statusCode).toBe(200);
    expect((read.json() as { data: { frames: unknown[] } }).data.frames).toHaveLength(2);
    expect((await signedInject(t.app, { method: 'POST', url: '/api/v2/campaigns/ana-multi/supports', body: {}, fingerprint: 'fp-supporter' })).statusCode).toBe(200);
    expect((await t.database.db.select().from(campaigns).where(eq(campaigns.id, multi.id)))[0]!.visibility).toBe('unlisted');

  });
});
