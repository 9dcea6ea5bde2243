import { useTranslation } from 'react-i18next';
import { TierPricing } from '../../domains/commerce/TierPricing.tsx';
import { PageContainer } from '../../ui/PageContainer.tsx';

export default function PricingCreatorsPage() {
  const { t } = useTranslation();
  return (
    <PageContainer route="pricing-creators" className="space-y-8">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{t('commerce.pricing.tierTitle.creator')}</h1>
        <p className="text-muted-foreground">{t('commerce.tierLead.creator')}</p>
      </header>
      <TierPricing tier="creator" />
    </PageContainer>
  );
}
