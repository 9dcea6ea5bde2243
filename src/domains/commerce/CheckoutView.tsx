import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { Currency } from '../../../contract/plan.ts';
import { fetchCheckoutOptions } from '../../api/orders.ts';
import { useAsync } from '../../api/useAsync.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { FormError } from '../../ui/TextField.tsx';
import { parseCheckoutChoice, type CheckoutChoice, type CheckoutParam } from './checkoutChoice.ts';
import { CheckoutForm } from './CheckoutForm.tsx';
import { OrderSummary } from './OrderSummary.tsx';

/** The checkout below its heading: the summary and the form, or what is wrong with the link. */
export function CheckoutView() {
  const [search, setSearch] = useSearchParams();
  const parsed = parseCheckoutChoice(search);
  if (!parsed.ok) return <InvalidCheckout invalid={parsed.invalid} />;
  const setCurrency = (currency: Currency) =>
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('currency', currency);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  return (
    <div className="grid gap-8 md:grid-cols-[1fr_1.2fr]">
      <OrderSummary choice={parsed.choice} onCurrencyChange={setCurrency} />
      <CheckoutOptionsLoader choice={parsed.choice} />
    </div>
  );
}

function CheckoutOptionsLoader({ choice }: { choice: CheckoutChoice }) {
  const { t } = useTranslation();
  const [options, retry] = useAsync((signal) => fetchCheckoutOptions(signal), []);
  if (options.status === 'loading') return <Spinner busy label={t('commerce.checkout.loadingOptions')} />;
  if (options.status === 'error') {
    const message = options.error instanceof Error ? options.error.message : t('errors.UNKNOWN');
    return (
      <div className="space-y-3">
        <FormError message={t('commerce.checkout.optionsError', { message })} />
        <Button variant="outline" onClick={retry}>
          {t('pages.actions.retry')}
        </Button>
      </div>
    );
  }
  return <CheckoutForm choice={choice} options={options.data} />;
}

function InvalidCheckout({ invalid }: { invalid: readonly CheckoutParam[] }) {
  const { t } = useTranslation();
  return (
    <section role="alert" aria-labelledby="checkout-invalid" className="space-y-3 rounded-xl border border-destructive/40 bg-destructive/5 p-6">
      <h2 id="checkout-invalid" className="text-xl font-semibold">
        {t('commerce.checkout.invalid.title')}
      </h2>
      <ul className="list-disc space-y-1 ps-5 text-sm">
        {invalid.map((param) => (
          <li key={param}>{t(`commerce.checkout.invalid.${param}`)}</li>
        ))}
      </ul>
      <p className="text-sm text-muted-foreground">{t('commerce.checkout.invalid.lead')}</p>
      <Button asChild>
        <Link to="/pricing">{t('commerce.checkout.invalid.back')}</Link>
      </Button>
    </section>
  );
}
