import { useTranslation } from 'react-i18next';
import type { Currency, PlanPeriod } from '../../../contract/plan.ts';
import { formatMoney } from '../../lib/formatMoney.ts';

/** A plan's price per period, formatted for the page's language. */
export function PriceTag({ amount, currency, period }: { amount: number; currency: Currency; period: PlanPeriod }) {
  const { t, i18n } = useTranslation();
  return (
    <p className="flex items-baseline gap-1.5">
      <span className="text-3xl font-bold tracking-tight">
        {formatMoney(amount, currency, i18n.language || 'en')}
      </span>
      <span className="text-sm text-muted-foreground">{t(`commerce.perPeriod.${period}`)}</span>
    </p>
  );
}
