import { useTranslation } from 'react-i18next';
import { CheckoutView } from '../../domains/commerce/CheckoutView.tsx';
import { PageContainer } from '../../ui/PageContainer.tsx';

export default function CheckoutPage() {
  const { t } = useTranslation();
  return (
    <PageContainer route="checkout" className="max-w-5xl space-y-8">
      <h1 className="text-3xl font-bold tracking-tight">{t('commerce.checkout.title')}</h1>
      <CheckoutView />
    </PageContainer>
  );
}
