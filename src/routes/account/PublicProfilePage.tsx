import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { fetchCreatorProfile } from '../../api/creatorProfiles.ts';
import { isApiError } from '../../api/index.ts';
import { useAsync } from '../../api/useAsync.ts';
import { countryOptions } from '../../domains/account/countryOptions.ts';
import { CampaignGrid } from '../../domains/campaign/CampaignCard.tsx';
import { PageStatus } from '../../domains/campaign/PageStatus.tsx';
import { CreatorProfileView } from '../../domains/creatorProfile/CreatorProfileView.tsx';
import NotFoundPage from '../../ui/NotFoundPage.tsx';
import { PageContainer } from '../../ui/PageContainer.tsx';

/** /u/:username: a creator's public profile; unknown and suspended usernames get the 404 page. */
export default function PublicProfilePage() {
  const { t, i18n } = useTranslation();
  const { username = '' } = useParams();
  const [state, retry] = useAsync((signal) => fetchCreatorProfile(username, signal), [username]);
  const language = i18n.language || 'en';
  const country = state.status === 'success' ? state.data.country : null;
  // The name as the country lists across the app spell it, in the visitor's language.
  const countryName = useMemo(() => (country ? (countryOptions(language, '').find((c) => c.code === country)?.name ?? country) : null), [country, language]);
  if (state.status === 'error' && isApiError(state.error) && (state.error.status === 404 || state.error.status === 400)) return <NotFoundPage />;
  if (state.status !== 'success') {
    return <PageStatus route="public-profile" status={state.status} loadingLabel={t('creatorProfile.loading')} errorTitle={t('creatorProfile.errorTitle')} onRetry={retry} />;
  }
  return (
    <PageContainer route="public-profile" className="max-w-5xl">
      <CreatorProfileView profile={state.data} countryName={countryName} renderCampaigns={(campaigns) => <CampaignGrid campaigns={campaigns} />} />
    </PageContainer>
  );
}
