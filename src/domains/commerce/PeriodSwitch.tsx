import { useTranslation } from 'react-i18next';
import { planPeriods, type Currency, type PaidTier, type PlanPeriod } from '../../../contract/plan.ts';
import { cn } from '../../lib/cn.ts';
import { yearlySaving } from './planSaving.ts';

/** Monthly or yearly, as a radio group; yearly says how much it saves at most (over `tiers`). */
export function PeriodSwitch({ value, onChange, currency, tiers }: { value: PlanPeriod; onChange: (period: PlanPeriod) => void; currency: Currency; tiers: readonly PaidTier[] }) {
  const { t } = useTranslation();
  const percent = Math.max(0, ...tiers.map((tier) => yearlySaving(tier, currency).percent));
  return (
    <fieldset className="flex flex-wrap items-center gap-2 text-sm">
      <legend className="sr-only">{t('commerce.periodLegend')}</legend>
      {planPeriods.map((period) => (
        <label
          key={period}
          className={cn(
            'flex cursor-pointer items-center gap-2 rounded-full border px-4 py-2 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
            value === period ? 'border-primary bg-primary text-primary-foreground' : 'border-input bg-background hover:bg-muted',
          )}
        >
          <input type="radio" name="billing-period" value={period} checked={value === period} onChange={() => onChange(period)} className="sr-only" />
          <span>{t(`commerce.period.${period}`)}</span>
          {period === 'yearly' && percent > 0 && <span className="rounded-full bg-accent px-2 py-0.5 text-xs text-accent-foreground">{t('commerce.saving', { percent })}</span>}
        </label>
      ))}
    </fieldset>
  );
}
