import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { STAFF_PAGE_SIZE_DEFAULT } from '../../../contract/staff.ts';
import type { StaffOrder, StaffOrderList } from '../../../contract/staffOrders.ts';
import { apiErrorMessage } from '../../api/index.ts';
import { refundStaffOrder, searchStaffOrders } from '../../api/staffOrders.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { formatMoney } from '../../lib/formatMoney.ts';
import { ReasonForm } from './ReasonForm.tsx';
import { StaffTime } from './StaffTime.tsx';

/** Looks orders up by order id, buyer email or provider reference, and refunds a paid one with a reason. */
export function OrdersPanel() {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [asked, setAsked] = useState('');
  const [page, setPage] = useState(1);
  const [result, setResult] = useState<StaffOrderList | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function load(q: string, at: number) {
    setBusy(true);
    setError(undefined);
    try {
      setResult(await searchStaffOrders(q, at));
      setAsked(q);
      setPage(at);
    } catch (failure) {
      setError(apiErrorMessage(t, failure, t('staff.loadError')));
    } finally {
      setBusy(false);
    }
  }

  function lookUp(event: FormEvent) {
    event.preventDefault();
    if (!query.trim()) {
      setError(t('staff.orders.queryRequired'));
      return;
    }
    void load(query.trim(), 1);
  }

  const replace = (order: StaffOrder) => setResult((list) => list && { ...list, items: list.items.map((item) => (item.id === order.id ? order : item)) });

  return (
    <section aria-labelledby="staff-orders-heading" className="space-y-4">
      <h2 id="staff-orders-heading" className="text-xl font-semibold">
        {t('staff.orders.heading')}
      </h2>
      <form aria-labelledby="staff-orders-heading" className="flex flex-wrap items-end gap-2" onSubmit={lookUp} noValidate>
        <TextField className="min-w-64 flex-1" label={t('staff.orders.query')} name="q" value={query} onValueChange={setQuery} error={error} autoComplete="off" />
        <Button type="submit" disabled={busy}>
          {t('staff.orders.find')}
        </Button>
      </form>
      {result && result.items.length === 0 && <EmptyState title={t('staff.orders.empty')} headingLevel={3} />}
      {result && result.items.length > 0 && (
        <>
          <ul className="space-y-4">
            {result.items.map((order) => (
              <li key={order.id}>
                <OrderCard order={order} onRefunded={replace} />
              </li>
            ))}
          </ul>
          <Pagination page={page} total={result.total} perPage={STAFF_PAGE_SIZE_DEFAULT} onPageChange={(next) => void load(asked, next)} />
        </>
      )}
    </section>
  );
}

function OrderCard({ order, onRefunded }: { order: StaffOrder; onRefunded: (order: StaffOrder) => void }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language || 'en';
  const amount = formatMoney(order.amount, order.currency, locale);
  const subject = t('staff.orders.subject', { id: order.id.slice(0, 8), amount });
  return (
    <article aria-label={subject} data-order-id={order.id} className="space-y-3 rounded-xl border p-4">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold">{amount}</h3>
        <p className="text-sm font-medium" data-testid="order-status">
          {t(`staff.orders.status.${order.status}`)}
        </p>
      </header>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{t('staff.orders.id')}</dt>
        <dd className="font-mono break-all">{order.id}</dd>
        <dt className="text-muted-foreground">{t('staff.orders.kind')}</dt>
        <dd>
          {t(`staff.orders.kinds.${order.kind}`)}
          {order.item ? ` · ${order.item}` : ''}
        </dd>
        <dt className="text-muted-foreground">{t('staff.orders.buyer')}</dt>
        <dd>{order.buyerEmail ?? t('staff.orders.visitor')}</dd>
        <dt className="text-muted-foreground">{t('staff.orders.provider')}</dt>
        <dd>
          {order.provider}
          {order.isTest ? ` (${t('staff.orders.test')})` : ''}
          {order.providerRef ? <span className="block font-mono text-xs break-all">{order.providerRef}</span> : null}
        </dd>
        <dt className="text-muted-foreground">{t('staff.orders.created')}</dt>
        <dd>
          <StaffTime iso={order.createdAt} />
        </dd>
      </dl>
      <table className="w-full text-sm">
        <caption className="text-start font-medium">{t('staff.orders.ledger')}</caption>
        <thead>
          <tr className="text-muted-foreground">
            <th scope="col" className="text-start font-normal">{t('staff.orders.entry')}</th>
            <th scope="col" className="text-end font-normal">{t('staff.orders.amount')}</th>
            <th scope="col" className="text-end font-normal">{t('staff.orders.when')}</th>
          </tr>
        </thead>
        <tbody>
          {order.ledger.map((entry, index) => (
            <tr key={index}>
              <td>{entry.entry}</td>
              <td className="text-end tabular-nums">{formatMoney(entry.amount, order.currency, locale)}</td>
              <td className="text-end">
                <StaffTime iso={entry.createdAt} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {order.status === 'paid' && (
        <ReasonForm
          subject={subject}
          actions={[{ action: 'refund', label: t('staff.orders.refund'), variant: 'destructive' }]}
          onSubmit={async (_action, reason) => onRefunded(await refundStaffOrder(order.id, reason))}
        />
      )}
    </article>
  );
}
