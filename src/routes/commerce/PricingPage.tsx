import { useTranslation } from 'react-i18next';
import { PlanComparison } from '../../domains/commerce/PlanComparison.tsx';
import { PageContainer } from '../../ui/PageContainer.tsx';

export default function PricingPage() {
  const { t } = useTranslation();
  return (
    <PageContainer route="pricing" className="space-y-8">
      <header className="space-y-2 text-center">
        <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{t('commerce.pricing.title')}</h1>
        <p className="text-muted-foreground">{t('commerce.pricing.lead')}</p>
      </header>
      <PlanComparison />
    </PageContainer>
  );
}
