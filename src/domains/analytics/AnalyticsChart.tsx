import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type uPlot from 'uplot';
import type { AnalyticsBucket, AnalyticsGranularity } from '../../../contract/campaignAnalytics.ts';
import { useElementWidth } from '../../lib/useElementWidth.ts';
import { periodLabel } from './periodLabel.ts';
import { chartColumns, SERIES_COLORS, SERIES_KEYS } from './chartData.ts';

const HEIGHT = 280;

/**
 * Supporters, visits and posts per bucket as lines. uPlot and its stylesheet are imported here, when the chart is
 * first shown, so no other page carries them. The chart is a picture of the table that follows it (SeriesTable):
 * screen readers read the table.
 */
export function AnalyticsChart({ series, granularity }: { series: readonly AnalyticsBucket[]; granularity: AnalyticsGranularity }) {
  const { t, i18n } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const width = useElementWidth(ref);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element || width === 0) return;
    let chart: uPlot | undefined;
    let cancelled = false;
    Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')])
      .then(([{ default: UPlot }]) => {
        if (cancelled) return;
        // Axes in the page's text colour, so the chart reads in the dark theme too.
        const text = getComputedStyle(element).color;
        const grid = { stroke: 'rgba(128, 128, 128, 0.2)', width: 1 };
        const options: uPlot.Options = {
          width,
          height: HEIGHT,
          tzDate: (seconds) => UPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
          scales: { x: { time: true }, y: { range: (_chart, _min, max) => [0, Math.max(1, max)] } },
          axes: [
            { stroke: text, grid, ticks: grid, space: 90, values: (_chart, ticks) => ticks.map((seconds) => periodLabel(t, i18n.language, new Date(seconds * 1000).toISOString().slice(0, 10), granularity === 'week' ? 'day' : granularity)) },
            { stroke: text, grid, ticks: grid },
          ],
          series: [{ label: t('analytics.table.period'), value: (_chart, seconds) => (seconds == null ? '–' : periodLabel(t, i18n.language, new Date(seconds * 1000).toISOString().slice(0, 10), granularity)) }, ...SERIES_KEYS.map((key) => ({ label: t(`analytics.series.${key}`), stroke: SERIES_COLORS[key], width: 2, points: { show: series.length <= 45 } }))],
        };
        chart = new UPlot(options, chartColumns(series), element);
      })
      .catch((error: unknown) => {
        console.error('The chart did not load', error);
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [series, granularity, width, t, i18n.language]);

  return (
    <figure className="m-0">
      <div ref={ref} aria-hidden="true" data-testid="analytics-chart" className="min-h-[280px] w-full" />
      <figcaption className={failed ? 'text-sm text-muted-foreground' : 'sr-only'}>{failed ? t('analytics.chartFailed') : t('analytics.chartCaption')}</figcaption>
    </figure>
  );
}
