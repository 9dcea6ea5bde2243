import { useTranslation } from 'react-i18next';
import { isLoggedIn, useAccountStore } from '../../domains/account/public.ts';
import { ApplyMonetization } from '../../domains/monetization/public.ts';
import { Button } from '../../ui/Button.tsx';
import { PageContainer } from '../../ui/PageContainer.tsx';

/** /apply-monetization: a creator applies to earn from donations, and sees where the application stands. */
export default function ApplyMonetizationPage() {
  const { t } = useTranslation();
  const loggedIn = useAccountStore(isLoggedIn);
  const openAuthModal = useAccountStore((s) => s.openAuthModal);
  return (
    <PageContainer route="apply-monetization" className="max-w-2xl">
      <h1 className="text-3xl font-bold tracking-tight">{t('monetization.title')}</h1>
      <p className="mt-3 text-muted-foreground">{t('monetization.lead')}</p>
      {loggedIn ? (
        <ApplyMonetization />
      ) : (
        <Button className="mt-6" onClick={() => openAuthModal('sign-in')}>
          {t('auth.signIn.submit')}
        </Button>
      )}
    </PageContainer>
  );
}
