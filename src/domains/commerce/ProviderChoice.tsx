import { FlaskConical } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PaymentProviderName } from '../../../contract/order.ts';
import type { CheckoutOptions } from '../../../contract/order.ts';
import type { Currency } from '../../../contract/plan.ts';
import { cn } from '../../lib/cn.ts';

/** The payment methods as a radio group; one that does not charge the chosen currency is shown but disabled. */
export function ProviderChoice({ providers, currency, value, onChange }: { providers: CheckoutOptions['providers']; currency: Currency; value: PaymentProviderName | null; onChange: (provider: PaymentProviderName) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 text-xl font-semibold">{t('commerce.checkout.providers')}</legend>
      {providers.map((provider) => {
        const available = provider.currencies.includes(currency);
        const hintId = `provider-${provider.id}-hint`;
        return (
          <label
            key={provider.id}
            className={cn(
              'flex items-start gap-3 rounded-lg border p-4 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
              available ? 'cursor-pointer hover:bg-muted' : 'cursor-not-allowed opacity-60',
              value === provider.id && 'border-primary bg-primary/5',
            )}
          >
            <input type="radio" name="payment-provider" value={provider.id} checked={value === provider.id} disabled={!available} onChange={() => onChange(provider.id)} aria-describedby={hintId} className="mt-1" />
            <span className="space-y-1">
              <span className="block font-medium">{t(`commerce.checkout.provider.${provider.id}`)}</span>
              <span id={hintId} className="block text-sm text-muted-foreground">
                {t(`commerce.checkout.providerHint.${provider.id}`)}{' '}
                {available ? t('commerce.checkout.chargesIn', { currencies: provider.currencies.join(', ') }) : t('commerce.checkout.notInCurrency', { currency })}
              </span>
              {provider.isTest && (
                <span className="inline-flex items-center gap-1 rounded-full bg-amber-500/15 px-2 py-0.5 text-xs font-medium text-amber-800 dark:text-amber-300">
                  <FlaskConical className="size-3" aria-hidden="true" />
                  {t('commerce.checkout.testBadge')}
                </span>
              )}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
