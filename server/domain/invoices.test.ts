/**
 * Invoices: the number format, tax rounding, gapless numbering on a real database (one issuer at a time, even
 * concurrent), the seller and buyer snapshots, one invoice per order, and the owner-only view.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentsConfig } from '../config.ts';
import { DomainError } from '../domainError.ts';
import { invoices } from '../infra/db/schema.ts';
import { insertCreator } from '../testing/fixtures.ts';
import { insertOrder } from '../testing/paidOrder.ts';
import { createTestDatabase, drivers, type TestDatabase } from '../testing/testApp.ts';
import { formatInvoiceNumber, invoiceView, issueInvoice, planDescription, taxOf } from './invoices.ts';
import { fulfilmentOf } from './orderFulfilment.ts';

const payments: Pick<PaymentsConfig, 'seller' | 'taxRateBps'> = {
  seller: { name: 'PT Bingkai Test', address: 'Jl. Contoh 1, Jakarta', email: '', taxId: '01.234.567.8-901.000' },
  taxRateBps: 1100,
};

describe('invoice texts and sums', () => {
  it('formats numbers with at least six digits', () => {
    expect(formatInvoiceNumber(12)).toBe('BK-000012');
    expect(formatInvoiceNumber(1)).toBe('BK-000001');
    expect(formatInvoiceNumber(1_234_567)).toBe('BK-1234567');
  });

  it('rounds tax half up in minor units', () => {
    expect(taxOf(299, 1100)).toBe(33); // 32.89
    expect(taxOf(50, 1000)).toBe(5);
    expect(taxOf(5, 1000)).toBe(1); // 0.5 → 1
    expect(taxOf(4, 1000)).toBe(0); // 0.4 → 0
    expect(taxOf(4_900_000, 1100)).toBe(539_000);
    expect(taxOf(149_000_000, 1100)).toBe(16_390_000);
    expect(taxOf(999, 0)).toBe(0);
  });

  it('describes a plan', () => {
    expect(planDescription({ tier: 'supporter', period: 'monthly' })).toBe('Bingkai Supporter — monthly');
    expect(planDescription({ tier: 'creator', period: 'yearly' })).toBe('Bingkai Creator — yearly');
  });
});

describe.each(drivers)('issueInvoice and invoiceView (%s)', (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(async () => database?.dispose());

  const issue = (order: Awaited<ReturnType<typeof insertOrder>>, buyer = { name: 'Ana', email: 'ana@example.test' }) =>
    database.db.transaction(async (tx) => issueInvoice(tx, order, await fulfilmentOf(order.kind).describe(tx, order), buyer, payments, new Date('2026-05-01T00:00:00Z')));

  it('numbers invoices without gaps, snapshots the parties, adds the tax and keeps one invoice per order', async () => {
    const ana = await insertCreator(database.db, 'ana');
    const first = await insertOrder(database.db, ana.id, { tier: 'supporter', period: 'monthly', currency: 'USD' });
    const invoice = await issue(first);
    expect(invoice).toMatchObject({
      number: 1,
      currency: 'USD',
      subtotal: 299,
      taxRateBps: 1100,
      tax: 33,
      total: 332,
      seller: { name: 'PT Bingkai Test', address: 'Jl. Contoh 1, Jakarta', taxId: '01.234.567.8-901.000' },
      buyer: { name: 'Ana', email: 'ana@example.test' },
      lines: [{ description: 'Bingkai Supporter — monthly', planId: 'premiumn_monthly', quantity: 1, unitAmount: 299, amount: 299 }],
    });
    // An empty seller field is left out, not printed empty.
    expect(invoice.seller).not.toHaveProperty('email');
    expect((await issue(first)).id).toBe(invoice.id);

    // Issued at once from separate transactions: still 2, 3, 4 with no gap and no duplicate.
    const more = await Promise.all([0, 1, 2].map(() => insertOrder(database.db, ana.id, { tier: 'creator', period: 'yearly', currency: 'IDR' })));
    const issued = await Promise.all(more.map((order) => issue(order)));
    expect(issued.map((row) => row.number).sort()).toEqual([2, 3, 4]);
    expect(issued[0]).toMatchObject({ subtotal: 149_000_000, tax: 16_390_000, total: 165_390_000, currency: 'IDR' });
    expect((await database.db.select().from(invoices)).length).toBe(4);
  });

  it('shows an invoice to its owner only', async () => {
    const budi = await insertCreator(database.db, 'budi');
    const cita = await insertCreator(database.db, 'cita');
    const order = await insertOrder(database.db, budi.id, { tier: 'supporter', period: 'yearly', currency: 'USD', provider: 'stripe', isTest: false });
    const invoice = await issue(order, { name: budi.name, email: budi.email });
    const view = await invoiceView(database.db, budi.id, order.id);
    expect(view).toEqual({
      orderId: order.id,
      number: formatInvoiceNumber(invoice.number),
      issuedAt: new Date('2026-05-01T00:00:00Z').getTime(),
      seller: invoice.seller,
      buyer: { name: budi.name, email: budi.email },
      lines: invoice.lines,
      currency: 'USD',
      subtotal: 2_990,
      tax: 329,
      taxRateBps: 1100,
      total: 3_319,
      provider: 'stripe',
      isTest: false,
    });
    await expect(invoiceView(database.db, cita.id, order.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(invoiceView(database.db, budi.id, '00000000-0000-4000-8000-000000000000')).rejects.toBeInstanceOf(DomainError);
  });
});
