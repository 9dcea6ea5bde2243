import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreditEntryView } from '../../../contract/creditsApi.ts';
import { apiErrorMessage } from '../../api/ApiError.ts';
import { fetchCreditHistory } from '../../api/credits.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { formatDay } from '../billing/public.ts';

type Load = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready' };

/** The balance's entries, newest first, a page at a time: top-ups, spends, refunds and revocations. */
export function CreditHistory({ version }: { version: number }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language || 'en';
  const headingId = useId();
  const [entries, setEntries] = useState<CreditEntryView[]>([]);
  const [page, setPage] = useState(1);
  const [hasMore, setHasMore] = useState(false);
  const [load, setLoad] = useState<Load>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    fetchCreditHistory(page, controller.signal).then(
      (answer) => {
        setEntries((shown) => (page === 1 ? answer.items : [...shown, ...answer.items.filter((entry) => !shown.some((e) => e.id === entry.id))]));
        setHasMore(answer.hasMore);
        setLoad({ status: 'ready' });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setLoad({ status: 'error', message: apiErrorMessage(t, error, t('credits.history.loadError')) });
      },
    );
    return () => controller.abort();
  }, [page, t, version]);

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-xl font-semibold">
        {t('credits.history.title')}
      </h2>
      {entries.length === 0 && load.status === 'ready' && <p className="text-sm text-muted-foreground">{t('credits.history.empty')}</p>}
      {entries.length > 0 && (
        <ul className="divide-y rounded-lg border">
          {entries.map((entry) => (
            <li key={entry.id} className="flex items-center justify-between gap-3 px-4 py-2 text-sm" data-testid="credit-entry">
              <span>
                <span className="font-medium">{t(`credits.history.kind.${entry.kind}`)}</span>
                {entry.item && <span className="ms-2 text-muted-foreground">{t(`credits.history.item.${entry.item}`, { defaultValue: entry.item })}</span>}
                <span className="ms-2 text-muted-foreground">{formatDay(entry.createdAt, locale)}</span>
              </span>
              <span className={entry.amount > 0 ? 'font-semibold text-green-700 dark:text-green-400' : 'font-semibold'}>{t('credits.history.amount', { count: entry.amount, signed: entry.amount > 0 ? `+${entry.amount}` : String(entry.amount) })}</span>
            </li>
          ))}
        </ul>
      )}
      {load.status === 'loading' && <Spinner label={t('credits.history.loading')} />}
      {load.status === 'error' && <p role="alert">{load.message}</p>}
      {hasMore && load.status === 'ready' && (
        <Button variant="outline" onClick={() => { setLoad({ status: 'loading' }); setPage((current) => current + 1); }}>
          {t('credits.history.more')}
        </Button>
      )}
    </section>
  );
}
