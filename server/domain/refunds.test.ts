import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditPackById } from '../../contract/credits.ts';
import { ledgerEntries, staffActions } from '../infra/db/schema.ts';
import type { PaymentProviders } from '../infra/payments/paymentProviders.ts';
import { createSandboxProvider, sandboxWebhookSecret, type SandboxWebhook } from '../infra/payments/sandboxProvider.ts';
import { insertCreator } from '../testing/fixtures.ts';
import { buyPlan, payOrder, testSeller } from '../testing/paidOrder.ts';
import { createTestDatabase, drivers, type TestDatabase } from '../testing/testApp.ts';
import { creditBalance, creditsOf } from './credits.ts';
import { lockBalances, postEntry } from './ledger.ts';
import { orderLedgerEntries } from './orderLedger.ts';
import { applyPaymentEvent, openOrder } from './orders.ts';
import { refundOrder } from './refunds.ts';

describe.each(drivers)('refunds through the provider (%s)', (driver) => {
  let database: TestDatabase;
  let buyer: { id: string; email: string; name: string };
  let staff: { id: string; email: string };
  const sandbox = createSandboxProvider({ secret: sandboxWebhookSecret(new TextEncoder().encode('refund-test-secret-0123456789abcdef')) });
  const providers: PaymentProviders = new Map([['sandbox', sandbox]]);
  const delivered: SandboxWebhook[] = [];
  let keys = 0;
  const deps = () => ({ db: database.db, providers, payments: testSeller });
  const refund = (orderId: string, reason = 'The buyer asked within 7 days') => refundOrder(deps(), staff, orderId, reason);
  /** The webhook path of POST /webhooks/sandbox: verify, then applyPaymentEvent. */
  const receive = async (webhook: SandboxWebhook) => {
    const event = await sandbox.parseWebhook(Buffer.from(webhook.body), webhook.headers);
    return applyPaymentEvent(database.db, 'sandbox', event!, testSeller);
  };

  async function paidCredits(): Promise<string> {
    const pack = creditPackById('credits_10')!;
    const item = { kind: 'credits' as const, itemId: pack.id, amount: pack.prices.IDR, currency: 'IDR' as const, catalogVersion: 1, description: 'Bingkai credits: 10', returnPath: '/credits', cancelPath: '/credits' };
    const { order } = await openOrder({ db: database.db, providers, payments: { orderTtlMinutes: 30 } }, { accountId: buyer.id, email: buyer.email, name: buyer.name }, item, 'sandbox', `refund-test-key-${++keys}`, 'https://bingkai.test');
    return (await payOrder(database.db, order)).id;
  }
  const entriesOf = async (orderId: string) => (await orderLedgerEntries(database.db, orderId)).map((entry) => [entry.entry, entry.amount]);
  const auditOf = (orderId: string) => database.db.select().from(staffActions).where(and(eq(staffActions.targetType, 'order'), eq(staffActions.targetId, orderId)));

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    buyer = await insertCreator(database.db, 'buyer');
    staff = await insertCreator(database.db, 'staffer');
    sandbox.deliverWebhooksWith(async (webhook) => {
      delivered.push(webhook);
      await receive(webhook);
    });
  });
  afterAll(() => database.dispose());

  it('refuses an order that is not paid, writing nothing and never calling the provider', async () => {
    const { order } = await openOrder({ db: database.db, providers, payments: { orderTtlMinutes: 30 } }, { accountId: buyer.id, email: buyer.email, name: buyer.name }, { kind: 'credits', itemId: 'credits_10', amount: 1_500_000, currency: 'IDR', catalogVersion: 1, description: 'x', returnPath: '/credits', cancelPath: '/credits' }, 'sandbox', `refund-test-key-${++keys}`, 'https://bingkai.test');
    const sent = delivered.length;
    await expect(refund(order.id)).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('pending') });
    await expect(refund('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(delivered.length).toBe(sent);
    expect(await entriesOf(order.id)).toEqual([['created', 1_500_000]]);
    expect(await auditOf(order.id)).toEqual([]);
  });

  it('refuses when the fulfilment cannot take back what it gave (credits spent): the provider is never called', async () => {
    const orderId = await paidCredits();
    await database.db.transaction(async (tx) => {
      await lockBalances(tx, buyer.id);
      await postEntry(tx, { ...creditsOf(buyer.id), amount: -5, kind: 'spend', ref: `spend-${orderId}` });
    });
    const sent = delivered.length;
    const balance = await creditBalance(database.db, buyer.id);
    await expect(refund(orderId)).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    expect(delivered.length).toBe(sent);
    expect(sandbox.refunds.has(orderId)).toBe(false);
    expect(await creditBalance(database.db, buyer.id)).toBe(balance);
    expect((await entriesOf(orderId)).map(([entry]) => entry)).toEqual(['created', 'paid']);
    expect(await auditOf(orderId)).toEqual([]);
  });

  it("completes on the provider's webhook: the order is refunded and the fulfilment's refunded runs once", async () => {
    // Nothing of this pack is spent: the balance covers taking it back.
    const orderId = await paidCredits();
    const before = await creditBalance(database.db, buyer.id);
    const refunded = await refund(orderId);
    expect(refunded.status).toBe('refunded');
    expect(await creditBalance(database.db, buyer.id)).toBe(before - 10);
    expect(await entriesOf(orderId)).toEqual([['created', 1_500_000], ['paid', 1_500_000], ['refund_requested', 0], ['refunded', -1_500_000]]);
    expect(await auditOf(orderId)).toEqual([expect.objectContaining({ action: 'refund', reason: 'The buyer asked within 7 days', staffEmail: staff.email })]);
    // The same webhook again, and a second ask: nothing more is taken back.
    expect((await receive(delivered.at(-1)!)).outcome).toBe('duplicate');
    await expect(refund(orderId)).rejects.toMatchObject({ code: 'CONFLICT' });
    const revokes = await database.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.orderId, orderId), eq(ledgerEntries.kind, 'revoke')));
    expect(revokes.map((entry) => entry.amount)).toEqual([-10]);
  });

  it('refunds a plan order (the plan stays: its refunded takes nothing back)', async () => {
    const plan = await buyPlan(database.db, buyer.id);
    expect((await refund(plan.id)).status).toBe('refunded');
  });

  it('leaves the order paid with a refund_failed entry when the provider fails, so staff can ask again', async () => {
    const orderId = await paidCredits();
    sandbox.deliverWebhooksWith(async () => {
      throw new Error('the app refused the webhook');
    });
    try {
      await expect(refund(orderId)).rejects.toMatchObject({ code: 'PAYMENT_PROVIDER_FAILED' });
    } finally {
      sandbox.deliverWebhooksWith(async (webhook) => {
        delivered.push(webhook);
        await receive(webhook);
      });
    }
    expect((await entriesOf(orderId)).map(([entry]) => entry)).toEqual(['created', 'paid', 'refund_requested', 'refund_failed']);
    expect((await refund(orderId)).status).toBe('refunded');
  });
});
