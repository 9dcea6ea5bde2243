import { useTranslation } from 'react-i18next';
import type { CampaignAnalytics } from '../../../contract/campaignAnalytics.ts';
import { formatNumber } from '../../lib/format.ts';

/** Supporters per frame, with a bar for each against the most chosen one; only for campaigns with several frames. */
export function FrameComparison({ data }: { data: CampaignAnalytics }) {
  const { t, i18n } = useTranslation();
  if (data.frames.length < 2) return null;
  const rows = [
    ...data.frames.map((frame) => ({ key: frame.frameId, label: t('analytics.frames.frame', { number: frame.position + 1 }), supporters: frame.supporters })),
    ...(data.otherFrames > 0 ? [{ key: 'other', label: t('analytics.frames.other'), supporters: data.otherFrames }] : []),
  ];
  const most = Math.max(1, ...rows.map((row) => row.supporters));
  return (
    <table className="w-full text-sm" data-testid="analytics-frames">
      <caption className="mb-2 text-start text-base font-semibold">{t('analytics.frames.title')}</caption>
      <thead>
        <tr className="border-b">
          <th scope="col" className="py-1.5 pe-3 text-start font-medium">
            {t('analytics.frames.name')}
          </th>
          <th scope="col" className="py-1.5 ps-3 text-end font-medium">
            {t('analytics.series.supporters')}
          </th>
          <th scope="col" className="w-1/2 py-1.5 ps-3">
            <span className="sr-only">{t('analytics.frames.bar')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-b last:border-0">
            <th scope="row" className="py-1.5 pe-3 text-start font-normal">
              {row.label}
            </th>
            <td className="py-1.5 ps-3 text-end tabular-nums">{formatNumber(row.supporters, i18n.language)}</td>
            <td className="py-1.5 ps-3" aria-hidden="true">
              <div className="h-3 rounded-sm bg-primary" style={{ width: `${(row.supporters / most) * 100}%` }} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
