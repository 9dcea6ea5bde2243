import { Eye, Frame, Pencil, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { DEFAULT_PER_PAGE, Pagination } from '../../ui/Pagination.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { formatNumber } from '../../lib/format.ts';
import { useAsync } from '../../api/useAsync.ts';
import { fetchOwnCampaigns } from '../../api/campaignWrites.ts';
import { tIsolated } from '../../ui/tIsolated.tsx';

/** The signed-in creator's campaigns (every visibility), each with its counters and a way to manage it. */
export function OwnCampaigns() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const [state, retry] = useAsync((signal) => fetchOwnCampaigns(page, DEFAULT_PER_PAGE, signal), [page]);
  const number = (value: number) => formatNumber(value, i18n.language || 'en');

  return (
    <section aria-labelledby="own-campaigns" className="mt-10 px-4">
      <h2 id="own-campaigns" className="mb-4 text-xl font-semibold">
        {t('create.own.title')}
      </h2>
      {state.status === 'loading' && <Spinner label={t('create.own.loading')} />}
      {state.status === 'error' && (
        <EmptyState
          title={t('create.own.error')}
          action={
            <Button variant="outline" onClick={retry}>
              {t('pages.actions.retry')}
            </Button>
          }
        />
      )}
      {state.status === 'success' && state.data.items.length === 0 && (
        <EmptyState
          icon={<Frame className="size-10" aria-hidden="true" />}
          title={t('create.own.empty')}
          action={
            <Button asChild>
              <Link to="/create/frame">{t('create.own.create')}</Link>
            </Button>
          }
        />
      )}
      {state.status === 'success' && state.data.items.length > 0 && (
        <>
          <ul className="divide-y rounded-lg border">
            {state.data.items.map((campaign) => (
              <li key={campaign.uri} className="flex items-center gap-4 p-3">
                <img src={campaign.thumbnailUrl} alt="" className="size-16 shrink-0 rounded-md border object-contain" loading="lazy" />
                <div className="min-w-0 flex-1">
                  <Link to={`/${campaign.uri}`} className="line-clamp-1 font-medium hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
                    {campaign.title}
                  </Link>
                  <p className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
                    <span>{t(`create.visibility.${campaign.visibility}`)}</span>
                    {campaign.takenDown && <span className="font-medium text-destructive">{t('staff.takenDown')}</span>}
                    <span className="flex items-center gap-1">
                      <Users className="size-4" aria-hidden="true" />
                      {tIsolated(t, 'create.own.supporters', { count: campaign.supportersCount, formatted: number(campaign.supportersCount) })}
                    </span>
                    <span className="flex items-center gap-1">
                      <Eye className="size-4" aria-hidden="true" />
                      {tIsolated(t, 'create.own.visits', { count: campaign.visitsCount, formatted: number(campaign.visitsCount) })}
                    </span>
                  </p>
                </div>
                <Button variant="outline" size="sm" asChild>
                  <Link to={`/campaign/${campaign.uri}`} aria-label={t('create.own.manageNamed', { title: campaign.title })}>
                    <Pencil aria-hidden="true" />
                    {t('create.own.manage')}
                  </Link>
                </Button>
              </li>
            ))}
          </ul>
          <div className="mt-4 flex justify-center">
            <Pagination page={page} total={state.data.total} onPageChange={setPage} />
          </div>
        </>
      )}
    </section>
  );
}
