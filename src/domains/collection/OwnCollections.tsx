import { LibraryBig, Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Collection, CollectionSummary } from '../../../contract/collection.ts';
import { deleteCollection, fetchCollection, fetchOwnCollections } from '../../api/collections.ts';
import { errorMessageKey } from '../../api/index.ts';
import { useAsync } from '../../api/useAsync.ts';
import { formatNumber } from '../../lib/format.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDeleteButton } from '../../ui/ConfirmDeleteButton.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { DEFAULT_PER_PAGE, Pagination } from '../../ui/Pagination.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { FormError } from '../../ui/TextField.tsx';
import { toast } from '../../ui/toastStore.ts';
import { CollectionEditor } from './CollectionEditor.tsx';

type Editing = { kind: 'none' } | { kind: 'new' } | { kind: 'loading'; uri: string } | { kind: 'edit'; collection: Collection } | { kind: 'failed'; uri: string; message: string };

/** The signed-in creator's collections: list, create, edit (fields, cover, campaigns and their order) and delete. */
export function OwnCollections() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing>({ kind: 'none' });
  const [state, reload] = useAsync((signal) => fetchOwnCollections(page, DEFAULT_PER_PAGE, signal), [page]);
  const number = (value: number) => formatNumber(value, i18n.language || 'en');

  const edit = (uri: string) => {
    setEditing({ kind: 'loading', uri });
    fetchCollection(uri).then(
      (collection) => setEditing({ kind: 'edit', collection }),
      (error: unknown) => setEditing({ kind: 'failed', uri, message: t(errorMessageKey(error)) }),
    );
  };
  const saved = (collection: Collection, created: boolean) => {
    toast({ title: t(created ? 'collection.created' : 'collection.saved', { title: collection.title }) });
    setEditing({ kind: 'none' });
    reload();
  };

  return (
    <section aria-labelledby="own-collections" className="mt-10 px-4" data-testid="own-collections">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id="own-collections" className="text-xl font-semibold">
          {t('collection.own.title')}
        </h2>
        {editing.kind !== 'new' && (
          <Button type="button" onClick={() => setEditing({ kind: 'new' })}>
            <Plus aria-hidden="true" />
            {t('collection.own.new')}
          </Button>
        )}
      </div>
      {editing.kind === 'new' && <CollectionEditor onSaved={(collection) => saved(collection, true)} onCancel={() => setEditing({ kind: 'none' })} />}
      {editing.kind === 'loading' && <Spinner label={t('collection.own.opening')} />}
      {editing.kind === 'failed' && <FormError message={editing.message} />}
      {editing.kind === 'edit' && <CollectionEditor key={editing.collection.uri} collection={editing.collection} onSaved={(collection) => saved(collection, false)} onCancel={() => setEditing({ kind: 'none' })} />}

      <div className="mt-4">
        {state.status === 'loading' && <Spinner label={t('collection.own.loading')} />}
        {state.status === 'error' && (
          <EmptyState
            title={t('collection.own.error')}
            action={
              <Button variant="outline" onClick={reload}>
                {t('pages.actions.retry')}
              </Button>
            }
          />
        )}
        {state.status === 'success' && state.data.items.length === 0 && editing.kind !== 'new' && (
          <EmptyState icon={<LibraryBig className="size-10" aria-hidden="true" />} title={t('collection.own.empty')} description={t('collection.own.emptyHint')} />
        )}
        {state.status === 'success' && state.data.items.length > 0 && (
          <>
            <ul className="divide-y rounded-lg border">
              {state.data.items.map((item) => (
                <OwnCollectionRow
                  key={item.uri}
                  item={item}
                  number={number}
                  onEdit={() => edit(item.uri)}
                  onDeleted={() => {
                    toast({ title: t('collection.deleted', { title: item.title }) });
                    if (editing.kind === 'edit' && editing.collection.uri === item.uri) setEditing({ kind: 'none' });
                    reload();
                  }}
                />
              ))}
            </ul>
            {state.data.total > DEFAULT_PER_PAGE && (
              <div className="mt-4 flex justify-center">
                <Pagination page={page} total={state.data.total} onPageChange={setPage} />
              </div>
            )}
          </>
        )}
      </div>
    </section>
  );
}

function OwnCollectionRow({ item, number, onEdit, onDeleted }: { item: CollectionSummary; number: (value: number) => string; onEdit: () => void; onDeleted: () => void }) {
  const { t } = useTranslation();
  return (
    <li className="flex flex-wrap items-center gap-3 p-3 sm:flex-nowrap" data-collection-uri={item.uri}>
      <div className="aspect-[1200/630] w-24 shrink-0 overflow-hidden rounded-md border bg-muted">{item.coverUrl && <img src={item.coverUrl} alt="" className="size-full object-cover" loading="lazy" />}</div>
      <div className="min-w-0 flex-1">
        <Link to={`/c/${item.uri}`} className="line-clamp-1 font-medium hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
          {item.title}
        </Link>
        <p className="mt-1 flex flex-wrap gap-x-3 text-sm text-muted-foreground">
          <span>{t(`collection.visibility.${item.visibility}`)}</span>
          <span>{t('collection.campaigns', { count: item.campaignsCount, formatted: number(item.campaignsCount) })}</span>
          <span>{t('collection.supporters', { count: item.supportersCount, formatted: number(item.supportersCount) })}</span>
        </p>
      </div>
      <div className="flex gap-2">
        <Button type="button" variant="outline" size="sm" onClick={onEdit} aria-label={t('collection.own.editNamed', { title: item.title })}>
          <Pencil aria-hidden="true" />
          {t('collection.own.edit')}
        </Button>
        <ConfirmDeleteButton
          size="sm"
          labels={{
            action: t('collection.delete.action'),
            actionAria: t('collection.delete.actionNamed', { title: item.title }),
            title: t('collection.delete.title', { title: item.title }),
            description: t('collection.delete.description'),
            cancel: t('collection.delete.cancel'),
            confirm: t('collection.delete.confirm'),
            pending: t('collection.delete.pending'),
          }}
          remove={() => deleteCollection(item.uri)}
          describeFailure={(failure) => t(errorMessageKey(failure))}
          onDeleted={onDeleted}
        />
      </div>
    </li>
  );
}
