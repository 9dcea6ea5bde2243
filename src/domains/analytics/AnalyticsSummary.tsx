import { useTranslation } from 'react-i18next';
import type { CampaignAnalytics } from '../../../contract/campaignAnalytics.ts';

/** The range's totals and the visit → support conversion, with what it means. */
export function AnalyticsSummary({ data }: { data: CampaignAnalytics }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 });
  const items = [
    { key: 'supporters', value: number.format(data.totals.supporters) },
    { key: 'visits', value: number.format(data.totals.visits) },
    { key: 'posts', value: number.format(data.totals.posts) },
    { key: 'shares', value: number.format(data.totals.shares) },
    { key: 'conversion', value: data.conversion === null ? '–' : percent.format(data.conversion) },
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
