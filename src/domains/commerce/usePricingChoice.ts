import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { defaultCurrency, type Currency, type PaidTier, type PlanPeriod } from '../../../contract/plan.ts';
import { fetchCheckoutOptions } from '../../api/orders.ts';
import { isLoggedIn, useAccountStore } from '../account/public.ts';
import { parseCurrency, parsePeriod, parseTier } from './checkoutChoice.ts';

export interface PricingChoice {
  currency: Currency;
  period: PlanPeriod;
  /** The tier a plan lock sent the person for (?plan=…), shown as recommended. */
  highlighted: PaidTier | null;
  setCurrency: (currency: Currency) => void;
  setPeriod: (period: PlanPeriod) => void;
}

/**
 * The pricing pages' choices, kept in the URL (?currency=USD&period=yearly&plan=creator) so a link or a reload
 * shows the same. Without ?currency: the account's default from GET /checkout/options when signed in (its
 * country, else its language), else the language's (seed: `en` shows USD, `id` shows IDR).
 */
export function usePricingChoice(): PricingChoice {
  const { i18n } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const loggedIn = useAccountStore(isLoggedIn);
  const country = useAccountStore((s) => s.country);
  const [accountCurrency, setAccountCurrency] = useState<Currency | null>(null);
  const chosen = parseCurrency(search.get('currency'));

  useEffect(() => {
    if (!loggedIn || chosen) return;
    const controller = new AbortController();
    fetchCheckoutOptions(controller.signal).then(
      (options) => !controller.signal.aborted && setAccountCurrency(options.currency),
      // The language's currency stands in; the person can still switch.
      (error: unknown) => !controller.signal.aborted && console.warn('Could not load the checkout options', error),
    );
    return () => controller.abort();
  }, [loggedIn, chosen]);

  const fallback = loggedIn ? (accountCurrency ?? defaultCurrency(country || null, i18n.language)) : defaultCurrency(null, i18n.language);
  const update = (key: string, value: string) =>
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set(key, value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  return {
    currency: chosen ?? fallback,
    period: parsePeriod(search.get('period')) ?? 'monthly',
    highlighted: parseTier(search.get('plan')),
    setCurrency: (currency) => update('currency', currency),
    setPeriod: (period) => update('period', period),
  };
}
