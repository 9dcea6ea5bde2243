import { useTranslation } from 'react-i18next';
import { findOffer, planUnlocksOf, type Currency } from '../../../contract/plan.ts';
import type { CheckoutChoice } from './checkoutChoice.ts';
import { CurrencySwitch } from './CurrencySwitch.tsx';
import { formatMoney } from '../../lib/formatMoney.ts';

/** What is being bought: the plan, how it is billed, what it unlocks and its price in the chosen currency. */
export function OrderSummary({ choice, onCurrencyChange }: { choice: CheckoutChoice; onCurrencyChange: (currency: Currency) => void }) {
  const { t, i18n } = useTranslation();
  const offer = findOffer(choice.tier, choice.period);
  const price = formatMoney(offer.prices[choice.currency], choice.currency, i18n.language || 'en');
  return (
    <section aria-labelledby="order-summary" className="space-y-4 rounded-xl border bg-card p-6">
      <h2 id="order-summary" className="text-xl font-semibold">
        {t('commerce.checkout.summary')}
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="text-muted-foreground">{t('commerce.checkout.plan')}</dt>
        <dd>{t('commerce.checkout.planName', { plan: t(`commerce.tier.${choice.tier}`) })}</dd>
        <dt className="text-muted-foreground">{t('commerce.checkout.billing')}</dt>
        <dd>{t(`commerce.period.${choice.period}`)}</dd>
        <dt className="text-muted-foreground">{t('commerce.checkout.unlocks')}</dt>
        <dd>
          <ul>
            {planUnlocksOf(choice.tier).map((unlock) => (
              <li key={unlock}>{t(`commerce.unlock.${unlock}`)}</li>
            ))}
          </ul>
        </dd>
        <dt className="text-base font-semibold">{t('commerce.checkout.total')}</dt>
        <dd className="text-base font-semibold">
          {price} <span className="text-sm font-normal text-muted-foreground">{t(`commerce.perPeriod.${choice.period}`)}</span>
        </dd>
      </dl>
      <CurrencySwitch value={choice.currency} onChange={onCurrencyChange} />
    </section>
  );
}
