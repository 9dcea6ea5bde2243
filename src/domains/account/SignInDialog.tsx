import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { SocialProvider } from '../../../contract/accountProfile.ts';
import { ResponsiveDialog } from '../../ui/ResponsiveDialog.tsx';
import { ForgotPasswordForm } from './ForgotPasswordForm.tsx';
import { errorMessage } from './formErrors.ts';
import { SignInForm } from './SignInForm.tsx';
import { SignUpForm } from './SignUpForm.tsx';
import { SocialButtons } from './SocialButtons.tsx';
import { providerToken } from './socialConfig.ts';
import { FormError } from '../../ui/TextField.tsx';
import { cn } from '../../lib/cn.ts';
import { signInWithProvider } from './accountActions.ts';
import { useAccountStore, type AuthOption } from './accountStore.ts';

const TABS: readonly Exclude<AuthOption, 'forgot-password'>[] = ['sign-in', 'sign-up'];

/** The auth modal: sign-in by default, sign-up, forgot password; opened through the account store. */
export default function SignInDialog() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const show = useAccountStore((s) => s.modal.show);
  const option = useAccountStore((s) => s.modal.authOption);
  const returnTo = useAccountStore((s) => s.modal.returnTo);
  const close = useAccountStore((s) => s.closeAuthModal);
  const setOption = useAccountStore((s) => s.setAuthOption);
  const [socialError, setSocialError] = useState<string | null>(null);
  const [socialPending, setSocialPending] = useState(false);

  // The code goes out by mail; verifying it leads back to the page that opened the dialog for it, if any.
  const toVerification = () => {
    close();
    void navigate('/verification', returnTo ? { state: { returnTo } } : undefined);
  };

  const social = (provider: SocialProvider) => {
    setSocialPending(true);
    setSocialError(null);
    providerToken(provider)
      .then((token) => signInWithProvider(provider, token))
      .then(close, (error: unknown) => setSocialError(errorMessage(error)))
      .finally(() => setSocialPending(false));
  };

  return (
    <ResponsiveDialog open={show} onOpenChange={(open) => !open && close()} title={t(`auth.${option === 'forgot-password' ? 'forgot' : option === 'sign-up' ? 'signUp' : 'signIn'}.title`)} description={t('auth.dialogDescription')}>
      {option === 'forgot-password' ? (
        <div className="space-y-4">
          <p className="text-sm text-muted-foreground">{t('auth.forgot.lead')}</p>
          <ForgotPasswordForm />
          <button type="button" className="text-sm font-medium underline underline-offset-2 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none" onClick={() => setOption('sign-in')}>
            {t('auth.backToSignIn')}
          </button>
        </div>
      ) : (
        <div className="space-y-4">
          <fieldset className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-1">
            <legend className="sr-only">{t('auth.chooseMode')}</legend>
            {TABS.map((tab) => (
              <button
                key={tab}
                type="button"
                aria-pressed={option === tab}
                onClick={() => setOption(tab)}
                className={cn('rounded-md px-3 py-1.5 text-sm font-medium focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none', option === tab ? 'bg-background shadow-sm' : 'text-muted-foreground')}
              >
                {t(`auth.${tab === 'sign-in' ? 'signIn' : 'signUp'}.tab`)}
              </button>
            ))}
          </fieldset>
          {option === 'sign-up' ? (
            <SignUpForm onRegistered={toVerification} />
          ) : (
            <SignInForm onDone={close} onForgot={() => setOption('forgot-password')} onNeedsVerification={toVerification} />
          )}
          <div className="flex items-center gap-2 text-xs text-muted-foreground" aria-hidden="true">
            <span className="h-px flex-1 bg-border" />
            {t('auth.or')}
            <span className="h-px flex-1 bg-border" />
          </div>
          <SocialButtons onSelect={social} disabled={socialPending} />
          <FormError message={socialError} />
        </div>
      )}
    </ResponsiveDialog>
  );
}
