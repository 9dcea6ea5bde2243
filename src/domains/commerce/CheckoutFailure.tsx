import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fetchOrder } from '../../api/orders.ts';
import { useAsync } from '../../api/useAsync.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { checkoutPath } from './checkoutChoice.ts';

/** What happened to an order that was not paid, a retry (a new attempt for the same plan, period and currency) and the way back to pricing. */
export function CheckoutFailure({ orderId }: { orderId: string | null }) {
  const { t } = useTranslation();
  const [state] = useAsync(async (signal) => (orderId ? fetchOrder(orderId, signal) : null), [orderId]);
  const pricing = (
    <Button asChild variant="outline">
      <Link to="/pricing">{t('commerce.failed.pricing')}</Link>
    </Button>
  );
  if (state.status === 'loading') return <Spinner busy label={t('commerce.failed.loading')} />;
  const order = state.status === 'success' ? state.data : null;
  // The checkout pages are for plans; the other kinds of order return to their own pages.
  if (!order || !order.tier || !order.period) {
    return (
      <div className="space-y-4">
        <output className="block">{t('commerce.failed.missing')}</output>
        {pricing}
      </div>
    );
  }
  const plan = t(`commerce.tier.${order.tier}`);
  const period = t(`commerce.billed.${order.period}`);
  if (order.status === 'failed' || order.status === 'expired') {
    return (
      <div className="space-y-4">
        <output className="block">{t(`commerce.failed.${order.status}`, { plan, period })}</output>
        <p className="text-sm text-muted-foreground">{t('commerce.failed.retryHint')}</p>
        <div className="flex flex-wrap gap-3">
          <Button asChild>
            <Link to={checkoutPath({ tier: order.tier, period: order.period, currency: order.currency })} reloadDocument>{t('commerce.failed.retry')}</Link>
          </Button>
          {pricing}
        </div>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <output className="block">{t(`commerce.failed.${order.status}`)}</output>
      <div className="flex flex-wrap gap-3">
        {order.status === 'pending' && (
          <Button asChild>
            <Link to={`/checkout/loading/${order.id}`}>{t('commerce.failed.follow')}</Link>
          </Button>
        )}
        {order.status !== 'pending' && (
          <Button asChild>
            <Link to={`/invoice/${order.id}`}>{t('commerce.failed.invoice')}</Link>
          </Button>
        )}
        {pricing}
      </div>
    </div>
  );
}
