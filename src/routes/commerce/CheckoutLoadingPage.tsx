import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { parseOrderId } from '../../domains/commerce/checkoutChoice.ts';
import { OrderProgress } from '../../domains/commerce/OrderProgress.tsx';
import { PageContainer } from '../../ui/PageContainer.tsx';

export default function CheckoutLoadingPage() {
  const { t } = useTranslation();
  const { orderId } = useParams();
  return (
    <PageContainer route="checkout-loading" className="max-w-2xl space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">{t('commerce.loading.title')}</h1>
      <OrderProgress orderId={parseOrderId(orderId)} />
    </PageContainer>
  );
}
