import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CheckoutOptions, PaymentProviderName } from '../../../contract/order.ts';
import { findOffer } from '../../../contract/plan.ts';
import { Button } from '../../ui/Button.tsx';
import { FormError } from '../../ui/TextField.tsx';
import type { CheckoutChoice } from './checkoutChoice.ts';
import { formatMoney } from '../../lib/formatMoney.ts';
import { ProviderChoice } from './ProviderChoice.tsx';
import { useCheckoutPayment } from './useCheckoutPayment.ts';

/** The first provider that charges `currency`: picked for the person, who may pick another. */
function firstAvailable(options: CheckoutOptions, currency: CheckoutChoice['currency']): PaymentProviderName | null {
  return options.providers.find((provider) => provider.currencies.includes(currency))?.id ?? null;
}

/** Provider choice, the terms and Pay. */
export function CheckoutForm({ choice, options }: { choice: CheckoutChoice; options: CheckoutOptions }) {
  const { t, i18n } = useTranslation();
  const [picked, setPicked] = useState<PaymentProviderName | null>(null);
  const [terms, setTerms] = useState(false);
  // A pick that does not charge the current currency (after a switch) gives way to one that does.
  const pickedProvider = options.providers.find((provider) => provider.id === picked && provider.currencies.includes(choice.currency));
  const provider = pickedProvider?.id ?? firstAvailable(options, choice.currency);
  const { phase, error, pay } = useCheckoutPayment(choice, provider);
  const amount = formatMoney(findOffer(choice.tier, choice.period).prices[choice.currency], choice.currency, i18n.language || 'en');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void pay(terms);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-6" aria-busy={phase !== 'idle' || undefined}>
      {options.providers.length > 0 && <ProviderChoice providers={options.providers} currency={choice.currency} value={provider} onChange={setPicked} />}
      {provider === null && <p className="rounded-md border border-amber-500/40 bg-amber-500/10 p-3 text-sm">{t('commerce.checkout.noProvider', { currency: choice.currency })}</p>}
      <div className="space-y-1">
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" checked={terms} onChange={(event) => setTerms(event.target.checked)} className="mt-0.5 size-4" />
          <span>{t('commerce.checkout.terms')}</span>
        </label>
        <Link to="/terms" target="_blank" className="ms-6 text-sm underline underline-offset-4">
          {t('commerce.checkout.termsLink')}
        </Link>
      </div>
      <FormError message={error} />
      <Button type="submit" size="lg" className="w-full" disabled={phase !== 'idle' || provider === null}>
        {phase === 'creating' ? t('commerce.checkout.paying') : phase === 'leaving' ? t('commerce.checkout.opening') : t('commerce.checkout.pay', { amount })}
      </Button>
      <p className="text-xs text-muted-foreground">{t('commerce.checkout.amountNote')}</p>
    </form>
  );
}
