import { ExternalLink } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { ManagedCampaign } from '../../../contract/campaignWrite.ts';
import { toast } from '../../ui/toastStore.ts';
import { CampaignForm } from '../../domains/create/CampaignForm.tsx';
import { formFromCampaign, updateBody } from '../../domains/create/campaignForm.ts';
import { CampaignStats } from '../../domains/create/CampaignStats.tsx';
import { fetchManagedCampaign, updateCampaign } from '../../api/campaignWrites.ts';
import { DeleteCampaignButton } from '../../domains/create/DeleteCampaignButton.tsx';
import { usePipeline } from '../../pipeline/usePipeline.ts';
import { PageStatus } from '../../domains/campaign/PageStatus.tsx';
import { isApiError } from '../../api/index.ts';
import { PageContainer } from '../../ui/PageContainer.tsx';
import { useAsync } from '../../api/useAsync.ts';
import NotFoundPage from '../../ui/NotFoundPage.tsx';
import { LazyCampaignAnalytics } from '../../domains/analytics/public.ts';
import { LazyDonationManager } from '../../domains/donation/public.ts';

/** /campaign/:url/:frameid? — the owner edits the campaign; anyone else gets the 404 page (the server answers 404). */
export default function EditCampaignPage() {
  const { t } = useTranslation();
  const { url = '', frameid } = useParams();
  const [state, retry] = useAsync((signal) => fetchManagedCampaign(url, signal), [url]);

  if (state.status === 'error' && isApiError(state.error) && state.error.status === 404) return <NotFoundPage />;
  if (state.status !== 'success') {
    return <PageStatus route="edit-campaign" status={state.status} loadingLabel={t('create.edit.loading')} errorTitle={t('create.edit.loadError')} onRetry={retry} />;
  }
  return <EditCampaign key={state.data.uri} loaded={state.data} firstFrameId={frameid} />;
}

function EditCampaign({ loaded, firstFrameId }: { loaded: ManagedCampaign; firstFrameId: string | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pipeline, supported } = usePipeline();
  const [campaign, setCampaign] = useState(loaded);
  // ?tab=analytics opens the analytics (a link that can be shared or reloaded); the form is the default.
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') === 'analytics' ? 'analytics' : search.get('tab') === 'donations' ? 'donations' : 'edit';
  const tabClass =
    'rounded-t-md border-b-2 border-transparent px-4 py-2 text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none data-[state=active]:border-primary data-[state=active]:text-foreground';

  const save = async (values: Parameters<typeof updateBody>[0], frames: Parameters<typeof updateBody>[1]) => {
    const updated = await updateCampaign(campaign.uri, updateBody(values, frames));
    toast({ title: t('create.edit.saved'), description: t('create.edit.savedText', { title: updated.title }) });
    if (updated.uri !== campaign.uri) navigate(`/campaign/${updated.uri}`, { replace: true });
    else setCampaign(updated);
  };

  return (
    <PageContainer route="edit-campaign" className="py-6 sm:py-10">
      <div className="mb-6 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('create.edit.title', { title: campaign.title })}</h1>
          <p className="mt-1 text-muted-foreground">{t(`create.edit.lead.${campaign.type}`)}</p>
        </div>
        <Link to={`/${campaign.uri}`} className="inline-flex items-center gap-1 rounded-md text-sm font-medium text-primary-ink underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
          {t('create.edit.open')}
          <ExternalLink className="size-4" aria-hidden="true" />
        </Link>
      </div>
      <div className="mb-8">
        <CampaignStats campaign={campaign} />
      </div>
      <Tabs.Root value={tab} onValueChange={(value) => setSearch(value === 'edit' ? {} : { tab: value }, { replace: true })}>
        <Tabs.List aria-label={t('analytics.tabs.label')} className="mb-6 flex gap-2 border-b">
          <Tabs.Trigger value="edit" className={tabClass}>
            {t('analytics.tabs.edit')}
          </Tabs.Trigger>
          <Tabs.Trigger value="analytics" className={tabClass}>
            {t('analytics.tabs.analytics')}
          </Tabs.Trigger>
          <Tabs.Trigger value="donations" className={tabClass}>
            {t('donation.tab')}
          </Tabs.Trigger>
        </Tabs.List>
        {/* Kept mounted while hidden, so edits not yet saved survive a look at the analytics. */}
        <Tabs.Content value="edit" forceMount className="data-[state=inactive]:hidden">
          <CampaignForm
            // A saved campaign comes back with new frame ids: start again from it.
            key={campaign.updatedAt}
            type={campaign.type}
            pipeline={pipeline}
            pipelineSupported={supported}
            initial={formFromCampaign(campaign)}
            existing={{ frames: campaign.frames, uri: campaign.uri, hasAccessCode: campaign.hasAccessCode, firstFrameId }}
            submitLabel={t('create.edit.save')}
            onSubmit={save}
            actions={<DeleteCampaignButton uri={campaign.uri} title={campaign.title} onDeleted={() => navigate('/profile')} />}
          />
        </Tabs.Content>
        <Tabs.Content value="analytics">{tab === 'analytics' && <LazyCampaignAnalytics uri={campaign.uri} />}</Tabs.Content>
        <Tabs.Content value="donations">
          {tab === 'donations' && (
            <Suspense fallback={null}>
              <LazyDonationManager uri={campaign.uri} />
            </Suspense>
          )}
        </Tabs.Content>
      </Tabs.Root>
    </PageContainer>
  );
}
