import { useTranslation } from 'react-i18next';
import { fetchDonationSummary } from '../../api/donations.ts';
import { useAsync } from '../../api/useAsync.ts';
import { Button } from '../../ui/Button.tsx';
import { DonationSettingsForm } from './DonationSettingsForm.tsx';
import { ManagedDonations } from './ManagedDonations.tsx';

/** The manage page's donations tab: the settings, then the donations to moderate. */
export default function DonationManager({ uri }: { uri: string }) {
  const { t } = useTranslation();
  const [state, retry] = useAsync((signal) => fetchDonationSummary(uri, signal), [uri]);
  if (state.status === 'loading') return <p className="text-sm text-muted-foreground">{t('donation.settings.loading')}</p>;
  if (state.status === 'error') {
    return (
      <p role="alert" className="flex items-center gap-2 text-sm">
        {t('donation.settings.loadError')}
        <Button variant="link" size="sm" onClick={retry}>
          {t('donation.retry')}
        </Button>
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-10">
      <DonationSettingsForm uri={uri} initial={state.data} onSaved={retry} />
      <ManagedDonations uri={uri} />
    </div>
  );
}
