import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { creditPacks } from '../../../contract/credits.ts';
import type { Currency } from '../../../contract/plan.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { formatMoney } from '../../lib/formatMoney.ts';
import { ProviderChoice, useCheckoutOptions } from '../commerce/public.ts';
import { useCreditsTopUp } from './useCreditsTopUp.ts';

/** The packs priced in the account's currency, the payment method and the terms; Buy goes to the provider. */
export function CreditPacks() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language || 'en';
  const headingId = useId();
  const termsId = useId();
  const { options, provider, setProvider, loadError } = useCheckoutOptions(t('credits.packs.loadError'));
  const [accepted, setAccepted] = useState(false);
  const currency: Currency = options?.currency ?? 'USD';
  const { busyPack, error, buy } = useCreditsTopUp(currency, provider);

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="text-xl font-semibold">
        {t('credits.packs.title')}
      </h2>
      {loadError && <p role="alert">{loadError}</p>}
      {!options && !loadError && <Spinner label={t('credits.packs.loading')} />}
      {options && (
        <>
          <ul className="grid gap-3 sm:grid-cols-3">
            {creditPacks.map((pack) => {
              const price = formatMoney(pack.prices[currency], currency, locale);
              return (
                <li key={pack.id} className="space-y-2 rounded-lg border p-4" data-testid="credit-pack">
                  <p className="text-lg font-semibold">{t('credits.packs.credits', { count: pack.credits })}</p>
                  <p className="text-muted-foreground">{price}</p>
                  <Button className="w-full" disabled={busyPack !== null} onClick={() => void buy(pack.id, accepted)} aria-label={t('credits.packs.buyLabel', { count: pack.credits, price })}>
                    {busyPack === pack.id ? t('credits.packs.buying') : t('credits.packs.buy')}
                  </Button>
                </li>
              );
            })}
          </ul>
          <ProviderChoice providers={options.providers} currency={currency} value={provider} onChange={setProvider} />
          <label htmlFor={termsId} className="flex items-start gap-2 text-sm">
            <input id={termsId} type="checkbox" checked={accepted} onChange={(event) => setAccepted(event.target.checked)} className="mt-1" />
            <span>{t('credits.buy.terms')}</span>
          </label>
          {error && <p role="alert">{error}</p>}
        </>
      )}
    </section>
  );
}
