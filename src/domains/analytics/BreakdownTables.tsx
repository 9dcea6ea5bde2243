import { useTranslation } from 'react-i18next';
import type { CampaignAnalytics } from '../../../contract/campaignAnalytics.ts';
import { CountTable } from './CountTable.tsx';
import { countryName } from './periodLabel.ts';

/** Where supporters and visits came from and where the campaign was shared, over the chosen range. */
export function BreakdownTables({ data }: { data: CampaignAnalytics }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return (
    <div className="grid gap-8 md:grid-cols-2">
      <CountTable
        testId="analytics-countries"
        title={t('analytics.countries.title')}
        columns={[t('analytics.countries.country'), t('analytics.series.supporters'), t('analytics.series.visits')]}
        rows={data.countries.map((row) => ({ key: row.country, label: countryName(t, language, row.country), values: [row.supporters, row.visits] }))}
        empty={t('analytics.empty')}
        language={language}
      />
      <CountTable
        testId="analytics-referrers"
        title={t('analytics.referrers.title')}
        columns={[t('analytics.referrers.source'), t('analytics.series.visits')]}
        rows={data.referrers.map((row) => ({ key: row.host ?? '', label: row.host ?? t('analytics.referrers.direct'), values: [row.visits] }))}
        empty={t('analytics.empty')}
        language={language}
      />
      <CountTable
        testId="analytics-shares"
        title={t('analytics.shares.title')}
        columns={[t('analytics.shares.channel'), t('analytics.shares.count')]}
        rows={data.shares.map((row) => ({ key: row.channel, label: t(`analytics.channels.${row.channel}`), values: [row.shares] }))}
        empty={t('analytics.empty')}
        language={language}
      />
    </div>
  );
}
