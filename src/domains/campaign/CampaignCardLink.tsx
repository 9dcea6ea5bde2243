import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CampaignSummary } from '../../../contract/campaign.ts';
import { tIsolated } from '../../ui/tIsolated.tsx';
import { UseCampaignLink } from './CampaignHeading.tsx';

/** A small card of the campaign a post was made with, and the way to make one too. */
export function CampaignCardLink({ campaign }: { campaign: CampaignSummary }) {
  const { t } = useTranslation();
  return (
    <section aria-label={t('post.campaignLabel')} className="flex flex-col gap-3 rounded-lg border p-3">
      <Link to={`/${campaign.uri}`} className="flex items-center gap-3 rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
        <img src={campaign.thumbnailUrl} alt="" className="size-16 shrink-0 rounded-md border object-cover" />
        <span className="min-w-0">
          <span dir="auto" className="block truncate font-semibold">{campaign.title}</span>
          <span className="block text-sm text-muted-foreground">{tIsolated(t, 'pages.campaign.by', { name: campaign.creator.name })}</span>
        </span>
      </Link>
      <UseCampaignLink uri={campaign.uri} label="useTwibbon" />
    </section>
  );
}
