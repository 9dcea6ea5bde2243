import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubscriptionView } from '../../../contract/order.ts';
import { fetchSubscription } from '../../api/billing.ts';
import { apiErrorMessage } from '../../api/index.ts';
import { useAsync } from '../../api/useAsync.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { PaymentHistory } from './PaymentHistory.tsx';
import { PlanStatus } from './PlanStatus.tsx';

/** The billing tab of the settings (/profile/profile-settings?tab=billing): the plan and the payment history. */
export function BillingTab() {
  const { t } = useTranslation();
  const headingId = useId();
  const [state, retry] = useAsync((signal) => fetchSubscription(signal), []);
  // A cancel or resume answers the plan as it is now; shown without loading it again.
  // Tied to the load it changed, so a new load (retry) shows the server's answer again.
  const [changed, setChanged] = useState<{ of: typeof state; value: SubscriptionView | null } | null>(null);

  return (
    <div className="space-y-8">
      <section aria-labelledby={headingId} className="space-y-3 rounded-xl border p-5">
        <h2 id={headingId} className="text-xl font-semibold">
          {t('billing.tab.heading')}
        </h2>
        {state.status === 'loading' && <Spinner label={t('billing.tab.loading')} />}
        {state.status === 'error' && (
          <div role="alert" className="space-y-2">
            <p className="text-sm text-destructive">{apiErrorMessage(t, state.error, t('billing.tab.loadError'))}</p>
            <Button type="button" variant="outline" onClick={retry}>
              {t('pages.actions.retry')}
            </Button>
          </div>
        )}
        {state.status === 'success' && <PlanStatus subscription={changed?.of === state ? changed.value : state.data} onChange={(value) => setChanged({ of: state, value })} />}
      </section>
      <PaymentHistory />
    </div>
  );
}
