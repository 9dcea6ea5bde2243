import { describe, expect, it } from 'vitest';
import type { InvoiceView } from '../../contract/order.ts';
import { pdfText } from '../testing/pdfText.ts';
import { formatInvoiceAmount, formatInvoiceDate, formatTaxRate, invoicePdfFileName, renderInvoicePdf } from './invoicePdf.ts';

const invoice: InvoiceView = {
  orderId: '00000000-0000-4000-8000-000000000001',
  number: 'BK-000012',
  issuedAt: Date.UTC(2026, 10, 27, 9, 30),
  seller: { name: 'Bingkai Test Seller', address: 'Jl. Sudirman 1, Jakarta', email: 'billing@bingkai.test', taxId: '01.234.567.8-901.000' },
  buyer: { name: 'Ana Wijaya', email: 'ana@example.test' },
  lines: [{ description: 'Bingkai Supporter — monthly', planId: 'premiumn_monthly', quantity: 1, unitAmount: 299, amount: 299 }],
  currency: 'USD',
  subtotal: 299,
  tax: 33,
  taxRateBps: 1100,
  total: 332,
  provider: 'sandbox',
  isTest: true,
};

describe('invoice PDF', () => {
  it('is a PDF with the seller, buyer, number, date, line, subtotal, tax with its rate, total and the test mark', async () => {
    const pdf = await renderInvoicePdf(invoice, { locale: 'en', compress: false });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    for (const expected of [
      'Invoice',
      'Invoice number: BK-000012',
      'Date: November 27, 2026',
      'Currency: USD',
      'TEST PAYMENT - no money was taken',
      'Bingkai Test Seller',
      'Jl. Sudirman 1, Jakarta',
      'Tax ID: 01.234.567.8-901.000',
      'Ana Wijaya',
      'ana@example.test',
      'Bingkai Supporter — monthly',
      'Subtotal',
      '$2.99',
      'Tax (11%)',
      '$0.33',
      'Total',
      '$3.32',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it('marks nothing as a test for a real payment and leaves the tax line out when no tax is configured', async () => {
    const text = pdfText(await renderInvoicePdf({ ...invoice, isTest: false, tax: 0, taxRateBps: 0, total: 299 }, { locale: 'en', compress: false }));
    expect(text).not.toContain('TEST PAYMENT');
    expect(text).not.toContain('Tax (');
    expect(text).toContain('$2.99');
  });

  it('writes Indonesian labels, rupiah without decimals and the Indonesian date', async () => {
    const rupiah: InvoiceView = { ...invoice, currency: 'IDR', lines: [{ ...invoice.lines[0]!, unitAmount: 4_900_000, amount: 4_900_000 }], subtotal: 4_900_000, tax: 539_000, total: 5_439_000 };
    const text = pdfText(await renderInvoicePdf(rupiah, { locale: 'id', compress: false }));
    expect(text).toContain('Faktur');
    expect(text).toContain('Nomor faktur: BK-000012');
    expect(text).toContain('Tanggal: 27 November 2026');
    expect(text).toContain('Rp 54.390');
    expect(text).toContain('Pajak (11%)');
    expect(text).toContain('PEMBAYARAN UJI');
  });

  it('compresses by default, and reads the same once inflated', async () => {
    const pdf = await renderInvoicePdf(invoice, { locale: 'en' });
    expect(pdf.toString('latin1')).toContain('/FlateDecode');
    expect(pdf.toString('latin1')).not.toContain('20424b2d303030303132');
    expect(pdfText(pdf)).toContain('Invoice number: BK-000012');
  });

  it('formats money, dates, rates and the file name', () => {
    expect(formatInvoiceAmount(299, 'USD', 'en')).toBe('$2.99');
    expect(formatInvoiceAmount(4_900_000, 'IDR', 'id')).toBe('Rp\u00a049.000');
    expect(formatInvoiceDate(Date.UTC(2026, 0, 5, 23, 59), 'en')).toBe('January 5, 2026');
    expect(formatTaxRate(1150, 'id')).toBe('11,5%');
    expect(invoicePdfFileName({ number: 'BK-000012' })).toBe('BK-000012.pdf');
  });
});
