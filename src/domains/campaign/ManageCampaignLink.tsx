import { Pencil } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CampaignSummary } from '../../../contract/campaign.ts';
import { Button } from '../../ui/Button.tsx';
import { useAccountStore } from '../account/public.ts';

/** The creator's way from their campaign page to its edit page; nobody else sees it (the server checks too). */
export function ManageCampaignLink({ campaign }: { campaign: CampaignSummary }) {
  const { t } = useTranslation();
  const username = useAccountStore((s) => s.username);
  if (!username || username !== campaign.creator.username) return null;
  return (
    <Button variant="outline" asChild>
      <Link to={`/campaign/${campaign.uri}`}>
        <Pencil aria-hidden="true" />
        {t('pages.campaign.manage')}
      </Link>
    </Button>
  );
}
