import { HandHeart } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DONATION_ACTION } from '../../../contract/donation.ts';
import { fetchDonationSummary } from '../../api/donations.ts';
import { useAsync } from '../../api/useAsync.ts';
import { DonateForm, type DonateFormProps } from './DonateForm.tsx';
import { DonationProgress } from './DonationProgress.tsx';
import { DonorWall } from './DonorWall.tsx';

/**
 * The campaign page's donations, when the creator turned them on: the cause, the total and progress, the form and
 * the donor wall. A donor coming back from the provider (?action=donation) is thanked once: the action leaves the
 * address at once, so a reload does not thank again.
 */
export function DonationPanel({ uri, goTo }: { uri: string; goTo?: DonateFormProps['goTo'] }) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const [thanked] = useState(() => search.get('action') === DONATION_ACTION);
  const [state] = useAsync((signal) => fetchDonationSummary(uri, signal), [uri]);

  useEffect(() => {
    if (!thanked) return;
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('action');
        return next;
      },
      { replace: true },
    );
  }, [thanked, setSearch]);

  const thanks = thanked && (
    <output data-testid="donation-thanks" className="block rounded-md bg-primary/10 p-3 text-sm font-medium">
      {t('donation.thanks')}
    </output>
  );
  if (state.status !== 'success' || !state.data.enabled) return thanks || null;
  const summary = state.data;
  return (
    <section aria-labelledby="donation-heading" className="flex flex-col gap-4 rounded-lg border p-4" data-testid="donation-panel">
      <h2 id="donation-heading" className="flex items-center gap-2 text-lg font-semibold">
        <HandHeart className="size-5" aria-hidden="true" />
        {t('donation.title')}
      </h2>
      {thanks}
      <p className="whitespace-pre-line">{summary.cause}</p>
      <DonationProgress summary={summary} />
      <DonateForm uri={uri} summary={summary} {...(goTo ? { goTo } : {})} />
      <DonorWall uri={uri} />
    </section>
  );
}
