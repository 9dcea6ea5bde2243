import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { fetchLeaderboard } from '../../api/leaderboard.ts';
import { useAsync } from '../../api/useAsync.ts';
import { formatDate, formatRelativeTime } from '../../lib/format.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { CampaignBoard, CreatorBoard } from './LeaderboardBoard.tsx';
import { LeaderboardFilters, type CountryChoice } from './LeaderboardFilters.tsx';
import { leaderboardSearch, readLeaderboardParams } from './leaderboardParams.ts';

/** When the snapshot was computed, relative to when it was loaded (the exact time in the tooltip). */
function UpdatedAt({ at, loadedAt }: { at: string | null; loadedAt: number }) {
  const { t, i18n } = useTranslation();
  if (!at) return <p className="text-sm text-muted-foreground">{t('leaderboard.notYet')}</p>;
  const exact = formatDate(at, i18n.language || 'en', 'long') || at;
  return (
    <p className="text-sm text-muted-foreground" data-testid="leaderboard-updated">
      {t('leaderboard.updated')}{' '}
      <time dateTime={at} title={exact}>
        {formatRelativeTime(at, loadedAt, t)}
      </time>
    </p>
  );
}

/** Period and country from the URL, both boards of that snapshot, and when it was computed. */
export function LeaderboardView({ countries }: { countries: CountryChoice[] }) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const params = readLeaderboardParams(search);
  const [state, retry] = useAsync(
    async (signal) => ({ board: await fetchLeaderboard(params.period, params.country, signal), loadedAt: Date.now() }),
    [params.period, params.country],
  );
  const countryName = countries.find((c) => c.code === params.country)?.name ?? params.country;

  return (
    <div className="flex flex-col gap-6">
      <LeaderboardFilters params={params} countries={countries} onCountryChange={(country) => setSearch(new URLSearchParams(leaderboardSearch({ ...params, country })))} />
      <div className="flex flex-col gap-1">
        <p className="text-sm" data-testid="leaderboard-window">
          {t(`leaderboard.window.${params.period}`)} {t('leaderboard.scope', { country: countryName })}
        </p>
        {state.status === 'success' && <UpdatedAt at={state.data.board.refreshedAt} loadedAt={state.data.loadedAt} />}
      </div>
      {state.status === 'loading' && (
        <div className="flex justify-center py-16">
          <Spinner label={t('leaderboard.loading')} busy />
        </div>
      )}
      {state.status === 'error' && (
        <EmptyState
          title={t('leaderboard.error')}
          action={
            <Button variant="outline" onClick={retry}>
              {t('pages.actions.retry')}
            </Button>
          }
        />
      )}
      {state.status === 'success' && (
        <div className="grid gap-8 lg:grid-cols-2">
          <CampaignBoard entries={state.data.board.campaigns} />
          <CreatorBoard entries={state.data.board.creators} />
        </div>
      )}
    </div>
  );
}
