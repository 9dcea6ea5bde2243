import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accounts, orders, subscriptions } from '../infra/db/schema.ts';
import { createMailer, type Mailer } from '../infra/mail/mailer.ts';
import { freePort, startSmtp, type TestSmtp } from '../testing/accountApp.ts';
import { insertCreator } from '../testing/fixtures.ts';
import { buyPlan, insertOrder } from '../testing/paidOrder.ts';
import { createTestDatabase, drivers, type TestDatabase } from '../testing/testApp.ts';
import { cancelSubscription } from './billing.ts';
import { billingJob, runBillingJobs, type BillingJobOptions } from './billingJobs.ts';
import { orderLedgerEntries } from './orderLedger.ts';

const DAY = 24 * 60 * 60_000;
const silent = pino({ level: 'silent' });

describe.each(drivers)('billing jobs (%s)', (driver) => {
  let database: TestDatabase;
  let smtp: TestSmtp;
  let mailer: Mailer;
  const options: BillingJobOptions = { publicUrl: 'https://bingkai.test', renewalReminderDays: 3, log: { info: vi.fn(), warn: vi.fn(), error: vi.fn() } };
  const t0 = new Date('2026-11-01T10:00:00Z');
  const periodEnd = new Date('2026-12-01T10:00:00Z');

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    smtp = await startSmtp();
    mailer = createMailer({ smtpUrl: smtp.url, from: 'Bingkai <no-reply@bingkai.test>', dataDir: '/nonexistent', log: silent });
  });
  afterAll(async () => {
    mailer?.close();
    await smtp?.close();
    await database?.dispose();
  });

  const run = (now: Date, over: Partial<BillingJobOptions> & { mailer?: Mailer } = {}) => runBillingJobs(database.db, over.mailer ?? mailer, { ...options, ...over, now });
  const subscriptionOf = async (accountId: string) => (await database.db.select().from(subscriptions).where(eq(subscriptions.accountId, accountId)))[0]!;
  const accountOf = async (accountId: string) => (await database.db.select().from(accounts).where(eq(accounts.id, accountId)))[0]!;
  const mailsOf = (kind: string, to: string) => smtp.mails.filter((m) => m.kind === kind && m.to === to);

  it('expires pending orders past their payment window through the ledger, and only those', async () => {
    const ana = (await insertCreator(database.db, 'ana')).id;
    const stale = await insertOrder(database.db, ana, { createdAt: t0, expiresAt: new Date(t0.getTime() + 60_000) });
    const fresh = await insertOrder(database.db, ana, { createdAt: t0, expiresAt: new Date(t0.getTime() + DAY) });
    const result = await run(new Date(t0.getTime() + 2 * 60_000));
    expect(result).toEqual({ expiredOrders: 1, reminded: 0, ended: 0 });
    const statusOf = async (id: string) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!.status;
    expect([await statusOf(stale.id), await statusOf(fresh.id)]).toEqual(['expired', 'pending']);
    expect((await orderLedgerEntries(database.db, stale.id)).map((entry) => entry.entry)).toEqual(['created', 'expired']);
    // Nothing more to do the second time.
    expect((await run(new Date(t0.getTime() + 2 * 60_000))).expiredOrders).toBe(0);
  });

  it('reminds once per period within the window, again after a renewal, never when cancelled', async () => {
    const budi = (await insertCreator(database.db, 'budi')).id;
    const cita = (await insertCreator(database.db, 'cita')).id;
    await buyPlan(database.db, budi, { tier: 'supporter', period: 'monthly', currency: 'USD', at: t0 });
    await buyPlan(database.db, cita, { tier: 'creator', period: 'monthly', currency: 'USD', at: t0 });
    await cancelSubscription(database.db, cita, t0);

    // Four days before the end: outside the three-day window.
    expect((await run(new Date(periodEnd.getTime() - 4 * DAY))).reminded).toBe(0);
    const inWindow = new Date(periodEnd.getTime() - 2 * DAY);
    expect((await run(inWindow)).reminded).toBe(1);
    expect((await subscriptionOf(budi)).reminderSentAt).toEqual(inWindow);
    const mail = await smtp.waitFor((m) => m.to === 'budi@example.test' && m.kind === 'BILLING_RENEWAL_REMINDER');
    expect(mail.parsed.subject).toBe('Your Supporter (monthly) plan ends on December 1, 2026');
    expect(mail.parsed.text).toContain('pay for the next period ($2.99)');
    expect(mail.parsed.text).toContain('https://bingkai.test/checkout?plan=supporter&period=monthly&currency=USD');
    // Once per period.
    expect((await run(new Date(inWindow.getTime() + 60_000))).reminded).toBe(0);
    expect(mailsOf('BILLING_RENEWAL_REMINDER', 'budi@example.test')).toHaveLength(1);
    expect(mailsOf('BILLING_RENEWAL_REMINDER', 'cita@example.test')).toHaveLength(0);

    // Paying the next period extends it; its own reminder comes near the new end.
    await buyPlan(database.db, budi, { tier: 'supporter', period: 'monthly', currency: 'USD', at: inWindow });
    expect((await subscriptionOf(budi)).currentPeriodEnd).toEqual(new Date('2027-01-01T10:00:00Z'));
    expect((await run(new Date(inWindow.getTime() + 120_000))).reminded).toBe(0);
    expect((await run(new Date(Date.parse('2027-01-01T10:00:00Z') - DAY))).reminded).toBe(1);
  });

  it('takes the reminder stamp back when the mail cannot be sent, so the next pass tries again', async () => {
    const dewi = (await insertCreator(database.db, 'dewi')).id;
    const start = new Date('2027-03-01T00:00:00Z');
    await buyPlan(database.db, dewi, { at: start });
    const down = createMailer({ smtpUrl: `smtp://127.0.0.1:${await freePort()}`, from: 'Bingkai <no-reply@bingkai.test>', dataDir: '/nonexistent', log: silent });
    const soon = new Date('2027-03-30T00:00:00Z');
    try {
      expect((await run(soon, { mailer: down })).reminded).toBe(0);
    } finally {
      down.close();
    }
    expect((await subscriptionOf(dewi)).reminderSentAt).toBeNull();
    expect((await run(soon)).reminded).toBe(1);
    await smtp.waitFor((m) => m.to === 'dewi@example.test' && m.kind === 'BILLING_RENEWAL_REMINDER');
  });

  it('ends lapsed plans (the account back on the free plan, in one go) and mails it; natively renewed ones are left alone', async () => {
    const eka = (await insertCreator(database.db, 'eka')).id;
    const fajar = (await insertCreator(database.db, 'fajar')).id;
    const start = new Date('2027-05-01T00:00:00Z');
    // Plans of the tests before have lapsed by now.
    await run(start);
    await buyPlan(database.db, eka, { tier: 'creator', period: 'monthly', at: start });
    await buyPlan(database.db, fajar, { tier: 'creator', period: 'monthly', at: start });
    await database.db.update(subscriptions).set({ providerSubscriptionId: 'sub_native' }).where(eq(subscriptions.accountId, fajar));
    expect((await accountOf(eka)).subscription).toEqual({ plan: 'diamond_monthly' });

    const lastMoment = new Date('2027-06-01T00:00:00Z').getTime() - 1;
    expect((await run(new Date(lastMoment))).ended).toBe(0);
    const after = new Date(lastMoment + 2);
    expect((await run(after)).ended).toBe(1);
    expect(await subscriptionOf(eka)).toMatchObject({ state: 'ended', planId: 'diamond_monthly', updatedAt: after });
    expect((await accountOf(eka)).subscription).toBeNull();
    expect(await subscriptionOf(fajar)).toMatchObject({ state: 'active' });
    expect((await accountOf(fajar)).subscription).toEqual({ plan: 'diamond_monthly' });
    const mail = await smtp.waitFor((m) => m.to === 'eka@example.test' && m.kind === 'BILLING_PLAN_ENDED');
    expect(mail.parsed.subject).toBe('Your Creator (monthly) plan has ended');
    expect(mail.parsed.text).toContain('Nothing was deleted');
    expect(mail.parsed.text).toContain('https://bingkai.test/pricing');
    expect((await run(new Date(lastMoment + 3))).ended).toBe(0);
  });

  it('runs one pass at a time across instances (advisory lock), and as a job that logs what it did', async () => {
    if (driver === 'postgres') {
      // Another connection holds the lock: this pass skips.
      const holder = database.db.transaction(async (tx) => {
        await runBillingJobs(tx, mailer, { ...options, now: t0 });
        expect(await runBillingJobs(database.db, mailer, { ...options, now: t0 })).toMatchObject({ skipped: true, expiredOrders: 0 });
      });
      await holder;
    }
    const gus = (await insertCreator(database.db, 'gus')).id;
    const stale = await insertOrder(database.db, gus, { createdAt: t0, expiresAt: new Date(t0.getTime() + 1) });
    const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    await billingJob(database.db, mailer, { ...options, log, now: () => new Date(t0.getTime() + DAY) })();
    expect((await database.db.select().from(orders).where(eq(orders.id, stale.id)))[0]!.status).toBe('expired');
    expect(log.warn).not.toHaveBeenCalled();
    expect(log.info).toHaveBeenCalledWith(expect.objectContaining({ expiredOrders: 1 }), 'billing jobs ran');
  });
});
