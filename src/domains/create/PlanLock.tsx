import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { pricingPathFor, rememberReturnPath } from '../commerce/public.ts';

/** Says why a creator-plan feature is locked and where the plan is. */
export function PlanLock({ feature }: { feature: 'frames' | 'visibility' }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <div role="note" data-testid={`plan-lock-${feature}`} className="flex items-start gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 p-3 text-sm">
      <Lock className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden="true" />
      <p>
        <span className="font-medium">{t(`create.planLock.${feature}`)}</span> {t('create.planLock.why')}{' '}
        <Link to={pricingPathFor(feature === 'frames' ? 'severalFrames' : 'restrictedVisibility')} onClick={() => rememberReturnPath(pathname + search)} className="font-medium text-primary-ink underline underline-offset-2 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
          {t('create.planLock.link')}
        </Link>
      </p>
    </div>
  );
}
