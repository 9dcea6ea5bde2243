import { Link2, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Collection } from '../../../contract/collection.ts';
import { formatNumber } from '../../lib/format.ts';
import { tIsolated } from '../../ui/tIsolated.tsx';

/**
 * The top of a collection page: cover (or the first campaign's thumbnail), title, description, who made it
 * (`creator`, a link to their profile, given by the page) and the totals.
 */
export function CollectionHeader({ collection, creator }: { collection: Collection; creator: ReactNode }) {
  const { t, i18n } = useTranslation();
  const number = (value: number) => formatNumber(value, i18n.language || 'en');
  return (
    <header className="flex flex-col gap-4">
      <div className="aspect-[1200/630] max-h-80 w-full overflow-hidden rounded-xl bg-gradient-to-r from-primary/30 to-accent/30">
        {collection.coverUrl && <img src={collection.coverUrl} alt="" className="size-full object-cover" data-testid="collection-cover" />}
      </div>
      <div className="flex flex-col gap-3">
        <h1 dir="auto" className="text-3xl font-bold tracking-tight">{collection.title}</h1>
        {creator}
        {collection.description && <p dir="auto" className="max-w-3xl leading-relaxed whitespace-pre-line">{collection.description}</p>}
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <span data-testid="collection-campaign-count">{tIsolated(t, 'collection.campaigns', { count: collection.campaignsCount, formatted: number(collection.campaignsCount) })}</span>
          <span className="flex items-center gap-1" data-testid="collection-supporters">
            <Users className="size-4" aria-hidden="true" />
            {tIsolated(t, 'collection.totalSupporters', { count: collection.supportersCount, formatted: number(collection.supportersCount) })}
          </span>
          {collection.isOwner && collection.visibility === 'unlisted' && (
            <span className="flex items-center gap-1">
              <Link2 className="size-4" aria-hidden="true" />
              {t('collection.unlistedNote')}
            </span>
          )}
        </p>
      </div>
    </header>
  );
}
