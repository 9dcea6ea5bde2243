import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { fetchInvoice } from '../../api/billing.ts';
import { isApiError } from '../../api/index.ts';
import { useAsync } from '../../api/useAsync.ts';
import { PageStatus } from '../../domains/campaign/PageStatus.tsx';
import { InvoiceView } from '../../domains/billing/public.ts';
import NotFoundPage from '../../ui/NotFoundPage.tsx';
import { PageContainer } from '../../ui/PageContainer.tsx';

/** /invoice/:orderId — one of the person's invoices; anyone else's, or an unknown one, is the not-found page. */
export default function InvoicePage() {
  const { t } = useTranslation();
  const { orderId = '' } = useParams();
  const [state, retry] = useAsync((signal) => fetchInvoice(orderId, signal), [orderId]);
  if (state.status === 'success') {
    return (
      <PageContainer route="invoice" className="max-w-3xl">
        <InvoiceView invoice={state.data} />
      </PageContainer>
    );
  }
  if (state.status === 'error' && isApiError(state.error) && (state.error.status === 404 || state.error.status === 400)) return <NotFoundPage />;
  return <PageStatus route="invoice" status={state.status} loadingLabel={t('billing.invoice.loading')} errorTitle={t('billing.invoice.loadError')} onRetry={retry} />;
}
