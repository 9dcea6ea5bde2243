import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../ui/Spinner.tsx';

// The section, its tables and (inside it, later still) uPlot load only when the creator opens the analytics.
const CampaignAnalytics = lazy(() => import('./CampaignAnalytics.tsx'));

/** The analytics of the creator's campaign; render it only when it is shown. */
export function LazyCampaignAnalytics({ uri }: { uri: string }) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Spinner label={t('analytics.loading')} />}>
      <CampaignAnalytics uri={uri} />
    </Suspense>
  );
}
