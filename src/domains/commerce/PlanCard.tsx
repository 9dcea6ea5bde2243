import { Check } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { findOffer, planTier, type Currency, type PlanPeriod, type PlanTier } from '../../../contract/plan.ts';
import { cn } from '../../lib/cn.ts';
import { useAccountStore } from '../account/public.ts';
import { formatMoney } from '../../lib/formatMoney.ts';
import { PlanCta } from './PlanCta.tsx';
import { PriceTag } from './PriceTag.tsx';
import { tierPricingPage } from './pricingLinks.ts';
import { UnlockList } from './UnlockList.tsx';
import { yearlySaving } from './planSaving.ts';

const freeBasics = ['support', 'create', 'share'] as const;

/** One tier on the pricing page: its price for the period and currency, what it unlocks, and its call to action. */
export function PlanCard({ tier, period, currency, highlighted = false, headingLevel = 2, title, detailsLink = true }: { tier: PlanTier; period: PlanPeriod; currency: Currency; highlighted?: boolean; headingLevel?: 2 | 3; title?: string; detailsLink?: boolean }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const current = useAccountStore((s) => (s.uuid ? planTier(s.subscription?.plan) : null)) === tier;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const name = t(`commerce.tier.${tier}`);
  const offer = tier === 'free' ? null : findOffer(tier, period);
  const saving = tier !== 'free' && period === 'yearly' ? yearlySaving(tier, currency) : null;
  return (
    <article aria-labelledby={headingId} className={cn('flex flex-col gap-4 rounded-xl border bg-card p-6 shadow-sm', highlighted && 'border-primary ring-2 ring-primary')}>
      <div className="flex flex-wrap items-center gap-2">
        <Heading id={headingId} className="text-xl font-semibold">
          {title ?? name}
        </Heading>
        {highlighted && <span className="rounded-full bg-primary px-2 py-0.5 text-xs text-primary-foreground">{t('commerce.recommended')}</span>}
        {current && <span className="rounded-full bg-muted px-2 py-0.5 text-xs">{t('commerce.yourPlan')}</span>}
      </div>
      <p className="text-sm text-muted-foreground">{t(`commerce.tierLead.${tier}`)}</p>
      {offer ? (
        <div>
          <PriceTag amount={offer.prices[currency]} currency={currency} period={period} />
          {saving && saving.amount > 0 && <p className="text-sm text-primary-ink">{t('commerce.savingAmount', { amount: formatMoney(saving.amount, currency, i18n.language || 'en') })}</p>}
        </div>
      ) : (
        <p className="flex items-baseline gap-1.5">
          <span className="text-3xl font-bold tracking-tight">{t('commerce.priceFree')}</span>
          <span className="text-sm text-muted-foreground">{t('commerce.priceFreeNote')}</span>
        </p>
      )}
      {tier === 'free' ? (
        <ul className="space-y-2 text-sm">
          {freeBasics.map((basic) => (
            <li key={basic} className="flex items-start gap-2">
              <Check className="mt-0.5 size-4 shrink-0 text-primary-ink" aria-hidden="true" />
              {t(`commerce.freeBasics.${basic}`)}
            </li>
          ))}
        </ul>
      ) : (
        <UnlockList tier={tier} />
      )}
      <div className="mt-auto space-y-2 pt-2">
        {tier === 'free' ? (
          <Link to="/explore/campaign" className="block text-center text-sm font-medium underline underline-offset-4">
            {t('commerce.cta.free')}
          </Link>
        ) : (
          <>
            <PlanCta choice={{ tier, period, currency }} label={t('commerce.cta.chooseFor', { plan: name, period: t(`commerce.billed.${period}`) })} variant={highlighted ? 'default' : 'outline'} />
            {detailsLink && (
              <Link to={tierPricingPage[tier]} className="block text-center text-sm underline underline-offset-4">
                {t(`commerce.pricing.more.${tier}`)}
              </Link>
            )}
          </>
        )}
      </div>
    </article>
  );
}
