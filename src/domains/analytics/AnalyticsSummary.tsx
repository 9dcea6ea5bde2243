import { useTranslation } from 'react-i18next';
import type { CampaignAnalytics } from '../../../contract/campaignAnalytics.ts';
import { formatNumber } from '../../lib/format.ts';

const PERCENT = { style: 'percent', maximumFractionDigits: 1 } as const;

/** The range's totals and the visit → support conversion, with what it means. */
export function AnalyticsSummary({ data }: { data: CampaignAnalytics }) {
  const { t, i18n } = useTranslation();
  const items = [
    { key: 'supporters', value: formatNumber(data.totals.supporters, i18n.language) },
    { key: 'visits', value: formatNumber(data.totals.visits, i18n.language) },
    { key: 'posts', value: formatNumber(data.totals.posts, i18n.language) },
    { key: 'shares', value: formatNumber(data.totals.shares, i18n.language) },
    { key: 'conversion', value: data.conversion === null ? '–' : formatNumber(data.conversion, i18n.language, PERCENT) },
  ] as const;
  return (
    <div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5" data-testid="analytics-summary">
        {items.map(({ key, value }) => (
          <div key={key} className="rounded-lg border p-3">
            <dt className="text-sm text-muted-foreground">{t(`analytics.summary.${key}`)}</dt>
            <dd className="text-xl font-semibold tabular-nums" data-summary={key}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-sm text-muted-foreground">{t('analytics.summary.conversionHelp')}</p>
    </div>
  );
}
