import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OrderView } from '../../../contract/order.ts';
import { fetchOrders } from '../../api/billing.ts';
import { apiErrorMessage } from '../../api/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { formatDay, orderLabel } from './billingFormat.ts';
import { formatMoney } from '../../lib/formatMoney.ts';

type Load = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready' };

/** The person's orders, newest first, a page at a time: date, plan, amount, status and the invoice once paid. */
export function PaymentHistory() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language || 'en';
  const headingId = useId();
  const [orders, setOrders] = useState<OrderView[]>([]);
  const [page, setPage] = useState(1);
  const [hasMore, setHasMore] = useState(false);
  const [load, setLoad] = useState<Load>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    fetchOrders(page, controller.signal).then(
      (answer) => {
        setOrders((shown) => (page === 1 ? answer.orders : [...shown, ...answer.orders.filter((order) => !shown.some((o) => o.id === order.id))]));
        setHasMore(answer.hasMore);
        setLoad({ status: 'ready' });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setLoad({ status: 'error', message: apiErrorMessage(t, error, t('billing.history.loadError')) });
      },
    );
    return () => controller.abort();
  }, [page, t]);

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h3 id={headingId} className="text-lg font-semibold">
        {t('billing.history.title')}
      </h3>
      {orders.length === 0 && load.status === 'ready' && <p className="text-sm text-muted-foreground">{t('billing.history.empty')}</p>}
      {orders.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-start text-sm">
            <thead className="text-muted-foreground">
              <tr>
                <th scope="col" className="py-2 pe-3 font-medium">{t('billing.history.date')}</th>
                <th scope="col" className="py-2 pe-3 font-medium">{t('billing.history.plan')}</th>
                <th scope="col" className="py-2 pe-3 text-end font-medium">{t('billing.history.amount')}</th>
                <th scope="col" className="py-2 pe-3 font-medium">{t('billing.history.status')}</th>
                <th scope="col" className="py-2 font-medium">{t('billing.history.invoice')}</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.id} className="border-t" data-testid="billing-order">
                  <td className="py-2 pe-3 whitespace-nowrap">{formatDay(order.paidAt ?? order.createdAt, locale)}</td>
                  <td className="py-2 pe-3">
                    {orderLabel(t, order)}
                    {order.isTest && <span className="ms-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900">{t('billing.history.test')}</span>}
                  </td>
                  <td className="py-2 pe-3 text-end whitespace-nowrap">{formatMoney(order.amount, order.currency, locale)}</td>
                  <td className="py-2 pe-3">{t(`billing.status.${order.status}`)}</td>
                  <td className="py-2">
                    {order.invoiceNumber && (
                      <Link to={`/invoice/${order.id}`} className="underline underline-offset-2" aria-label={t('billing.history.viewInvoice', { number: order.invoiceNumber })}>
                        {order.invoiceNumber}
                      </Link>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {load.status === 'loading' && <Spinner label={t('billing.history.loading')} />}
      {load.status === 'error' && (
        <p role="alert" className="text-sm text-destructive">
          {load.message}
        </p>
      )}
      {hasMore && load.status === 'ready' && (
        <Button type="button" variant="outline" onClick={() => {
            setLoad({ status: 'loading' });
            setPage((current) => current + 1);
          }}>
          {t('billing.history.more')}
        </Button>
      )}
    </section>
  );
}
