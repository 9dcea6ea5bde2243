import { Cloud, HardDrive, Pencil } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DesignKind } from '../../../contract/design.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { isApiError } from '../../api/index.ts';
import { formatDate, formatRelativeTime } from '../../lib/format.ts';
import { useAsync } from '../../api/useAsync.ts';
import { isLoggedIn, useAccountStore } from '../account/public.ts';
import { ConfirmDeleteButton } from '../../ui/ConfirmDeleteButton.tsx';
import { apiErrorMessage } from '../../api/ApiError.ts';
import { deleteServerDraft, listServerDrafts } from '../../api/designDrafts.ts';
import { deleteLocalDraft, listLocalDrafts } from './designDraftDb.ts';
import { mergeDraftSummaries, type ListedDraft } from './mergeDraftSummaries.ts';

interface DraftLists {
  drafts: ListedDraft[];
  /** The account's list could not be fetched; only this device's drafts are shown. */
  accountFailed: boolean;
  /** "Edited 5 minutes ago" counts from here. */
  loadedAt: number;
}

async function loadDrafts(signedIn: boolean, kind: DesignKind | undefined, signal: AbortSignal): Promise<DraftLists> {
  const [local, server] = await Promise.all([
    listLocalDrafts().catch((error: unknown) => {
      console.warn('Design drafts on this device could not be listed', error);
      return [];
    }),
    signedIn
      ? listServerDrafts(signal).catch((error: unknown) => {
          if (signal.aborted) throw error;
          console.warn('Design drafts of the account could not be listed', error);
          return null;
        })
      : [],
  ]);
  return { drafts: mergeDraftSummaries(local, server ?? [], kind), accountFailed: server === null, loadedAt: Date.now() };
}

export interface DesignDraftListProps {
  /** Only drafts of this kind (the create page of that campaign type). */
  kind?: DesignKind;
  /** Opens a draft in place of following its link (the create page navigates itself). */
  onOpen?: (id: string) => void;
}

/** "Your designs": this device's and the account's drafts, newest first, to continue or delete. Nothing when there are none. */
export function DesignDraftList({ kind, onOpen }: DesignDraftListProps) {
  const { t } = useTranslation();
  const signedIn = useAccountStore(isLoggedIn);
  const [state, reload] = useAsync((signal) => loadDrafts(signedIn, kind, signal), [signedIn, kind]);

  if (state.status === 'loading') return <Spinner label={t('design.drafts.loading')} className="self-start" />;
  if (state.status === 'error') return null;
  const { drafts, accountFailed, loadedAt } = state.data;
  if (drafts.length === 0 && !accountFailed) return null;

  return (
    <section aria-labelledby="design-drafts-title" className="flex flex-col gap-2" data-testid="design-drafts">
      <h3 id="design-drafts-title" className="text-sm font-semibold">
        {t('design.drafts.title')}
      </h3>
      {accountFailed && (
        <output className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          {t('design.drafts.accountFailed')}
          <Button variant="link" size="sm" className="h-auto p-0" onClick={reload}>
            {t('design.drafts.retry')}
          </Button>
        </output>
      )}
      {drafts.length > 0 && (
        <ul className="divide-y rounded-lg border">
          {drafts.map((draft) => (
            <DraftRow key={draft.id} draft={draft} now={loadedAt} onOpen={onOpen} onDeleted={reload} />
          ))}
        </ul>
      )}
    </section>
  );
}

function DraftRow({ draft, now, onOpen, onDeleted }: { draft: ListedDraft; now: number; onOpen: ((id: string) => void) | undefined; onDeleted: () => void }) {
  const { t, i18n } = useTranslation();
  const name = draft.name.trim() || t('design.drafts.untitled');
  const edited = formatRelativeTime(draft.updatedAt, now, t);
  const exact = formatDate(draft.updatedAt, i18n.language || 'en', 'long') || undefined;

  return (
    <li className="flex flex-wrap items-center gap-3 p-3" data-testid="design-draft">
      <div className="min-w-0 flex-1">
        <p className="line-clamp-1 font-medium">{name}</p>
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
          <span>{t('design.drafts.size', { width: draft.width, height: draft.height })}</span>
          <span>
            {t('design.drafts.edited')}{' '}
            <time dateTime={draft.updatedAt} title={exact}>
              {edited}
            </time>
          </span>
          <span className="flex items-center gap-1">
            {draft.inAccount ? <Cloud className="size-3.5" aria-hidden="true" /> : <HardDrive className="size-3.5" aria-hidden="true" />}
            {t(draft.inAccount ? 'design.drafts.inAccount' : 'design.drafts.onDevice')}
          </span>
        </p>
      </div>
      <Button variant="outline" size="sm" asChild>
        <Link
          to={`/create/${draft.kind}/${encodeURIComponent(draft.id)}`}
          aria-label={t('design.drafts.continueNamed', { name })}
          onClick={(event) => {
            if (!onOpen || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
            event.preventDefault();
            onOpen(draft.id);
          }}
        >
          <Pencil aria-hidden="true" />
          {t('design.drafts.continue')}
        </Link>
      </Button>
      <DeleteDraftButton draft={draft} name={name} onDeleted={onDeleted} />
    </li>
  );
}

function DeleteDraftButton({ draft, name, onDeleted }: { draft: ListedDraft; name: string; onDeleted: () => void }) {
  const { t } = useTranslation();
  const remove = async () => {
    // The account's copy first: if that fails, the device's copy still lists the draft.
    if (draft.inAccount) {
      await deleteServerDraft(draft.id).catch((failure: unknown) => {
        if (!(isApiError(failure) && failure.code === 'NOT_FOUND')) throw failure;
      });
    }
    if (draft.onDevice) await deleteLocalDraft(draft.id);
  };
  return (
    <ConfirmDeleteButton
      variant="ghost"
      size="sm"
      labels={{
        action: t('design.drafts.delete'),
        actionAria: t('design.drafts.deleteNamed', { name }),
        title: t('design.drafts.deleteTitle', { name }),
        description: t(draft.inAccount ? 'design.drafts.deleteDescriptionAccount' : 'design.drafts.deleteDescription'),
        cancel: t('design.drafts.cancel'),
        confirm: t('design.drafts.confirmDelete'),
        pending: t('design.drafts.deleting'),
      }}
      describeFailure={(failure) => apiErrorMessage(t, failure, t('design.drafts.deleteFailed'))}
      remove={remove}
      onDeleted={onDeleted}
    />
  );
}
