import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CampaignFrames } from '../../domains/campaign/CampaignFrames.tsx';
import { CampaignGate } from '../../domains/campaign/CampaignGate.tsx';
import { CampaignHeading, UseCampaignLink } from '../../domains/campaign/CampaignHeading.tsx';
import { ShareButtons } from '../../domains/campaign/ShareButtons.tsx';
import { siteUrl } from '../../domains/campaign/shareLinks.ts';

/** The card's frame: the column (max-w-md, px-4) less the card's padding (p-4). */
const CARD_FRAME_SIZES = '(min-width: 28rem) 24rem, calc(100vw - 4rem)';

/** A campaign's compact, shareable card. */
export default function TwibboPage() {
  const { t } = useTranslation();
  const { uri = '' } = useParams();
  return (
    <CampaignGate key={uri} uri={uri} route="twibbo">
      {(campaign) => (
        <div data-route="twibbo" className="mx-auto w-full max-w-md px-4 py-10">
          <article className="flex flex-col gap-4 rounded-xl border bg-card p-4 shadow-sm">
            <CampaignFrames campaign={campaign} sizes={CARD_FRAME_SIZES} />
            <CampaignHeading campaign={campaign} titleClassName="text-2xl" />
            <p className="text-sm text-muted-foreground">{t('twibbo.lead')}</p>
            <UseCampaignLink uri={campaign.uri} label="useTwibbon" />
            <ShareButtons url={siteUrl(`/${campaign.uri}`)} text={t('share.campaignText', { title: campaign.title })} campaignUri={campaign.uri} />
          </article>
        </div>
      )}
    </CampaignGate>
  );
}
