import { useTranslation } from 'react-i18next';
import { isLoggedIn, useAccountStore } from '../../domains/account/public.ts';
import { Earnings } from '../../domains/monetization/public.ts';
import { Button } from '../../ui/Button.tsx';
import { PageContainer } from '../../ui/PageContainer.tsx';

/** /profile/earnings: a creator's earnings from donations and payouts. */
export default function EarningsPage() {
  const { t } = useTranslation();
  const loggedIn = useAccountStore(isLoggedIn);
  const openAuthModal = useAccountStore((s) => s.openAuthModal);
  return (
    <PageContainer route="earnings" className="max-w-4xl">
      <h1 className="text-3xl font-bold tracking-tight">{t('monetization.earnings.title')}</h1>
      <p className="mt-3 text-muted-foreground">{t('monetization.earnings.lead')}</p>
      {loggedIn ? (
        <Earnings />
      ) : (
        <Button className="mt-6" onClick={() => openAuthModal('sign-in')}>
          {t('auth.signIn.submit')}
        </Button>
      )}
    </PageContainer>
  );
}
