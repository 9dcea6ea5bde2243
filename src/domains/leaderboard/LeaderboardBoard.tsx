import { Trophy, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LeaderboardCampaignEntry, LeaderboardCreatorEntry } from '../../../contract/leaderboard.ts';
import { cn } from '../../lib/cn.ts';
import { formatNumber } from '../../lib/format.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { UserHandle } from '../../ui/UserHandle.tsx';

/** The top three get a medal colour; everyone else a plain number. */
function RankBadge({ rank }: { rank: number }) {
  const { t } = useTranslation();
  const medal = rank === 1 ? 'bg-amber-400 text-amber-950' : rank === 2 ? 'bg-slate-300 text-slate-900' : rank === 3 ? 'bg-orange-300 text-orange-950' : 'bg-muted text-muted-foreground';
  return (
    <span className={cn('flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-bold tabular-nums', medal)} aria-label={t('leaderboard.rank', { rank })}>
      {rank}
    </span>
  );
}

function Supporters({ count }: { count: number }) {
  const { t, i18n } = useTranslation();
  return <span className="shrink-0 text-sm font-semibold tabular-nums">{t('leaderboard.supporters', { count, formatted: formatNumber(count, i18n.language || 'en') })}</span>;
}

function Board({ id, title, empty, children, count }: { id: string; title: string; empty: string; count: number; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-xl font-semibold tracking-tight">
        {title}
      </h2>
      {count === 0 ? (
        <EmptyState icon={<Trophy />} title={empty} headingLevel={3} />
      ) : (
        <ol className="flex flex-col divide-y rounded-lg border" aria-labelledby={id}>
          {children}
        </ol>
      )}
    </section>
  );
}

const rowClass = 'flex items-center gap-3 p-3 focus-within:bg-muted/50 hover:bg-muted/50';
const linkClass = 'min-w-0 flex-1 rounded-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

export function CampaignBoard({ entries }: { entries: LeaderboardCampaignEntry[] }) {
  const { t } = useTranslation();
  return (
    <Board id="leaderboard-campaigns" title={t('leaderboard.topCampaigns')} empty={t('leaderboard.emptyCampaigns')} count={entries.length}>
      {entries.map(({ rank, supporters, campaign }) => (
        <li key={campaign.uri} className={rowClass} data-rank={rank} data-campaign-uri={campaign.uri}>
          <RankBadge rank={rank} />
          <img src={campaign.thumbnailUrl} alt="" loading="lazy" decoding="async" className="size-12 shrink-0 rounded-md border object-cover" />
          <span className="flex min-w-0 flex-1 flex-col">
            <Link to={`/${campaign.uri}`} className={cn(linkClass, 'truncate font-medium hover:underline')}>
              {campaign.title}
            </Link>
            <Link to={`/u/${campaign.creator.username}`} className="w-fit truncate text-sm text-muted-foreground hover:underline">
              {t('leaderboard.by', { name: campaign.creator.name })}
            </Link>
          </span>
          <Supporters count={supporters} />
        </li>
      ))}
    </Board>
  );
}

export function CreatorBoard({ entries }: { entries: LeaderboardCreatorEntry[] }) {
  const { t } = useTranslation();
  return (
    <Board id="leaderboard-creators" title={t('leaderboard.topCreators')} empty={t('leaderboard.emptyCreators')} count={entries.length}>
      {entries.map(({ rank, supporters, creator }) => (
        <li key={creator.username} className={rowClass} data-rank={rank} data-username={creator.username}>
          <RankBadge rank={rank} />
          {creator.avatarUrl ? (
            <img src={creator.avatarUrl} alt="" loading="lazy" decoding="async" className="size-12 shrink-0 rounded-full border object-cover" />
          ) : (
            <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground" aria-hidden="true">
              <UserRound className="size-6" />
            </span>
          )}
          <Link to={`/u/${creator.username}`} className={cn(linkClass, 'flex flex-col')}>
            <span dir="auto" className="truncate font-medium hover:underline">{creator.name}</span>
            <span className="truncate text-sm text-muted-foreground">
              <UserHandle username={creator.username} />
            </span>
          </Link>
          <Supporters count={supporters} />
        </li>
      ))}
    </Board>
  );
}
