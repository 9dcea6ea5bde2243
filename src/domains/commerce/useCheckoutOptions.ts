import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CheckoutOptions, OrderView, PaymentProviderName } from '../../../contract/order.ts';
import { apiErrorMessage } from '../../api/ApiError.ts';
import { fetchCheckoutOptions } from '../../api/orders.ts';
import { redirectToProvider } from './providerRedirect.ts';

/**
 * The providers this visitor may pay with and the currency shown first, with the first provider that charges that
 * currency chosen; `loadError` (in the person's words, `fallback` when the API gives none) when they could not be read.
 */
export function useCheckoutOptions(fallback: string) {
  const { t } = useTranslation();
  const [options, setOptions] = useState<CheckoutOptions | null>(null);
  const [provider, setProvider] = useState<PaymentProviderName | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchCheckoutOptions(controller.signal).then(
      (answer) => {
        setOptions(answer);
        setProvider(answer.providers.find((candidate) => candidate.currencies.includes(answer.currency))?.id ?? null);
      },
      (failure: unknown) => {
        if (!controller.signal.aborted) setLoadError(apiErrorMessage(t, failure, fallback));
      },
    );
    return () => controller.abort();
  }, [t, fallback]);
  return { options, provider, setProvider, loadError };
}

/** Hands a new order over to its provider's hosted page; false when the order cannot be paid that way (nothing happens). */
export function goToProvider(order: OrderView): boolean {
  if (order.status !== 'pending' || order.checkout?.kind !== 'redirect') return false;
  redirectToProvider(order.checkout.url);
  return true;
}
