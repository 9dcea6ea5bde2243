import PDFDocument from 'pdfkit';
import type { InvoiceView } from '../../contract/order.ts';
import { majorAmount, type Currency } from '../../contract/plan.ts';
import { mailIntlTag, mailText, type MailLocale } from '../infra/mail/mailTemplates.ts';

/** A minor-unit amount as the locale writes money ("$2.99", "Rp 49.000"); rupiah without decimals, like the client. */
export function formatInvoiceAmount(amount: number, currency: Currency, locale: MailLocale): string {
  const digits = currency === 'IDR' ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {};
  return new Intl.NumberFormat(mailIntlTag(locale), { style: 'currency', currency, ...digits }).format(majorAmount(amount, currency));
}

/** A calendar date in the locale ("November 27, 2026", "27 November 2026"), in UTC so every server writes the same. */
export function formatInvoiceDate(date: Date | number, locale: MailLocale): string {
  return new Intl.DateTimeFormat(mailIntlTag(locale), { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(date));
}

/** Basis points as a percentage ("11%", "11,5%"). */
export function formatTaxRate(bps: number, locale: MailLocale): string {
  return new Intl.NumberFormat(mailIntlTag(locale), { style: 'percent', maximumFractionDigits: 2 }).format(bps / 10_000);
}

/** The PDF file name the download is saved under. */
export const invoicePdfFileName = (invoice: Pick<InvoiceView, 'number'>) => `${invoice.number.replace(/[^A-Za-z0-9_-]/g, '_')}.pdf`;

export interface InvoicePdfOptions {
  locale: MailLocale;
  /** Deflate the page streams (default); tests turn it off to read the text. */
  compress?: boolean;
}

const MARGIN = 50;
const INK = '#1b1b1b';
const MUTED = '#555555';
const ALERT = '#b42318';

/**
 * The invoice as a one-page A4 PDF (pdfkit, the standard Helvetica): seller, buyer, number, date, the lines,
 * subtotal, tax with its rate, total, and a "test payment" mark when no real money moved. Texts come from the
 * locale's `billing.invoice.*` messages, the same the invoice page shows.
 */
export async function renderInvoicePdf(invoice: InvoiceView, options: InvoicePdfOptions): Promise<Buffer> {
  const { locale } = options;
  const text = (key: string, vars: Record<string, string | number> = {}) => mailText(locale, `billing.invoice.${key}`, vars);
  const money = (amount: number) => formatInvoiceAmount(amount, invoice.currency, locale);
  const labels = {
    title: await text('title'),
    number: await text('number'),
    date: await text('date'),
    seller: await text('seller'),
    buyer: await text('buyer'),
    taxId: await text('taxId'),
    description: await text('description'),
    quantity: await text('quantity'),
    unitPrice: await text('unitPrice'),
    amount: await text('amount'),
    subtotal: await text('subtotal'),
    tax: await text('tax', { rate: formatTaxRate(invoice.taxRateBps, locale) }),
    total: await text('total'),
    currency: await text('currency', { currency: invoice.currency }),
    testMark: await text('testMark'),
  };

  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, compress: options.compress ?? true, info: { Title: `${labels.title} ${invoice.number}`, Author: invoice.seller.name } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * MARGIN;

  doc.fillColor(INK).font('Helvetica-Bold').fontSize(22).text(labels.title, MARGIN, MARGIN);
  doc.font('Helvetica').fontSize(10).fillColor(MUTED);
  doc.text(`${labels.number}: ${invoice.number}`, MARGIN, MARGIN, { width, align: 'right' });
  doc.text(`${labels.date}: ${formatInvoiceDate(invoice.issuedAt, locale)}`, { width, align: 'right' });
  doc.text(labels.currency, { width, align: 'right' });

  let y = MARGIN + 50;
  if (invoice.isTest) {
    doc.rect(MARGIN, y, width, 26).fill('#fdecea');
    doc.fillColor(ALERT).font('Helvetica-Bold').fontSize(12).text(labels.testMark, MARGIN, y + 8, { width, align: 'center' });
    y += 40;
  }

  const column = width / 2 - 10;
  const party = (heading: string, who: InvoiceView['seller'], x: number) => {
    doc.fillColor(MUTED).font('Helvetica-Bold').fontSize(9).text(heading.toUpperCase(), x, y, { width: column });
    doc.fillColor(INK).font('Helvetica-Bold').fontSize(11).text(who.name, { width: column });
    doc.font('Helvetica').fontSize(10);
    for (const line of [who.address, who.email, who.taxId ? `${labels.taxId}: ${who.taxId}` : undefined]) if (line) doc.text(line, { width: column });
    return doc.y;
  };
  y = Math.max(party(labels.seller, invoice.seller, MARGIN), party(labels.buyer, invoice.buyer, MARGIN + width / 2 + 10)) + 24;

  const columns = [
    { label: labels.description, x: MARGIN, width: width * 0.46, align: 'left' as const },
    { label: labels.quantity, x: MARGIN + width * 0.46, width: width * 0.12, align: 'right' as const },
    { label: labels.unitPrice, x: MARGIN + width * 0.58, width: width * 0.21, align: 'right' as const },
    { label: labels.amount, x: MARGIN + width * 0.79, width: width * 0.21, align: 'right' as const },
  ];
  const row = (cells: string[], font: string) => {
    doc.font(font).fontSize(10).fillColor(INK);
    const top = y;
    let bottom = y;
    cells.forEach((cell, index) => {
      const c = columns[index]!;
      doc.text(cell, c.x, top, { width: c.width, align: c.align });
      bottom = Math.max(bottom, doc.y);
    });
    y = bottom + 6;
  };
  row(
    columns.map((c) => c.label),
    'Helvetica-Bold',
  );
  doc.moveTo(MARGIN, y - 3).lineTo(MARGIN + width, y - 3).strokeColor('#dddddd').stroke();
  for (const line of invoice.lines) row([line.description, String(line.quantity), money(line.unitAmount), money(line.amount)], 'Helvetica');
  doc.moveTo(MARGIN, y).lineTo(MARGIN + width, y).strokeColor('#dddddd').stroke();
  y += 10;

  const totals: Array<[string, string, string]> = [[labels.subtotal, money(invoice.subtotal), 'Helvetica']];
  if (invoice.taxRateBps > 0 || invoice.tax > 0) totals.push([labels.tax, money(invoice.tax), 'Helvetica']);
  totals.push([labels.total, money(invoice.total), 'Helvetica-Bold']);
  for (const [label, value, font] of totals) {
    doc.font(font).fontSize(font === 'Helvetica-Bold' ? 12 : 10).fillColor(INK);
    doc.text(label, MARGIN + width * 0.5, y, { width: width * 0.29, align: 'right' });
    doc.text(value, MARGIN + width * 0.79, y, { width: width * 0.21, align: 'right' });
    y = doc.y + 4;
  }

  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
