import { ArrowLeft, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { Button } from '../../ui/Button.tsx';
import { DirectionalIcon } from '../../ui/DirectionalIcon.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { SupportEditor } from '../../domains/support/SupportEditor.tsx';
import { NowatermarkReturn } from '../../domains/credits/NowatermarkReturn.tsx';
import { isApiError } from '../../api/index.ts';
import { pipelineSupported } from '../../pipeline/index.ts';
import { fetchCampaign } from '../../api/campaigns.ts';
import { PageContainer } from '../../ui/PageContainer.tsx';
import { useAsync } from '../../api/useAsync.ts';
import NotFoundPage from '../../ui/NotFoundPage.tsx';

const ACCESS_CODES: ReadonlySet<string> = new Set(['ACCESS_CODE_REQUIRED', 'ACCESS_CODE_INVALID']);

/** /:uri/support — the supporter picks a photo, adjusts it in the frame and renders the result on the device. */
export default function CampaignSupportPage() {
  const { t } = useTranslation();
  const { uri = '' } = useParams();
  const [params] = useSearchParams();
  const [state, retry] = useAsync((signal) => fetchCampaign(uri, signal), [uri]);

  if (state.status === 'error' && isApiError(state.error)) {
    if (state.error.code === 'NOT_FOUND' || state.error.status === 404) return <NotFoundPage />;
    // The campaign page holds the access-code form.
    if (ACCESS_CODES.has(state.error.code)) return <Navigate to={`/${uri}`} replace />;
  }
  if (state.status !== 'success') {
    return (
      <PageContainer route="campaign-support" className="flex min-h-[60vh] max-w-3xl flex-col items-center justify-center">
        {state.status === 'loading' ? (
          <>
            <h1 className="sr-only">{t('support.loading')}</h1>
            <Spinner label={t('support.loading')} busy />
          </>
        ) : (
          <>
            <h1 className="mb-2 text-2xl font-bold">{t('support.errorTitle')}</h1>
            <EmptyState
              title={t('support.loadError')}
              action={
                <Button variant="outline" onClick={retry}>
                  {t('support.retry')}
                </Button>
              }
            />
          </>
        )}
      </PageContainer>
    );
  }

  const campaign = state.data;
  return (
    <PageContainer route="campaign-support" className="max-w-3xl py-6 sm:py-10">
      <Link to={`/${campaign.uri}`} className="mb-4 inline-flex items-center gap-1 rounded-md text-sm text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
        <DirectionalIcon icon={ArrowLeft} className="size-4" />
        {t('support.back', { title: campaign.title })}
      </Link>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('support.title', { title: campaign.title })}</h1>
      <p className="mt-2 mb-6 flex items-start gap-2 text-sm text-muted-foreground">
        <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {t('support.privacy')}
      </p>
      {pipelineSupported() && params.get('action') === 'nowatermark' ? (
        // Back from the one-off payment for a result without the watermark: that result is rendered again first.
        <NowatermarkReturn campaign={campaign} orderId={params.get('order')}>
          <SupportEditor key={campaign.uri} campaign={campaign} />
        </NowatermarkReturn>
      ) : pipelineSupported() ? (
        <SupportEditor key={campaign.uri} campaign={campaign} />
      ) : (
        <p role="alert" className="rounded-md border border-destructive p-4 text-destructive">
          {t('support.unsupported')}
        </p>
      )}
    </PageContainer>
  );
}
