import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { PaymentProviderName } from '../../../contract/order.ts';
import { isApiError } from '../../api/ApiError.ts';
import { createOrder } from '../../api/orders.ts';
import { useAccountStore } from '../account/public.ts';
import type { CheckoutChoice } from './checkoutChoice.ts';
import { DURIANPAY_LOAD_ERROR, openDurianpayCheckout } from './durianpayCheckout.ts';
import { redirectToProvider } from './providerRedirect.ts';
import { useAttemptKey } from './useAttemptKey.ts';

export type PaymentPhase = 'idle' | 'creating' | 'leaving';

/**
 * Pay: creates the order of this attempt (POST /orders with the attempt's idempotency key) and hands over to the
 * provider: a hosted page (redirect) or DurianPay's checkout, whose script loads only now. The webhooks decide
 * the outcome; the loading page shows it.
 */
export function useCheckoutPayment(choice: CheckoutChoice, provider: PaymentProviderName | null) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [phase, setPhase] = useState<PaymentPhase>('idle');
  const [error, setError] = useState<string | null>(null);
  const attemptKey = useAttemptKey(`${choice.tier}:${choice.period}:${choice.currency}:${provider ?? ''}`);

  const pay = async (acceptTerms: boolean): Promise<void> => {
    if (phase !== 'idle') return;
    if (!provider) return setError(t('commerce.checkout.providerRequired'));
    if (!acceptTerms) return setError(t('commerce.checkout.termsRequired'));
    setError(null);
    setPhase('creating');
    try {
      const order = await createOrder({ ...choice, provider, idempotencyKey: attemptKey(), acceptTerms: true });
      const loadingPath = `/checkout/loading/${order.id}`;
      const checkout = order.status === 'pending' ? order.checkout : null;
      if (!checkout) {
        await navigate(loadingPath);
        return;
      }
      setPhase('leaving');
      if (checkout.kind === 'redirect') {
        redirectToProvider(checkout.url);
        return;
      }
      const account = useAccountStore.getState();
      await openDurianpayCheckout(checkout, {
        locale: i18n.language || 'en',
        customer: { ...(account.uuid ? { id: account.uuid } : {}), ...(account.email ? { email: account.email } : {}), ...(account.name ? { given_name: account.name } : {}) },
        onSuccess: () => void navigate(loadingPath),
        onFailure: () => void navigate(loadingPath),
        // Closed without paying: stay here; Pay again reopens the same order.
        onClose: () => setPhase('idle'),
      });
    } catch (failure) {
      setPhase('idle');
      if (failure instanceof Error && failure.message === DURIANPAY_LOAD_ERROR) setError(t('commerce.checkout.durianpayFailed'));
      else if (isApiError(failure)) setError(failure.message);
      else {
        console.error('Checkout failed', failure);
        setError(t('errors.UNKNOWN'));
      }
    }
  };
  return { phase, error, pay };
}
