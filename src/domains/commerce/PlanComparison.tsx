import { useTranslation } from 'react-i18next';
import type { PlanTier } from '../../../contract/plan.ts';
import { CurrencySwitch } from './CurrencySwitch.tsx';
import { PeriodSwitch } from './PeriodSwitch.tsx';
import { PlanCard } from './PlanCard.tsx';
import { usePricingChoice } from './usePricingChoice.ts';

const tiers: readonly PlanTier[] = ['free', 'supporter', 'creator'];

/** Free, supporter and creator side by side, with the period and currency switches (kept in the URL). */
export function PlanComparison() {
  const { t } = useTranslation();
  const { currency, period, highlighted, setCurrency, setPeriod } = usePricingChoice();
  return (
    <section aria-label={t('commerce.pricing.plansLabel')} className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <PeriodSwitch value={period} onChange={setPeriod} currency={currency} tiers={['supporter', 'creator']} />
        <CurrencySwitch value={currency} onChange={setCurrency} />
      </div>
      <div className="grid gap-6 md:grid-cols-3">
        {tiers.map((tier) => (
          <PlanCard key={tier} tier={tier} period={period} currency={currency} highlighted={tier === highlighted} />
        ))}
      </div>
      <p className="text-sm text-muted-foreground">{t('commerce.cta.signInNote')}</p>
    </section>
  );
}
