import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Coins } from 'lucide-react';
import { apiErrorMessage } from '../../api/ApiError.ts';
import { fetchCreditBalance } from '../../api/credits.ts';
import { isLoggedIn, useAccountStore } from '../account/public.ts';
import { CreditHistory } from './CreditHistory.tsx';
import { CreditPacks } from './CreditPacks.tsx';
import { creditPrices } from '../../../contract/credits.ts';
import { TopUpReturn } from './TopUpReturn.tsx';

const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /credits: the balance, what credits buy, the packs to top up with, the return from a payment, and the history. */
export function CreditsView() {
  const { t } = useTranslation();
  const signedIn = useAccountStore(isLoggedIn);
  const [params] = useSearchParams();
  const orderId = params.get('order');
  const [balance, setBalance] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((current) => current + 1), []);

  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    fetchCreditBalance(controller.signal).then(setBalance, (failure: unknown) => {
      if (!controller.signal.aborted) setError(apiErrorMessage(t, failure, t('credits.balance.loadError')));
    });
    return () => controller.abort();
  }, [signedIn, t, version]);

  if (!signedIn) return <output className="block">{t('credits.signInFirst')}</output>;
  return (
    <div className="space-y-8">
      {orderId && ORDER_ID.test(orderId) && <TopUpReturn orderId={orderId} onPaid={reload} />}
      <section className="flex items-center gap-4 rounded-lg border p-6" aria-live="polite">
        <Coins className="size-10 text-primary-ink" aria-hidden="true" />
        <div>
          <p className="text-sm text-muted-foreground">{t('credits.balance.label')}</p>
          {error ? <p role="alert">{error}</p> : <p className="text-3xl font-bold" data-testid="credit-balance">{balance === null ? '…' : t('credits.balance.value', { count: balance })}</p>}
        </div>
      </section>
      <section className="space-y-2">
        <h2 className="text-xl font-semibold">{t('credits.uses.title')}</h2>
        <ul className="list-disc space-y-1 ps-6 text-sm">
          <li>{t('credits.uses.nowatermark', { count: creditPrices.nowatermark })}</li>
          <li>{t('credits.uses.highResolution', { count: creditPrices.highResolution })}</li>
        </ul>
      </section>
      <CreditPacks />
      <CreditHistory version={version} />
    </div>
  );
}
