import { useTranslation } from 'react-i18next';
import type { CampaignAnalytics } from '../../../contract/campaignAnalytics.ts';
import { periodLabel } from './periodLabel.ts';
import { SERIES_KEYS } from './chartData.ts';
import { formatNumber } from '../../lib/format.ts';

/** The chart's numbers as a table (the chart itself is hidden from screen readers), with the range's totals. */
export function SeriesTable({ data }: { data: CampaignAnalytics }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full text-sm" data-testid="analytics-series">
        <caption className="sr-only">{t('analytics.table.caption', { range: t(`analytics.range.${data.range}`), granularity: t(`analytics.granularity.${data.granularity}`).toLocaleLowerCase(i18n.language) })}</caption>
        <thead>
          <tr className="border-b">
            <th scope="col" className="px-3 py-2 text-start font-medium">
              {t('analytics.table.period')}
            </th>
            {SERIES_KEYS.map((key) => (
              <th key={key} scope="col" className="px-3 py-2 text-end font-medium">
                {t(`analytics.series.${key}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.series.map((bucket) => (
            <tr key={bucket.start} data-period={bucket.start} className="border-b last:border-0">
              <th scope="row" className="px-3 py-1.5 text-start font-normal">
                {periodLabel(t, i18n.language, bucket.start, data.granularity)}
              </th>
              {SERIES_KEYS.map((key) => (
                <td key={key} data-series={key} className="px-3 py-1.5 text-end tabular-nums">
                  {formatNumber(bucket[key], i18n.language)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t font-semibold">
            <th scope="row" className="px-3 py-2 text-start">
              {t('analytics.table.total')}
            </th>
            {SERIES_KEYS.map((key) => (
              <td key={key} data-total={key} className="px-3 py-2 text-end tabular-nums">
                {formatNumber(data.totals[key], i18n.language)}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
