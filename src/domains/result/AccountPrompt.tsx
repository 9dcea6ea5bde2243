import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { isLoggedIn, useAccountStore } from '../account/public.ts';

/** Sign in or up without leaving the result: the auth modal opens over the page, which keeps the picture. */
export function AccountPrompt() {
  const { t } = useTranslation();
  const loggedIn = useAccountStore(isLoggedIn);
  const openAuthModal = useAccountStore((s) => s.openAuthModal);
  if (loggedIn) return null;
  return (
    <section aria-label={t('result.account.label')} className="flex flex-wrap items-center gap-3 rounded-lg bg-muted p-4">
      <p className="min-w-48 flex-1 text-sm">{t('result.account.lead')}</p>
      <Button variant="outline" size="sm" onClick={() => openAuthModal('sign-in')}>
        {t('result.account.signIn')}
      </Button>
      <Button size="sm" onClick={() => openAuthModal('sign-up')}>
        {t('result.account.signUp')}
      </Button>
    </section>
  );
}
