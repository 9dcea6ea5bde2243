import { Frame } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { fetchExplore } from '../../api/search.ts';
import { useAsync } from '../../api/useAsync.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { CampaignGrid } from './CampaignCard.tsx';

/** The public campaigns with the most supporters (GET /explore/campaign?sort=popular), `count` of them at most. */
export function TopCampaigns({ count }: { count: number }) {
  const { t } = useTranslation();
  const [state, retry] = useAsync((signal) => fetchExplore('campaign', { sort: 'popular' }, signal), []);

  if (state.status === 'loading') {
    return (
      <div className="flex justify-center py-12" aria-busy="true">
        <Spinner label={t('pages.campaignList.loading')} />
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <EmptyState
        title={t('pages.campaignList.error')}
        action={
          <Button variant="outline" onClick={retry}>
            {t('pages.actions.retry')}
          </Button>
        }
      />
    );
  }
  if (state.data.tab !== 'campaign' || state.data.items.length === 0) {
    return <EmptyState icon={<Frame className="size-10" aria-hidden="true" />} title={t('pages.campaignList.empty')} />;
  }
  return <CampaignGrid campaigns={state.data.items.slice(0, count)} />;
}
