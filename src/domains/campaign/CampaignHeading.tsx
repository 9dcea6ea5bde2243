import { ImagePlus, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CampaignSummary } from '../../../contract/campaign.ts';
import { Button } from '../../ui/Button.tsx';
import { tIsolated } from '../../ui/tIsolated.tsx';
import { formatNumber } from '../../lib/format.ts';
import { PersonLink } from './PersonLink.tsx';

/** Title (the page's h1), creator and supporters count. */
export function CampaignHeading({ campaign, titleClassName = 'text-3xl' }: { campaign: CampaignSummary; titleClassName?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <h1 dir="auto" className={`${titleClassName} font-bold tracking-tight`}>{campaign.title}</h1>
      <PersonLink person={campaign.creator} label={tIsolated(t, 'pages.campaign.by', { name: campaign.creator.name })} />
      <p className="flex items-center gap-2 text-muted-foreground">
        <Users className="size-5" aria-hidden="true" />
        {tIsolated(t, 'pages.campaign.supporters', { count: campaign.supportersCount, formatted: formatNumber(campaign.supportersCount, i18n.language || 'en') })}
      </p>
    </>
  );
}

/** The way into the support flow of a campaign. */
/** The link to the support page; `onIntent` runs when the visitor heads for it (pointer over or down, focus). */
export function UseCampaignLink({ uri, label, onIntent }: { uri: string; label: 'choosePhoto' | 'useTwibbon'; onIntent?: () => void }) {
  const { t } = useTranslation();
  return (
    <Button size="lg" asChild>
      <Link to={`/${uri}/support`} onPointerEnter={onIntent} onPointerDown={onIntent} onFocus={onIntent}>
        <ImagePlus aria-hidden="true" />
        {t(`pages.campaign.${label}`)}
      </Link>
    </Button>
  );
}
