import { useTranslation } from 'react-i18next';
import type { PaidTier } from '../../../contract/plan.ts';
import { PLATFORM_FEE_BPS_DEFAULT } from '../../../contract/monetization.ts';

/** Creators' share of donations (docs/MONETIZATION.md): the platform's fee as a percentage. */
const PLATFORM_FEE_PERCENT = PLATFORM_FEE_BPS_DEFAULT / 100;

/** The questions each tier page answers (texts under commerce.faq in the locales). */
const questions: Record<PaidTier, readonly string[]> = {
  supporter: ['watermark', 'cancel', 'payment', 'currency', 'invoice'],
  creator: ['frames', 'upgrade', 'cancel', 'payment', 'currency', 'invoice'],
};

/** An FAQ as native disclosures (<details>/<summary>): keyboard-operable and announced as expandable. */
export function PricingFaq({ tier }: { tier: PaidTier }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="pricing-faq" className="space-y-3">
      <h2 id="pricing-faq" className="text-2xl font-semibold">
        {t('commerce.faq.title')}
      </h2>
      {questions[tier].map((key) => (
        <details key={key} className="group rounded-lg border bg-card p-4">
          <summary className="cursor-pointer font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring">{t(`commerce.faq.${key}.question`)}</summary>
          <p className="mt-2 text-sm text-muted-foreground">{t(`commerce.faq.${key}.answer`)}</p>
        </details>
      ))}
      {tier === 'creator' && (
        <details className="group rounded-lg border bg-card p-4">
          <summary className="cursor-pointer font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring">{t('monetization.faq.question')}</summary>
          <p className="mt-2 text-sm text-muted-foreground">{t('monetization.faq.answer', { fee: PLATFORM_FEE_PERCENT })}</p>
        </details>
      )}
    </section>
  );
}
