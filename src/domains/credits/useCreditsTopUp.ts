import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentProviderName } from '../../../contract/order.ts';
import type { Currency } from '../../../contract/plan.ts';
import { apiErrorMessage } from '../../api/ApiError.ts';
import { createCreditsOrder } from '../../api/credits.ts';
import { goToProvider, useAttemptKey } from '../commerce/public.ts';

/**
 * Buys a credit pack: opens the order of this attempt (one idempotency key per pack, currency and provider) and
 * hands over to the provider's hosted page, which returns to /credits?order=… (the webhook decides the outcome).
 */
export function useCreditsTopUp(currency: Currency, provider: PaymentProviderName | null) {
  const { t } = useTranslation();
  const [busyPack, setBusyPack] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState('');
  const attemptKey = useAttemptKey(`${attempt}:${currency}:${provider ?? ''}`);

  const buy = async (pack: string, acceptTerms: boolean): Promise<void> => {
    if (busyPack) return;
    if (!provider) return setError(t('credits.buy.providerRequired'));
    if (!acceptTerms) return setError(t('credits.buy.termsRequired'));
    setError(null);
    setAttempt(pack);
    setBusyPack(pack);
    try {
      const order = await createCreditsOrder({ pack, currency, provider, idempotencyKey: attemptKey(), acceptTerms: true });
      if (goToProvider(order)) return;
      setError(t('credits.buy.notRedirect'));
    } catch (failure) {
      setError(apiErrorMessage(t, failure, t('errors.UNKNOWN')));
    }
    setBusyPack(null);
  };
  return { busyPack, error, buy };
}
