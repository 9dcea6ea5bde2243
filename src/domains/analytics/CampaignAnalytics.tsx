import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { analyticsCsvFileName, type AnalyticsGranularity, type AnalyticsRange } from '../../../contract/campaignAnalytics.ts';
import { fetchCampaignAnalytics, fetchCampaignAnalyticsCsv } from '../../api/campaignAnalytics.ts';
import { apiErrorMessage } from '../../api/index.ts';
import { useAsync } from '../../api/useAsync.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { toast } from '../../ui/toastStore.ts';
import { AnalyticsChart } from './AnalyticsChart.tsx';
import { AnalyticsPickers } from './AnalyticsPickers.tsx';
import { AnalyticsSummary } from './AnalyticsSummary.tsx';
import { BreakdownTables } from './BreakdownTables.tsx';
import { FrameComparison } from './FrameComparison.tsx';
import { SeriesTable } from './SeriesTable.tsx';
import { saveBlob } from '../../lib/saveBlob.ts';

/** The creator's analytics of one campaign: pickers, totals, chart with its table, breakdowns and the CSV. */
export default function CampaignAnalytics({ uri }: { uri: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [range, setRange] = useState<AnalyticsRange>('30d');
  const [granularity, setGranularity] = useState<AnalyticsGranularity>('day');
  const [downloading, setDownloading] = useState(false);
  const [state, retry] = useAsync((signal) => fetchCampaignAnalytics(uri, { range, granularity }, signal), [uri, range, granularity]);

  const downloadCsv = async () => {
    setDownloading(true);
    try {
      saveBlob(new Blob([await fetchCampaignAnalyticsCsv(uri, { range, granularity })], { type: 'text/csv;charset=utf-8' }), analyticsCsvFileName(uri, range, granularity));
    } catch (error) {
      toast({ title: t('analytics.csvFailed'), description: apiErrorMessage(t, error, t('errors.UNKNOWN')), variant: 'destructive' });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section aria-labelledby={headingId} className="space-y-6" data-testid="campaign-analytics">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id={headingId} className="text-xl font-semibold">
            {t('analytics.title')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('analytics.lead')}</p>
        </div>
        <Button variant="outline" onClick={downloadCsv} disabled={downloading || state.status !== 'success'}>
          <Download aria-hidden="true" />
          {t('analytics.downloadCsv')}
        </Button>
      </div>
      <AnalyticsPickers range={range} granularity={granularity} onRangeChange={setRange} onGranularityChange={setGranularity} />
      <div aria-busy={state.status === 'loading'}>
        {state.status === 'loading' && <Spinner label={t('analytics.loading')} />}
        {state.status === 'error' && (
          <EmptyState
            headingLevel={3}
            title={t('analytics.loadError')}
            description={apiErrorMessage(t, state.error, t('errors.UNKNOWN'))}
            action={
              <Button variant="outline" onClick={retry}>
                {t('pages.actions.retry')}
              </Button>
            }
          />
        )}
        {state.status === 'success' && (
          <div className="space-y-8">
            <AnalyticsSummary data={state.data} />
            <AnalyticsChart series={state.data.series} granularity={state.data.granularity} />
            <SeriesTable data={state.data} />
            <BreakdownTables data={state.data} />
            <FrameComparison data={state.data} />
          </div>
        )}
      </div>
    </section>
  );
}
