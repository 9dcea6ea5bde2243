import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { planPeriods, planUnlocksOf, type PaidTier } from '../../../contract/plan.ts';
import { CurrencySwitch } from './CurrencySwitch.tsx';
import { PlanCard } from './PlanCard.tsx';
import { PricingFaq } from './PricingFaq.tsx';
import { usePricingChoice } from './usePricingChoice.ts';

/** One tier in depth: what it unlocks (from the catalog), its monthly and yearly offers, and its FAQ. */
export function TierPricing({ tier }: { tier: PaidTier }) {
  const { t } = useTranslation();
  const { currency, period, highlighted, setCurrency } = usePricingChoice();
  return (
    <div className="space-y-10">
      <section aria-labelledby="tier-unlocks" className="space-y-4">
        <h2 id="tier-unlocks" className="text-2xl font-semibold">
          {t('commerce.pricing.whatYouGet')}
        </h2>
        <ul className="grid gap-4 md:grid-cols-3">
          {planUnlocksOf(tier).map((unlock) => (
            <li key={unlock} className="rounded-lg border bg-card p-4">
              <p className="flex items-start gap-2 font-medium">
                <Check className="mt-0.5 size-4 shrink-0 text-primary-ink" aria-hidden="true" />
                {t(`commerce.unlock.${unlock}`)}
              </p>
              <p className="mt-2 text-sm text-muted-foreground">{t(`commerce.unlockDetail.${unlock}`)}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="tier-offers" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <h2 id="tier-offers" className="text-2xl font-semibold">
            {t('commerce.pricing.choosePeriod')}
          </h2>
          <CurrencySwitch value={currency} onChange={setCurrency} />
        </div>
        <div className="grid gap-6 md:grid-cols-2">
          {planPeriods.map((offerPeriod) => (
            <PlanCard
              key={offerPeriod}
              tier={tier}
              period={offerPeriod}
              currency={currency}
              headingLevel={3}
              title={t(`commerce.period.${offerPeriod}`)}
              detailsLink={false}
              highlighted={highlighted === tier && offerPeriod === period}
            />
          ))}
        </div>
        <p className="text-sm text-muted-foreground">{t('commerce.cta.signInNote')}</p>
      </section>
      <PricingFaq tier={tier} />
      <p>
        <Link to={{ pathname: '/pricing', search: `?currency=${currency}` }} className="font-medium underline underline-offset-4">
          {t('commerce.pricing.compareAll')}
        </Link>
      </p>
    </div>
  );
}
