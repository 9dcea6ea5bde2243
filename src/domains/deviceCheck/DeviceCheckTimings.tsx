import { useTranslation } from 'react-i18next';
import type { PipelineStage } from '../../pipeline/index.ts';
import { STAGES, type RunStatus } from './useDeviceCheck.ts';

/** Each stage's time, the run's total, and the long tasks the run caused. */
export function DeviceCheckTimings({ headingId, timings, status, longTasks }: { headingId: string; timings: Partial<Record<PipelineStage, number>>; status: RunStatus; longTasks: number }) {
  const { t } = useTranslation();
  const ms = (value: number | undefined) => (value === undefined ? '–' : t('pipeline.ms', { value: Math.round(value) }));
  // The run's own stages: warm-up and frame analysis happen before a photo is picked.
  const total = STAGES.filter((s) => s !== 'warm' && s !== 'analyze').reduce((sum, s) => sum + (timings[s] ?? 0), 0);
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-2 text-xl font-semibold">
        {t('pipeline.timings')}
      </h2>
      <table className="w-full text-sm" data-testid="timings">
        <tbody>
          {STAGES.map((stage) => (
            <tr key={stage} data-stage={stage} className="border-b border-border">
              <th scope="row" className="py-1 text-start font-normal">
                {t(`pipeline.stages.${stage}`)}
              </th>
              <td className="py-1 text-end tabular-nums">{ms(timings[stage])}</td>
            </tr>
          ))}
          <tr>
            <th scope="row" className="py-1 text-start">
              {t('pipeline.total')}
            </th>
            <td className="py-1 text-end font-semibold tabular-nums" data-testid="total">
              {status === 'done' ? ms(total) : '–'}
            </td>
          </tr>
        </tbody>
      </table>
      <dl className="mt-4 grid grid-cols-[1fr_auto] gap-1 text-sm">
        <dt>{t('pipeline.longTasks')}</dt>
        <dd className="text-end tabular-nums" data-testid="long-tasks">
          {longTasks}
        </dd>
        <dt>{t('pipeline.cores')}</dt>
        <dd className="text-end tabular-nums">{navigator.hardwareConcurrency || '–'}</dd>
      </dl>
    </section>
  );
}
