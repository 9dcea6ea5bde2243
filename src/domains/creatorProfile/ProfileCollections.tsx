import { LibraryBig } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ProfileCollection } from '../../../contract/creatorProfile.ts';
import { formatNumber } from '../../lib/format.ts';

/** The creator's public collections, each linking to /c/{uri}; nothing when there are none. */
export function ProfileCollections({ collections }: { collections: ProfileCollection[] }) {
  const { t, i18n } = useTranslation();
  if (collections.length === 0) return null;
  return (
    <section aria-labelledby="profile-collections" className="flex flex-col gap-4">
      <h2 id="profile-collections" className="text-xl font-semibold tracking-tight">
        {t('creatorProfile.collections')}
      </h2>
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
        {collections.map((collection) => (
          <li key={collection.uri} className="group overflow-hidden rounded-lg border bg-card shadow-sm transition-shadow hover:shadow-md">
            <Link to={`/c/${collection.uri}`} className="block focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
              <div className="flex aspect-video items-center justify-center bg-muted text-muted-foreground">
                {collection.coverUrl ? <img src={collection.coverUrl} alt="" loading="lazy" className="size-full object-cover" /> : <LibraryBig className="size-10" aria-hidden="true" />}
              </div>
              <div className="p-3">
                <h3 dir="auto" className="line-clamp-2 font-semibold group-hover:underline">{collection.title}</h3>
                <p className="mt-1 text-sm text-muted-foreground">
                  {t('creatorProfile.collectionCampaigns', { count: collection.campaignsCount, formatted: formatNumber(collection.campaignsCount, i18n.language || 'en') })}
                </p>
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
