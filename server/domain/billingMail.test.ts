import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accounts } from '../infra/db/schema.ts';
import { createMailer, type Mailer } from '../infra/mail/mailer.ts';
import { freePort, startSmtp, type TestSmtp } from '../testing/accountApp.ts';
import { insertCreator } from '../testing/fixtures.ts';
import { buyPlan, insertOrder } from '../testing/paidOrder.ts';
import { createTestDatabase, drivers, type TestDatabase } from '../testing/testApp.ts';
import { mailPaymentFailed, mailReceipt, renewalPath, type BillingMailDeps } from './billingMail.ts';
import { formatInvoiceNumber } from './invoices.ts';

const silent = pino({ level: 'silent' });

describe.each(drivers)('billing mails (%s)', (driver) => {
  let database: TestDatabase;
  let smtp: TestSmtp;
  let mailer: Mailer;
  let deps: BillingMailDeps;
  let ana: string;
  let budi: string;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    smtp = await startSmtp();
    mailer = createMailer({ smtpUrl: smtp.url, from: 'Bingkai <no-reply@bingkai.test>', dataDir: '/nonexistent', log: silent });
    deps = { db: database.db, mailer, publicUrl: 'https://bingkai.test/', log: { error: vi.fn() } };
    ana = (await insertCreator(database.db, 'ana')).id;
    budi = (await insertCreator(database.db, 'budi')).id;
    await database.db.update(accounts).set({ locale: 'id' }).where(eq(accounts.id, budi));
  });
  afterAll(async () => {
    mailer?.close();
    await smtp?.close();
    await database?.dispose();
  });

  it('sends the receipt of a paid order: plan, total paid, invoice number and the invoice link', async () => {
    const order = await buyPlan(database.db, ana, { tier: 'supporter', period: 'monthly', currency: 'USD' });
    await mailReceipt(deps, order.id);
    const mail = await smtp.waitFor((m) => m.to === 'ana@example.test' && m.kind === 'BILLING_RECEIPT');
    const text = mail.parsed.text ?? '';
    expect(mail.parsed.subject).toMatch(/^Your Bingkai receipt BK-\d{6}$/);
    const number = mail.parsed.subject!.split(' ').at(-1)!;
    expect(text).toContain('Hi Name of ana,');
    // $2.99 plus the test seller's 11 % tax.
    expect(text).toContain('payment of $3.32 for the Supporter (monthly) plan');
    expect(text).toContain(`Your invoice number is ${number}.`);
    expect(text).toContain(`https://bingkai.test/invoice/${order.id}`);
    expect(mail.parsed.html).toContain(`href="https://bingkai.test/invoice/${order.id}"`);
  });

  it('writes in the account’s language, with rupiah', async () => {
    const order = await buyPlan(database.db, budi, { tier: 'creator', period: 'yearly', currency: 'IDR' });
    await mailReceipt(deps, order.id);
    const mail = await smtp.waitFor((m) => m.to === 'budi@example.test' && m.kind === 'BILLING_RECEIPT');
    expect(mail.parsed.subject).toMatch(/^Tanda terima Bingkai Anda BK-\d{6}$/);
    // Rp 1.490.000 plus 11 %: Rp 1.653.900.
    expect(mail.parsed.text?.replace(/\u00a0/g, ' ')).toContain('sebesar Rp 1.653.900 untuk paket Kreator (tahunan)');
  });

  it('sends the payment-failed mail with the link to try again', async () => {
    const order = await insertOrder(database.db, ana, { tier: 'creator', period: 'monthly', currency: 'USD' });
    await mailPaymentFailed(deps, order.id);
    const mail = await smtp.waitFor((m) => m.to === 'ana@example.test' && m.kind === 'BILLING_PAYMENT_FAILED');
    expect(mail.parsed.subject).toBe('Your payment for Bingkai did not go through');
    expect(mail.parsed.text).toContain('payment of $9.99 for the Creator (monthly) plan');
    expect(mail.parsed.text).toContain(`Try again: https://bingkai.test/checkout/failed/${order.id}`);
  });

  it('never throws: an unknown order or an unreachable mail server is logged', async () => {
    const log = { error: vi.fn() };
    await expect(mailReceipt({ ...deps, log }, randomUUID())).resolves.toBe(false);
    await expect(mailPaymentFailed({ ...deps, log }, randomUUID())).resolves.toBe(false);
    expect(log.error).toHaveBeenCalledTimes(2);

    const down = createMailer({ smtpUrl: `smtp://127.0.0.1:${await freePort()}`, from: 'Bingkai <no-reply@bingkai.test>', dataDir: '/nonexistent', log: silent });
    try {
      const order = await insertOrder(database.db, ana);
      await expect(mailPaymentFailed({ ...deps, mailer: down, log }, order.id)).resolves.toBe(false);
      expect(log.error).toHaveBeenCalledTimes(3);
      expect(log.error.mock.calls[2]![1]).toBe('BILLING_PAYMENT_FAILED mail failed');
    } finally {
      down.close();
    }
  });

  it('links renewals to the checkout of the same plan and currency', () => {
    expect(renewalPath('creator', 'yearly', 'IDR')).toBe('/checkout?plan=creator&period=yearly&currency=IDR');
    expect(formatInvoiceNumber(12)).toBe('BK-000012');
  });
});
