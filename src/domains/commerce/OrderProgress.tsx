import { CircleCheck, Hourglass } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { OrderView } from '../../../contract/order.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { loadAccountActions } from '../account/public.ts';
import { forgetReturnPath, readReturnPath } from './returnPath.ts';
import { nextPollDelay, useOrderStatus } from './useOrderStatus.ts';

/**
 * The checkout's return page below its heading: follows the order until it settles. Paid: the ID token is
 * refreshed so the account's plan changes without a sign-out, and the way on is the invoice or the page the
 * purchase started from. Failed or expired: the failed page, which offers a retry.
 */
export function OrderProgress({ orderId, pollDelay = nextPollDelay }: { orderId: string | null; pollDelay?: (attempt: number) => number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const watch = useOrderStatus(orderId, pollDelay);
  const settled = watch.phase === 'settled' ? watch.order : null;

  useEffect(() => {
    if (settled && (settled.status === 'failed' || settled.status === 'expired')) void navigate(`/checkout/failed/${settled.id}`, { replace: true });
  }, [settled, navigate]);

  let body: React.ReactNode;
  let announcement = '';
  if (watch.phase === 'loading') {
    body = <Spinner busy label={t('commerce.loading.checking')} />;
  } else if (watch.phase === 'missing') {
    announcement = t('commerce.loading.missing');
    body = <PricingLink />;
  } else if (watch.phase === 'error') {
    announcement = t('commerce.loading.error', { message: watch.error instanceof Error ? watch.error.message : t('errors.UNKNOWN') });
    body = <PricingLink />;
  } else if (watch.phase === 'watching') {
    announcement = t('commerce.loading.status.pending');
    body = <Pending order={watch.order} troubled={watch.troubled} />;
  } else {
    announcement = t(`commerce.loading.status.${watch.order.status}`, { plan: t(`commerce.tier.${watch.order.tier}`) });
    body = watch.order.status === 'paid' ? <Paid order={watch.order} /> : watch.order.status === 'refunded' ? <PricingLink /> : <Spinner label={t('commerce.loading.checking')} />;
  }

  return (
    <div className="space-y-6">
      <output aria-live="polite" className="block text-lg font-medium">
        {announcement}
      </output>
      {body}
    </div>
  );
}

function Pending({ order, troubled }: { order: OrderView; troubled: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-3">
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Hourglass className="size-4 animate-pulse" aria-hidden="true" />
        {t('commerce.loading.pendingHint')}
      </p>
      {troubled && <p className="text-sm text-amber-700 dark:text-amber-300">{t('commerce.loading.trouble')}</p>}
      {order.isTest && <p className="text-sm">{t('commerce.loading.testNote')}</p>}
    </div>
  );
}

function Paid({ order }: { order: OrderView }) {
  const { t } = useTranslation();
  // Read once: the way back belongs to this purchase, not to the next one.
  const [returnPath] = useState(readReturnPath);
  const refreshed = useRef(false);
  useEffect(() => {
    forgetReturnPath();
    if (refreshed.current) return;
    refreshed.current = true;
    // The new token carries the plan: the account store (and every plan lock) changes without a sign-out.
    loadAccountActions()
      .then((actions) => actions.refreshToken())
      .catch((error: unknown) => console.warn('Could not refresh the session after the payment', error));
  }, []);
  return (
    <div className="space-y-4">
      <p className="flex items-center gap-2 text-primary-ink">
        <CircleCheck className="size-6" aria-hidden="true" />
        {t('commerce.checkout.planName', { plan: t(`commerce.tier.${order.tier}`) })} · {t(`commerce.period.${order.period}`)}
      </p>
      {order.isTest && <p className="text-sm">{t('commerce.loading.testNote')}</p>}
      <div className="flex flex-wrap gap-3">
        <Button asChild>
          <Link to={returnPath ?? '/'}>{t(returnPath ? 'commerce.loading.back' : 'commerce.loading.home')}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={`/invoice/${order.id}`}>{t('commerce.loading.invoice')}</Link>
        </Button>
      </div>
    </div>
  );
}

function PricingLink() {
  const { t } = useTranslation();
  return (
    <Button asChild variant="outline">
      <Link to="/pricing">{t('commerce.loading.pricing')}</Link>
    </Button>
  );
}
