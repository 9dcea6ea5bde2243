import { LibraryBig, Pencil } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { Collection } from '../../../contract/collection.ts';
import { fetchCollection } from '../../api/collections.ts';
import { isApiError } from '../../api/index.ts';
import { useAsync } from '../../api/useAsync.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import NotFoundPage from '../../ui/NotFoundPage.tsx';
import { tIsolated } from '../../ui/tIsolated.tsx';
import { CampaignGrid } from '../../domains/campaign/CampaignCard.tsx';
import { PageStatus } from '../../domains/campaign/PageStatus.tsx';
import { PersonLink } from '../../domains/campaign/PersonLink.tsx';
import { ShareButtons } from '../../domains/campaign/ShareButtons.tsx';
import { siteUrl } from '../../domains/campaign/shareLinks.ts';
import { CollectionHeader } from '../../domains/collection/public.ts';

/** /c/:uri — a creator's collection: its campaigns in their order, with their supporters. */
export default function CollectionPage() {
  const { t } = useTranslation();
  const { uri = '' } = useParams();
  const [state, retry] = useAsync((signal) => fetchCollection(uri, signal), [uri]);
  if (state.status === 'success') return <CollectionView collection={state.data} />;
  if (state.status === 'error' && isApiError(state.error) && (state.error.status === 404 || state.error.status === 400)) return <NotFoundPage />;
  return <PageStatus route="collection" status={state.status} loadingLabel={t('collection.page.loading')} errorTitle={t('collection.page.errorTitle')} onRetry={retry} />;
}

function CollectionView({ collection }: { collection: Collection }) {
  const { t } = useTranslation();
  return (
    <div data-route="collection" className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-10">
      <CollectionHeader collection={collection} creator={<PersonLink person={collection.creator} label={tIsolated(t, 'collection.page.by', { name: collection.creator.name })} />} />
      <div className="flex flex-wrap items-center gap-3">
        <ShareButtons url={siteUrl(`/c/${collection.uri}`)} text={t('collection.page.shareText', { title: collection.title })} />
        {collection.isOwner && (
          <Button variant="outline" size="sm" asChild>
            <Link to="/profile#own-collections">
              <Pencil aria-hidden="true" />
              {t('collection.page.manage')}
            </Link>
          </Button>
        )}
      </div>
      <section aria-labelledby="collection-campaigns">
        <h2 id="collection-campaigns" className="mb-4 text-xl font-semibold">
          {t('collection.page.campaigns')}
        </h2>
        {collection.campaigns.length === 0 ? (
          <EmptyState icon={<LibraryBig className="size-10" aria-hidden="true" />} title={t('collection.page.empty')} />
        ) : (
          <CampaignGrid campaigns={collection.campaigns} />
        )}
      </section>
    </div>
  );
}
