import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DONATION_LIMITS } from '../../../contract/donation.ts';
import { fetchDonorWall } from '../../api/donations.ts';
import { useAsync } from '../../api/useAsync.ts';
import { formatDate } from '../../lib/format.ts';
import { formatMoney } from '../../lib/formatMoney.ts';
import { Button } from '../../ui/Button.tsx';
import { Pagination } from '../../ui/Pagination.tsx';

/** Paid donations the creator has not hidden, newest first, ten a page; `version` reloads it. */
export function DonorWall({ uri, version = 0 }: { uri: string; version?: number }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const [state, retry] = useAsync((signal) => fetchDonorWall(uri, page, signal), [uri, page, version]);

  return (
    <section aria-labelledby="donor-wall-heading" className="flex flex-col gap-3" data-testid="donor-wall">
      <h3 id="donor-wall-heading" className="font-semibold">
        {t('donation.wall.title')}
      </h3>
      {state.status === 'loading' && <p className="text-sm text-muted-foreground">{t('donation.wall.loading')}</p>}
      {state.status === 'error' && (
        <p className="flex items-center gap-2 text-sm" role="alert">
          {t('donation.wall.loadError')}
          <Button variant="link" size="sm" onClick={retry}>
            {t('donation.retry')}
          </Button>
        </p>
      )}
      {state.status === 'success' && state.data.items.length === 0 && <p className="text-sm text-muted-foreground">{t('donation.wall.empty')}</p>}
      {state.status === 'success' && state.data.items.length > 0 && (
        <>
          <ul className="flex flex-col gap-2">
            {state.data.items.map((item) => (
              <li key={item.id} className="rounded-md border p-3 text-sm" data-testid="donor-wall-item">
                <p className="flex flex-wrap justify-between gap-2">
                  <span className="font-medium">{item.name ?? t('donation.wall.anonymous')}</span>
                  <span className="tabular-nums">{formatMoney(item.amount, item.currency, i18n.language)}</span>
                </p>
                {item.message && <p dir="auto" className="mt-1 whitespace-pre-line break-words">{item.message}</p>}
                <p className="mt-1 text-xs text-muted-foreground">{formatDate(item.createdAt, i18n.language)}</p>
              </li>
            ))}
          </ul>
          <Pagination page={page} total={state.data.total} perPage={DONATION_LIMITS.wallPageSize} onPageChange={setPage} />
        </>
      )}
    </section>
  );
}
