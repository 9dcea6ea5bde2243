import { Frame } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { CampaignSummary } from '../../../contract/campaign.ts';
import { fetchProfileCampaigns } from '../../api/creatorProfiles.ts';
import { useAsync } from '../../api/useAsync.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { DEFAULT_PER_PAGE, pageParam, Pagination } from '../../ui/Pagination.tsx';
import { Spinner } from '../../ui/Spinner.tsx';

/**
 * The creator's public campaigns, newest first, 10 per page (?page= in the URL). The cards come from the caller
 * (the campaign domain's grid), so they look as everywhere else.
 */
export function ProfileCampaigns({ username, renderCampaigns }: { username: string; renderCampaigns: (campaigns: CampaignSummary[]) => ReactNode }) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const page = pageParam(search.get('page'));
  const [state, retry] = useAsync((signal) => fetchProfileCampaigns(username, page, DEFAULT_PER_PAGE, signal), [username, page]);
  const goTo = (next: number) => {
    const params = new URLSearchParams(search);
    if (next === 1) params.delete('page');
    else params.set('page', String(next));
    setSearch(params);
    document.getElementById('profile-campaigns')?.scrollIntoView?.({ block: 'start' });
  };
  return (
    <section aria-labelledby="profile-campaigns" className="flex scroll-mt-20 flex-col gap-4">
      <h2 id="profile-campaigns" className="text-xl font-semibold tracking-tight">
        {t('creatorProfile.campaigns')}
      </h2>
      {state.status === 'loading' && (
        <div className="flex justify-center py-12">
          <Spinner label={t('creatorProfile.loadingCampaigns')} busy />
        </div>
      )}
      {state.status === 'error' && (
        <EmptyState
          headingLevel={3}
          title={t('creatorProfile.campaignsError')}
          action={
            <Button variant="outline" onClick={retry}>
              {t('pages.actions.retry')}
            </Button>
          }
        />
      )}
      {state.status === 'success' &&
        (state.data.items.length === 0 ? (
          <EmptyState headingLevel={3} icon={<Frame />} title={t('creatorProfile.noCampaigns')} />
        ) : (
          <>
            {renderCampaigns(state.data.items)}
            <Pagination page={page} total={state.data.total} perPage={DEFAULT_PER_PAGE} onPageChange={goTo} className="mt-4" />
          </>
        ))}
    </section>
  );
}
