import { Eye, Heart, Images } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ManagedCampaign } from '../../../contract/campaignWrite.ts';
import { formatNumber } from '../../lib/format.ts';

/** The owner's counters: supporters, visits and public posts. */
export function CampaignStats({ campaign }: { campaign: Pick<ManagedCampaign, 'supportersCount' | 'visitsCount' | 'postsCount'> }) {
  const { t, i18n } = useTranslation();
  const stats = [
    { key: 'supporters', icon: Heart, value: campaign.supportersCount },
    { key: 'visits', icon: Eye, value: campaign.visitsCount },
    { key: 'posts', icon: Images, value: campaign.postsCount },
  ] as const;
  return (
    <dl className="grid grid-cols-3 gap-3" data-testid="campaign-stats">
      {stats.map(({ key, icon: Icon, value }) => (
        <div key={key} className="rounded-lg border p-3">
          <dt className="flex items-center gap-1 text-sm text-muted-foreground">
            <Icon className="size-4" aria-hidden="true" />
            {t(`create.stats.${key}`)}
          </dt>
          <dd className="text-2xl font-semibold" data-stat={key}>
            {formatNumber(value, i18n.language)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
