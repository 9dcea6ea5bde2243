import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SubscriptionView } from '../../../contract/order.ts';
import { cancelSubscription, resumeSubscription } from '../../api/billing.ts';
import { apiErrorMessage } from '../../api/index.ts';
import { Button } from '../../ui/Button.tsx';
import { ResponsiveDialog } from '../../ui/ResponsiveDialog.tsx';
import { FormError } from '../../ui/TextField.tsx';
import { toast } from '../../ui/toastStore.ts';
import { formatDay, planLabel } from './billingFormat.ts';

/**
 * The current plan: free with the way to pricing, or the paid plan with its end date, cancel (asked first) or
 * resume, and the pricing link to change it. `onChange` gets the plan as the server answered.
 */
export function PlanStatus({ subscription, onChange }: { subscription: SubscriptionView | null; onChange: (next: SubscriptionView | null) => void }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language || 'en';
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!subscription) {
    return (
      <div className="space-y-3">
        <p className="font-medium">{t('billing.tab.freePlan')}</p>
        <p className="text-sm text-muted-foreground">{t('billing.tab.freeLead')}</p>
        <Button asChild>
          <Link to="/pricing">{t('billing.tab.seePlans')}</Link>
        </Button>
      </div>
    );
  }

  const name = planLabel(t, subscription.tier, subscription.period);
  const date = formatDay(subscription.currentPeriodEnd, locale);
  const change = async (cancel: boolean) => {
    setPending(true);
    setError(null);
    try {
      const next = cancel ? await cancelSubscription() : await resumeSubscription();
      setConfirming(false);
      onChange(next);
      toast({ title: cancel ? t('billing.tab.cancelled', { date }) : t('billing.tab.resumed') });
    } catch (failure) {
      const message = apiErrorMessage(t, failure, t('billing.tab.actionFailed'));
      if (cancel) setError(message);
      else toast({ title: t('billing.tab.actionFailed'), description: message, variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="space-y-3">
      <p className="text-lg font-semibold" data-testid="billing-plan">
        {name}
      </p>
      <p className="text-sm text-muted-foreground">{subscription.cancelAtPeriodEnd ? t('billing.tab.endsOn', { date }) : t('billing.tab.paidUntil', { date })}</p>
      {subscription.provider === 'sandbox' && <p className="text-sm font-medium text-amber-700 dark:text-amber-400">{t('billing.tab.testPlan')}</p>}
      <div className="flex flex-wrap gap-2">
        {subscription.cancelAtPeriodEnd ? (
          <Button type="button" onClick={() => void change(false)} disabled={pending}>
            {pending ? t('billing.tab.pending') : t('billing.tab.resume')}
          </Button>
        ) : (
          <Button type="button" variant="outline" onClick={() => setConfirming(true)}>
            {t('billing.tab.cancel')}
          </Button>
        )}
        <Button variant="ghost" asChild>
          <Link to="/pricing">{t('billing.tab.changePlan')}</Link>
        </Button>
      </div>
      <ResponsiveDialog
        open={confirming}
        onOpenChange={(next) => !pending && setConfirming(next)}
        title={t('billing.tab.cancelTitle')}
        description={t('billing.tab.cancelDescription', { plan: name, date })}
        footer={
          <>
            <Button type="button" variant="outline" onClick={() => setConfirming(false)} disabled={pending}>
              {t('billing.tab.keep')}
            </Button>
            <Button type="button" variant="destructive" onClick={() => void change(true)} disabled={pending}>
              {pending ? t('billing.tab.pending') : t('billing.tab.cancelConfirm')}
            </Button>
          </>
        }
      >
        <FormError message={error} />
      </ResponsiveDialog>
    </div>
  );
}
