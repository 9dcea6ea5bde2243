import { Check, Minus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { planUnlocks, planUnlocksOf, type PlanTier } from '../../../contract/plan.ts';
import { cn } from '../../lib/cn.ts';

/** Every unlock of the catalog, marked included or not for `tier` (contract/plan.ts is the only source). */
export function UnlockList({ tier }: { tier: PlanTier }) {
  const { t } = useTranslation();
  const unlocked = planUnlocksOf(tier);
  return (
    <ul className="space-y-2 text-sm">
      {planUnlocks.map((unlock) => {
        const included = unlocked.includes(unlock);
        return (
          <li key={unlock} className={cn('flex items-start gap-2', !included && 'text-muted-foreground')}>
            {included ? <Check className="mt-0.5 size-4 shrink-0 text-primary-ink" aria-hidden="true" /> : <Minus className="mt-0.5 size-4 shrink-0" aria-hidden="true" />}
            <span>
              {t(`commerce.unlock.${unlock}`)}
              <span className="sr-only"> ({t(included ? 'commerce.included' : 'commerce.notIncluded')})</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
