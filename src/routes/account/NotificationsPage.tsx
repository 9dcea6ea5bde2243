import { useTranslation } from 'react-i18next';
import { isLoggedIn, useAccountStore } from '../../domains/account/public.ts';
import { NotificationList } from '../../domains/notification/NotificationList.tsx';
import { Button } from '../../ui/Button.tsx';
import { PageContainer } from '../../ui/PageContainer.tsx';

/** The signed-in account's notifications; a signed-out visitor is asked to sign in. */
export default function NotificationsPage() {
  const { t } = useTranslation();
  const loggedIn = useAccountStore(isLoggedIn);
  const openAuthModal = useAccountStore((s) => s.openAuthModal);
  return (
    <PageContainer route="notifications" className="max-w-3xl">
      {loggedIn ? (
        <NotificationList />
      ) : (
        <>
          <h1 className="text-3xl font-bold tracking-tight">{t('notification.title')}</h1>
          <p className="mt-4 text-muted-foreground">{t('notification.signedOut')}</p>
          <Button className="mt-4" onClick={() => openAuthModal('sign-in')}>
            {t('notification.signIn')}
          </Button>
        </>
      )}
    </PageContainer>
  );
}
