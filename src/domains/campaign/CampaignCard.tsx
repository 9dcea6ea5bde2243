import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CampaignSummary } from '../../../contract/campaign.ts';
import { formatNumber } from '../../lib/format.ts';
import { tIsolated } from '../../ui/tIsolated.tsx';

export function CampaignCard({ campaign }: { campaign: CampaignSummary }) {
  const { t, i18n } = useTranslation();
  return (
    <li className="group overflow-hidden rounded-lg border bg-card text-card-foreground shadow-sm transition-shadow hover:shadow-md">
      <Link to={`/${campaign.uri}`} data-campaign-uri={campaign.uri} className="block focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
        <div className="aspect-square bg-[repeating-conic-gradient(var(--muted)_0_25%,transparent_0_50%)] bg-[length:20px_20px]">
          <img src={campaign.thumbnailUrl} alt="" loading="lazy" decoding="async" className="size-full object-contain" />
        </div>
        <div className="p-3">
          <h3 dir="auto" className="line-clamp-2 font-semibold group-hover:underline">{campaign.title}</h3>
          <p className="mt-1 flex items-center gap-1 text-sm text-muted-foreground">
            <Users className="size-4" aria-hidden="true" />
            {tIsolated(t, 'pages.campaign.supporters', { count: campaign.supportersCount, formatted: formatNumber(campaign.supportersCount, i18n.language || 'en') })}
          </p>
        </div>
      </Link>
    </li>
  );
}

export function CampaignGrid({ campaigns }: { campaigns: CampaignSummary[] }) {
  return (
    <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
      {campaigns.map((campaign) => (
        <CampaignCard key={campaign.uri} campaign={campaign} />
      ))}
    </ul>
  );
}
