import { LogIn } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Button } from '../../ui/Button.tsx';
import { useAccountStore } from '../account/public.ts';

/**
 * Creating needs an account; the dialog opens over the page, so the picked frames stay. A new account's
 * verification leads back here, where the frames wait.
 */
export function SignInPrompt() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const openAuthModal = useAccountStore((state) => state.openAuthModal);
  return (
    <div role="note" className="flex flex-col gap-2 rounded-lg border border-primary/40 bg-primary/5 p-4 sm:flex-row sm:items-center">
      <p className="flex-1 text-sm">{t('create.signIn.text')}</p>
      <Button type="button" onClick={() => openAuthModal('sign-in', { returnTo: pathname })}>
        <LogIn aria-hidden="true" />
        {t('create.signIn.action')}
      </Button>
    </div>
  );
}
