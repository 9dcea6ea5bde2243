import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { InvoiceView as Invoice } from '../../../contract/order.ts';
import { fetchInvoicePdf } from '../../api/billing.ts';
import { apiErrorMessage } from '../../api/index.ts';
import { Button } from '../../ui/Button.tsx';
import { toast } from '../../ui/toastStore.ts';
import { formatDay } from './billingFormat.ts';
import { formatMoney } from '../../lib/formatMoney.ts';
import { saveBlob } from '../../lib/saveBlob.ts';

type Party = Invoice['seller'];

function PartyBlock({ heading, party }: { heading: string; party: Party }) {
  const { t } = useTranslation();
  return (
    <div>
      <h2 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{heading}</h2>
      <address className="mt-1 text-sm not-italic">
        <span className="block font-semibold">{party.name}</span>
        {party.address && <span className="block">{party.address}</span>}
        {party.email && <span className="block">{party.email}</span>}
        {party.taxId && <span className="block">{t('billing.invoice.taxId')}: {party.taxId}</span>}
      </address>
    </div>
  );
}

/** The invoice as a document (the page's h1 is its title) with the server-rendered PDF to download. */
export function InvoiceView({ invoice }: { invoice: Invoice }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language || 'en';
  const money = (amount: number) => formatMoney(amount, invoice.currency, locale);
  const [downloading, setDownloading] = useState(false);
  const rate = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(invoice.taxRateBps / 10_000);

  const download = async () => {
    setDownloading(true);
    try {
      saveBlob(await fetchInvoicePdf(invoice.orderId), `${invoice.number}.pdf`);
    } catch (error) {
      toast({ title: t('billing.invoice.downloadFailed'), description: apiErrorMessage(t, error, t('errors.UNKNOWN')), variant: 'destructive' });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <article className="space-y-8 rounded-xl border bg-card p-6 text-card-foreground shadow-sm">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{t('billing.invoice.title')}</h1>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-muted-foreground">
            <dt>{t('billing.invoice.number')}</dt>
            <dd data-testid="invoice-number">{invoice.number}</dd>
            <dt>{t('billing.invoice.date')}</dt>
            <dd>{formatDay(invoice.issuedAt, locale)}</dd>
          </dl>
          <p className="mt-1 text-sm text-muted-foreground">{t('billing.invoice.currency', { currency: invoice.currency })}</p>
        </div>
        <Button type="button" onClick={() => void download()} disabled={downloading}>
          <Download aria-hidden="true" />
          {downloading ? t('billing.invoice.downloading') : t('billing.invoice.download')}
        </Button>
      </header>
      {invoice.isTest && (
        <p role="note" className="rounded-md bg-amber-100 px-3 py-2 text-center font-semibold text-amber-900">
          {t('billing.invoice.testMark')}
        </p>
      )}
      <div className="grid gap-6 sm:grid-cols-2">
        <PartyBlock heading={t('billing.invoice.seller')} party={invoice.seller} />
        <PartyBlock heading={t('billing.invoice.buyer')} party={invoice.buyer} />
      </div>
      <table className="w-full text-start text-sm">
        <thead className="border-b text-muted-foreground">
          <tr>
            <th scope="col" className="py-2 pe-3 font-medium">{t('billing.invoice.description')}</th>
            <th scope="col" className="py-2 pe-3 text-end font-medium">{t('billing.invoice.quantity')}</th>
            <th scope="col" className="py-2 pe-3 text-end font-medium">{t('billing.invoice.unitPrice')}</th>
            <th scope="col" className="py-2 text-end font-medium">{t('billing.invoice.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((line, index) => (
            <tr key={`${line.planId}-${index}`} className="border-b">
              <td className="py-2 pe-3">{line.description}</td>
              <td className="py-2 pe-3 text-end">{line.quantity}</td>
              <td className="py-2 pe-3 text-end">{money(line.unitAmount)}</td>
              <td className="py-2 text-end">{money(line.amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3} className="pt-3 pe-3 text-end font-medium">{t('billing.invoice.subtotal')}</th>
            <td className="pt-3 text-end">{money(invoice.subtotal)}</td>
          </tr>
          {(invoice.taxRateBps > 0 || invoice.tax > 0) && (
            <tr>
              <th scope="row" colSpan={3} className="pe-3 text-end font-medium">{t('billing.invoice.tax', { rate })}</th>
              <td className="text-end">{money(invoice.tax)}</td>
            </tr>
          )}
          <tr className="text-base">
            <th scope="row" colSpan={3} className="pt-1 pe-3 text-end font-bold">{t('billing.invoice.total')}</th>
            <td className="pt-1 text-end font-bold" data-testid="invoice-total">
              {money(invoice.total)}
            </td>
          </tr>
        </tfoot>
      </table>
      <footer className="flex flex-wrap items-center justify-between gap-3 text-sm text-muted-foreground">
        <span>{t('billing.invoice.paidWith', { provider: t(`billing.provider.${invoice.provider}`) })}</span>
        <Link to="/profile/profile-settings?tab=billing" className="underline underline-offset-2">
          {t('billing.invoice.back')}
        </Link>
      </footer>
    </article>
  );
}
