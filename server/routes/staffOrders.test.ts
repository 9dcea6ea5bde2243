import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderResponse } from '../../contract/order.ts';
import { staffOrderListResponse, staffOrderResponse } from '../../contract/staffOrders.ts';
import { staffActions } from '../infra/db/schema.ts';
import { setStaffRole } from '../domain/staff.ts';
import { asAccount, createSocialTestApp, passwordAccount } from '../testing/socialApp.ts';
import { drivers, signedInject, type TestApp } from '../testing/testApp.ts';

const reason = 'Charged twice by mistake';

describe.each(drivers)('staff orders and refunds (%s)', (driver) => {
  let t: TestApp;
  let close: () => Promise<void>;
  let staff: string;
  let buyer: string;
  let keys = 0;
  beforeAll(async () => {
    ({ t, close } = await createSocialTestApp(driver));
    staff = (await passwordAccount(t, { username: 'kasir', email: 'kasir@example.test' }))!;
    await setStaffRole(t.database.db, 'kasir@example.test', true);
    buyer = (await passwordAccount(t, { username: 'pembeli', email: 'pembeli@example.test' }))!;
  });
  afterAll(() => close());

  const asStaff = (request: Parameters<typeof asAccount>[2]) => asAccount(t, staff, request);
  /** A plan order bought and paid on the sandbox's own page, as a buyer does it. */
  async function paidOrder(): Promise<{ id: string; providerRef: string }> {
    const created = await asAccount(t, buyer, { method: 'POST', url: '/api/v2/orders', body: { tier: 'supporter', period: 'monthly', currency: 'IDR', provider: 'sandbox', idempotencyKey: `staff-orders-key-${++keys}-padding`, acceptTerms: true } });
    expect(created.statusCode, created.body).toBe(200);
    const order = orderResponse.parse(created.json()).data;
    const page = order.checkout?.kind === 'redirect' ? order.checkout.url : '';
    const paid = await t.app.inject({ method: 'POST', url: page, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'outcome=paid' });
    expect(paid.statusCode).toBe(303);
    return { id: order.id, providerRef: decodeURIComponent(page.split('/').at(-1)!) };
  }

  it('answers 404 to visitors and to accounts that are not staff, even with bad input', async () => {
    const order = await paidOrder();
    for (const request of [
      { method: 'GET' as const, url: '/api/v2/staff/orders?q=pembeli@example.test' },
      { method: 'GET' as const, url: '/api/v2/staff/orders' },
      { method: 'POST' as const, url: `/api/v2/staff/orders/${order.id}/refund`, body: { reason } },
      { method: 'POST' as const, url: '/api/v2/staff/orders/not-a-uuid/refund', body: {} },
    ]) {
      expect((await signedInject(t.app, request)).statusCode).toBe(404);
      expect((await asAccount(t, buyer, request)).statusCode).toBe(404);
    }
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const order = await paidOrder();
    expect((await asStaff({ method: 'GET', url: '/api/v2/staff/orders' })).statusCode).toBe(400);
    expect((await asStaff({ method: 'GET', url: '/api/v2/staff/orders?q=%20' })).statusCode).toBe(400);
    expect((await asStaff({ method: 'POST', url: '/api/v2/staff/orders/not-a-uuid/refund', body: { reason } })).statusCode).toBe(400);
    expect((await asStaff({ method: 'POST', url: `/api/v2/staff/orders/${order.id}/refund`, body: { reason: 'x' } })).statusCode).toBe(400);
    expect((await asStaff({ method: 'POST', url: `/api/v2/staff/orders/${order.id}/refund`, body: {} })).statusCode).toBe(400);
    const found = staffOrderListResponse.parse((await asStaff({ method: 'GET', url: `/api/v2/staff/orders?q=${order.id}` })).json()).data;
    expect(found.items.map((item) => item.status)).toEqual(['paid']);
  });

  it('finds orders by id, buyer email or provider reference, newest first, with their ledger; refunds one through the sandbox', async () => {
    const first = await paidOrder();
    const second = await paidOrder();
    const byEmail = staffOrderListResponse.parse((await asStaff({ method: 'GET', url: '/api/v2/staff/orders?q=PEMBELI@example.test&limit=2' })).json()).data;
    expect(byEmail.items.map((item) => item.id)).toEqual([second.id, first.id]);
    expect(byEmail.total).toBeGreaterThanOrEqual(2);
    expect(byEmail.items[0]).toMatchObject({ kind: 'plan', item: 'premiumn_monthly', amount: 4_900_000, currency: 'IDR', provider: 'sandbox', status: 'paid', isTest: true, buyerEmail: 'pembeli@example.test' });
    expect(byEmail.items[0]!.ledger.map((entry) => entry.entry)).toEqual(['created', 'paid']);
    const byRef = staffOrderListResponse.parse((await asStaff({ method: 'GET', url: `/api/v2/staff/orders?q=${first.providerRef}` })).json()).data;
    expect(byRef.items.map((item) => item.id)).toEqual([first.id]);
    expect(staffOrderListResponse.parse((await asStaff({ method: 'GET', url: '/api/v2/staff/orders?q=nobody@example.test' })).json()).data.items).toEqual([]);

    const refunded = await asStaff({ method: 'POST', url: `/api/v2/staff/orders/${first.id}/refund`, body: { reason } });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const view = staffOrderResponse.parse(refunded.json()).data;
    expect(view.status).toBe('refunded');
    expect(view.ledger.map((entry) => [entry.entry, entry.amount])).toEqual([['created', 4_900_000], ['paid', 4_900_000], ['refund_requested', 0], ['refunded', -4_900_000]]);
    const audit = await t.database.db.select().from(staffActions).where(eq(staffActions.targetId, first.id));
    expect(audit).toEqual([expect.objectContaining({ action: 'refund', targetType: 'order', reason })]);
    // Refunded already: refused, nothing more written.
    const again = await asStaff({ method: 'POST', url: `/api/v2/staff/orders/${first.id}/refund`, body: { reason } });
    expect(again.statusCode).toBe(409);
    expect(await t.database.db.select().from(staffActions).where(eq(staffActions.targetId, first.id))).toHaveLength(1);
    expect((await asStaff({ method: 'POST', url: '/api/v2/staff/orders/00000000-0000-4000-8000-000000000000/refund', body: { reason } })).statusCode).toBe(404);
  });
});
