import { Frame } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { CampaignGrid } from './CampaignCard.tsx';
import { fetchCampaigns } from '../../api/campaigns.ts';
import { useAsync } from '../../api/useAsync.ts';

interface CampaignListProps {
  page: number;
  limit: number;
  /** Shows pagination when given. */
  onPageChange?: (page: number) => void;
  /** Keeps only campaigns whose title or description contains it. */
  filter?: string;
}

/** Newest campaigns from GET /campaigns, with loading, error and empty states. */
export function CampaignList({ page, limit, onPageChange, filter }: CampaignListProps) {
  const { t } = useTranslation();
  const [state, retry] = useAsync((signal) => fetchCampaigns(page, limit, signal), [page, limit]);

  if (state.status === 'loading') {
    return (
      <div className="flex justify-center py-16" aria-busy="true">
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
  const needle = filter?.trim().toLocaleLowerCase() ?? '';
  const items = needle ? state.data.items.filter((c) => `${c.title} ${c.description}`.toLocaleLowerCase().includes(needle)) : state.data.items;
  if (items.length === 0) {
    return <EmptyState icon={<Frame className="size-10" aria-hidden="true" />} title={t(needle ? 'pages.campaignList.noMatch' : 'pages.campaignList.empty')} />;
  }
  return (
    <div>
      <CampaignGrid campaigns={items} />
      {onPageChange && !needle && state.data.total > limit && (
        <div className="mt-8 flex justify-center">
          <Pagination page={page} total={state.data.total} perPage={limit} onPageChange={onPageChange} />
        </div>
      )}
    </div>
  );
}
