import { LibraryBig, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CollectionSummary } from '../../../contract/collection.ts';
import type { CreatorSummary } from '../../../contract/search.ts';
import { formatNumber } from '../../lib/format.ts';
import { tIsolated } from '../../ui/tIsolated.tsx';
import { UserHandle } from '../../ui/UserHandle.tsx';

const cardClass = 'group overflow-hidden rounded-lg border bg-card text-card-foreground shadow-sm transition-shadow hover:shadow-md';
const linkClass = 'block h-full focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

/** Avatar or the name's initial. */
export function Avatar({ name, url, className }: { name: string; url: string | null; className: string }) {
  return url ? (
    <img src={url} alt="" loading="lazy" decoding="async" className={`${className} rounded-full object-cover`} />
  ) : (
    <span aria-hidden="true" className={`${className} flex items-center justify-center rounded-full bg-muted font-semibold text-muted-foreground`}>
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}

/** A collection: its cover (or first campaign's thumbnail), title, campaign count and supporters; opens /c/{uri}. */
export function CollectionCard({ collection }: { collection: CollectionSummary }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language || 'en';
  return (
    <li className={cardClass}>
      <Link to={`/c/${collection.uri}`} data-collection-uri={collection.uri} className={linkClass}>
        <div className="flex aspect-video items-center justify-center bg-muted">
          {collection.coverUrl ? (
            <img src={collection.coverUrl} alt="" loading="lazy" decoding="async" className="size-full object-cover" />
          ) : (
            <LibraryBig className="size-10 text-muted-foreground" aria-hidden="true" />
          )}
        </div>
        <div className="p-3">
          <h3 dir="auto" className="line-clamp-2 font-semibold group-hover:underline">{collection.title}</h3>
          <p className="mt-1 text-sm text-muted-foreground">{tIsolated(t, 'explore.byCreator', { name: collection.creator.name })}</p>
          <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
            <span>{tIsolated(t, 'explore.campaignCount', { count: collection.campaignsCount, formatted: formatNumber(collection.campaignsCount, locale) })}</span>
            <span className="flex items-center gap-1">
              <Users className="size-4" aria-hidden="true" />
              {tIsolated(t, 'pages.campaign.supporters', { count: collection.supportersCount, formatted: formatNumber(collection.supportersCount, locale) })}
            </span>
          </p>
        </div>
      </Link>
    </li>
  );
}

/** A creator: avatar, name, @username and the totals of their public campaigns; opens /u/{username}. */
export function CreatorCard({ creator }: { creator: CreatorSummary }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language || 'en';
  return (
    <li className={cardClass}>
      <Link to={`/u/${creator.username}`} data-creator-username={creator.username} className={`${linkClass} flex items-center gap-4 p-4`}>
        <Avatar name={creator.name} url={creator.avatarUrl} className="size-16 shrink-0 text-xl" />
        <div className="min-w-0">
          <h3 dir="auto" className="truncate font-semibold group-hover:underline">{creator.name}</h3>
          <p className="truncate text-sm text-muted-foreground">
            <UserHandle username={creator.username} />
          </p>
          <p className="mt-1 flex flex-wrap gap-x-3 text-sm text-muted-foreground">
            <span>{tIsolated(t, 'explore.campaignCount', { count: creator.campaignsCount, formatted: formatNumber(creator.campaignsCount, locale) })}</span>
            <span>{tIsolated(t, 'pages.campaign.supporters', { count: creator.supportersCount, formatted: formatNumber(creator.supportersCount, locale) })}</span>
          </p>
        </div>
      </Link>
    </li>
  );
}
