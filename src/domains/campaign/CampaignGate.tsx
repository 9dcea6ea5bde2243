import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Campaign } from '../../../contract/campaign.ts';
import { isApiError } from '../../api/index.ts';
import { fetchCampaign, storeAccessCode } from '../../api/campaigns.ts';
import { useAsync } from '../../api/useAsync.ts';
import NotFoundPage from '../../ui/NotFoundPage.tsx';
import { AccessCodeForm } from './AccessCodeForm.tsx';
import { PageStatus } from './PageStatus.tsx';

const isNotFound = (error: unknown) => isApiError(error) && (error.code === 'NOT_FOUND' || error.status === 404);
const needsAccessCode = (error: unknown) => isApiError(error) && (error.code === 'ACCESS_CODE_REQUIRED' || error.code === 'ACCESS_CODE_INVALID');

/**
 * Loads a campaign for a visitor page: loading and error states, the 404 page, and the access-code form of a
 * private campaign. Render it with `key={uri}` so another campaign starts afresh.
 */
export function CampaignGate({ uri, route, children }: { uri: string; route: string; children: (campaign: Campaign) => ReactNode }) {
  const { t } = useTranslation();
  const [state, retry] = useAsync(
    (signal) =>
      fetchCampaign(uri, signal).catch((error: unknown) => {
        // A stored code that stopped working (the creator changed it) is dropped so it is not sent again.
        if (isApiError(error) && error.code === 'ACCESS_CODE_INVALID') storeAccessCode(uri, null);
        throw error;
      }),
    [uri],
  );
  const [unlocked, setUnlocked] = useState<Campaign | null>(null);

  if (unlocked) return children(unlocked);
  if (state.status === 'success') return children(state.data);
  if (state.status === 'error' && isNotFound(state.error)) return <NotFoundPage />;
  if (state.status === 'error' && needsAccessCode(state.error)) {
    return <AccessCodeForm route={route} uri={uri} onUnlocked={setUnlocked} />;
  }
  return <PageStatus route={route} status={state.status} loadingLabel={t('pages.campaign.loading')} errorTitle={t('pages.campaign.errorTitle')} onRetry={retry} />;
}
