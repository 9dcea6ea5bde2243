import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DONATION_LIMITS, type ManagedDonation } from '../../../contract/donation.ts';
import { apiErrorMessage } from '../../api/ApiError.ts';
import { fetchManagedDonations, setDonationHidden } from '../../api/donations.ts';
import { useAsync } from '../../api/useAsync.ts';
import { formatDate } from '../../lib/format.ts';
import { formatMoney } from '../../lib/formatMoney.ts';
import { Button } from '../../ui/Button.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { toast } from '../../ui/toastStore.ts';

/** The creator's list of paid donations: hide one from the donor wall or show it again (the money still counts). */
export function ManagedDonations({ uri }: { uri: string }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const [state, retry] = useAsync((signal) => fetchManagedDonations(uri, page, signal), [uri, page]);
  const [changed, setChanged] = useState<Record<string, ManagedDonation>>({});
  const [busy, setBusy] = useState<string | null>(null);

  const toggle = async (donation: ManagedDonation) => {
    setBusy(donation.id);
    try {
      const updated = await setDonationHidden(uri, donation.id, !donation.hidden);
      setChanged((current) => ({ ...current, [updated.id]: updated }));
    } catch (error) {
      toast({ title: apiErrorMessage(t, error, t('donation.manage.failed')), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby="managed-donations-heading" className="flex max-w-xl flex-col gap-3" data-testid="managed-donations">
      <h2 id="managed-donations-heading" className="text-lg font-semibold">
        {t('donation.manage.title')}
      </h2>
      {state.status === 'loading' && <p className="text-sm text-muted-foreground">{t('donation.wall.loading')}</p>}
      {state.status === 'error' && (
        <p role="alert" className="flex items-center gap-2 text-sm">
          {t('donation.wall.loadError')}
          <Button variant="link" size="sm" onClick={retry}>
            {t('donation.retry')}
          </Button>
        </p>
      )}
      {state.status === 'success' && state.data.items.length === 0 && <p className="text-sm text-muted-foreground">{t('donation.manage.empty')}</p>}
      {state.status === 'success' && state.data.items.length > 0 && (
        <>
          <ul className="flex flex-col gap-2">
            {state.data.items.map((listed) => {
              const donation = changed[listed.id] ?? listed;
              const name = donation.name ?? t('donation.wall.anonymous');
              return (
                <li key={donation.id} className="flex flex-col gap-1 rounded-md border p-3 text-sm" data-testid="managed-donation">
                  <p className="flex flex-wrap justify-between gap-2">
                    <span className="font-medium">{name}</span>
                    <span className="tabular-nums">{formatMoney(donation.amount, donation.currency, i18n.language)}</span>
                  </p>
                  {donation.message && <p dir="auto" className="whitespace-pre-line break-words">{donation.message}</p>}
                  <p className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
                    <span>
                      {formatDate(donation.createdAt, i18n.language)}
                      {donation.hidden && ` · ${t('donation.manage.hiddenBadge')}`}
                    </span>
                    <Button variant="outline" size="sm" disabled={busy === donation.id} onClick={() => void toggle(donation)}>
                      {donation.hidden ? t('donation.manage.show', { name }) : t('donation.manage.hide', { name })}
                    </Button>
                  </p>
                </li>
              );
            })}
          </ul>
          <Pagination page={page} total={state.data.total} perPage={DONATION_LIMITS.wallPageSize} onPageChange={setPage} />
        </>
      )}
    </section>
  );
}
