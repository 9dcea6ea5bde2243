import { ShieldCheck } from 'lucide-react';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams, useSearchParams } from 'react-router';
import type { Campaign } from '../../../contract/campaign.ts';
import { CampaignFrames } from '../../domains/campaign/CampaignFrames.tsx';
import { CampaignGate } from '../../domains/campaign/CampaignGate.tsx';
import { CampaignHeading, UseCampaignLink } from '../../domains/campaign/CampaignHeading.tsx';
import { ManageCampaignLink } from '../../domains/campaign/ManageCampaignLink.tsx';
import { ReportButton } from '../../domains/campaign/ReportButton.tsx';
import { ShareButtons } from '../../domains/campaign/ShareButtons.tsx';
import { siteUrl } from '../../domains/campaign/shareLinks.ts';
import { visitReferrer } from '../../domains/campaign/visitReferrer.ts';
import { recordVisit } from '../../api/campaigns.ts';
import { LazyDonationPanel } from '../../domains/donation/public.ts';
import { warmSupportPage, warmSupportPageNow } from './warmSupportPage.ts';

export default function CampaignPage() {
  const { uri = '' } = useParams();
  const [params] = useSearchParams();
  // Back from the one-off payment for a result without the watermark: the support page renders that result again.
  if (params.get('action') === 'nowatermark') return <Navigate to={`/${encodeURIComponent(uri)}/support?${params.toString()}`} replace />;
  return (
    <CampaignGate key={uri} uri={uri} route="campaign">
      {(campaign) => <CampaignView campaign={campaign} />}
    </CampaignGate>
  );
}

function CampaignView({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation();

  useEffect(() => {
    // Visits feed the creator's statistics; the visitor never needs to know it failed.
    recordVisit(campaign.uri, visitReferrer()).catch((error: unknown) => console.warn('Visit not recorded', error));
  }, [campaign.uri]);

  // Most visitors go on to frame a photo: its workers and models load while they read.
  useEffect(() => warmSupportPage(), []);

  return (
    <div data-route="campaign" className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-10 md:grid-cols-2">
      <CampaignFrames campaign={campaign} />
      <div className="flex flex-col gap-4">
        <CampaignHeading campaign={campaign} />
        {campaign.description && <p dir="auto" className="leading-relaxed whitespace-pre-line">{campaign.description}</p>}
        <div className="flex flex-wrap gap-3">
          <UseCampaignLink uri={campaign.uri} label="choosePhoto" onIntent={warmSupportPageNow} />
          <ManageCampaignLink campaign={campaign} />
        </div>
        <ShareButtons url={siteUrl(`/${campaign.uri}`)} text={t('share.campaignText', { title: campaign.title })} campaignUri={campaign.uri} />
        <Suspense fallback={null}>
          <LazyDonationPanel uri={campaign.uri} />
        </Suspense>
        <p className="flex items-start gap-2 rounded-md bg-muted p-3 text-sm">
          <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {t('pages.campaign.privacy')}
        </p>
        <ReportButton target="campaign" uri={campaign.uri} />
      </div>
    </div>
  );
}
