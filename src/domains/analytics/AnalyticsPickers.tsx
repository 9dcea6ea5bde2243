import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ANALYTICS_GRANULARITIES, ANALYTICS_RANGES, type AnalyticsGranularity, type AnalyticsRange } from '../../../contract/campaignAnalytics.ts';
import { inputClass } from '../../ui/TextField.tsx';

export interface AnalyticsPickersProps {
  range: AnalyticsRange;
  granularity: AnalyticsGranularity;
  onRangeChange: (range: AnalyticsRange) => void;
  onGranularityChange: (granularity: AnalyticsGranularity) => void;
}

/** The period shown and how it is grouped. */
export function AnalyticsPickers({ range, granularity, onRangeChange, onGranularityChange }: AnalyticsPickersProps) {
  const { t } = useTranslation();
  const rangeId = useId();
  const granularityId = useId();
  return (
    <div className="flex flex-wrap gap-4">
      <div className="min-w-40">
        <label htmlFor={rangeId} className="mb-1 block text-sm font-medium">
          {t('analytics.range.label')}
        </label>
        <select id={rangeId} value={range} onChange={(event) => onRangeChange(event.target.value as AnalyticsRange)} className={inputClass}>
          {ANALYTICS_RANGES.map((value) => (
            <option key={value} value={value}>
              {t(`analytics.range.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="min-w-40">
        <label htmlFor={granularityId} className="mb-1 block text-sm font-medium">
          {t('analytics.granularity.label')}
        </label>
        <select id={granularityId} value={granularity} onChange={(event) => onGranularityChange(event.target.value as AnalyticsGranularity)} className={inputClass}>
          {ANALYTICS_GRANULARITIES.map((value) => (
            <option key={value} value={value}>
              {t(`analytics.granularity.${value}`)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
