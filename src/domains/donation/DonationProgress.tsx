import { useTranslation } from 'react-i18next';
import type { DonationSummary } from '../../../contract/donation.ts';
import { formatMoney } from '../../lib/formatMoney.ts';
import { tIsolated } from '../../ui/tIsolated.tsx';

/** The total raised and, with a goal, an accessible progress bar towards it. */
export function DonationProgress({ summary }: { summary: Pick<DonationSummary, 'raised' | 'goalAmount' | 'currency' | 'donors'> }) {
  const { t, i18n } = useTranslation();
  const money = (amount: number) => formatMoney(amount, summary.currency, i18n.language);
  const raised = money(summary.raised);
  const goal = summary.goalAmount;
  const donors = t('donation.progress.donors', { count: summary.donors });
  if (goal === null) {
    return (
      <p data-testid="donation-raised" className="text-sm">
        <span className="text-lg font-semibold">{tIsolated(t, 'donation.progress.raised', { amount: raised })}</span> · {donors}
      </p>
    );
  }
  const percent = Math.min(100, Math.floor((summary.raised / goal) * 100));
  const text = tIsolated(t, 'donation.progress.ofGoal', { raised, goal: money(goal) });
  return (
    <div className="flex flex-col gap-1">
      <p data-testid="donation-raised" className="text-sm">
        <span className="text-lg font-semibold">{text}</span> · {donors}
      </p>
      <progress
        value={percent}
        max={100}
        aria-label={t('donation.progress.label')}
        aria-valuetext={t('donation.progress.valueText', { percent, raised, goal: money(goal) })}
        className="h-3 w-full appearance-none overflow-hidden rounded-full bg-muted [&::-moz-progress-bar]:bg-primary [&::-webkit-progress-bar]:bg-muted [&::-webkit-progress-value]:rounded-full [&::-webkit-progress-value]:bg-primary"
      />
    </div>
  );
}
