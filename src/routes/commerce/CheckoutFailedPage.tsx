import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CheckoutFailure } from '../../domains/commerce/CheckoutFailure.tsx';
import { parseOrderId } from '../../domains/commerce/checkoutChoice.ts';
import { PageContainer } from '../../ui/PageContainer.tsx';

export default function CheckoutFailedPage() {
  const { t } = useTranslation();
  const { orderId } = useParams();
  return (
    <PageContainer route="checkout-failed" className="max-w-2xl space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">{t('commerce.failed.title')}</h1>
      <CheckoutFailure orderId={parseOrderId(orderId)} />
    </PageContainer>
  );
}
