import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { verificationCodeField } from '../../../contract/account.ts';
import { Button } from '../../ui/Button.tsx';
import { errorMessage } from '../../domains/account/formErrors.ts';
import { FormError, TextField } from '../../ui/TextField.tsx';
import { useAccountForm } from '../../domains/account/useAccountForm.ts';
import { resendCode, verifyCode } from '../../domains/account/accountActions.ts';
import { useAccountStore } from '../../domains/account/accountStore.ts';
import { PageContainer } from '../../ui/PageContainer.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';

const codeSchema = z.object({ code: verificationCodeField });

/** The page the sign-in dialog came from (router state), when it is a path of this site. */
function returnPath(state: unknown): string | null {
  const returnTo = typeof state === 'object' && state !== null ? (state as { returnTo?: unknown }).returnTo : undefined;
  return typeof returnTo === 'string' && returnTo.startsWith('/') && !returnTo.startsWith('//') ? returnTo : null;
}

/** Enter the 6-digit code mailed for a registration or an email change (the guard sends visitors with nothing pending home). */
export default function VerificationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const returnTo = returnPath(useLocation().state);
  const { email, request } = useAccountStore((s) => s.verifyPayload);
  const emailUpdate = request === 'VERIFY_EMAIL_UPDATE';
  const [resendStatus, setResendStatus] = useState<string | null>(null);
  const [cooldown, setCooldown] = useState(0);
  const form = useAccountForm(codeSchema, { code: '' }, async ({ code }) => {
    await verifyCode(code);
    // A new account goes back to where it was started from (the create page with its picked frames), else to the profile.
    void navigate(emailUpdate ? '/profile/profile-settings' : (returnTo ?? '/profile'), { replace: true });
  });

  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = setTimeout(() => setCooldown((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [cooldown]);

  const resend = () => {
    setResendStatus(null);
    resendCode().then(
      (seconds) => {
        setCooldown(seconds);
        setResendStatus(t('auth.verify.resent', { email }));
      },
      (error: unknown) => form.setFormError(errorMessage(error)),
    );
  };

  return (
    <PageContainer route="verification" className="max-w-md">
      <h1 className="text-3xl font-bold tracking-tight">{t('auth.verify.title')}</h1>
      <p className="mt-3 text-muted-foreground">{t(emailUpdate ? 'auth.verify.leadEmailUpdate' : 'auth.verify.lead', { email })}</p>
      <form noValidate onSubmit={form.onSubmit} className="mt-6 space-y-4 rounded-lg border bg-card p-6" aria-label={t('auth.verify.title')}>
        <TextField
          label={t('auth.verify.code')}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={form.values.code}
          onValueChange={(value) => form.setValue('code')(value.replace(/\D/g, ''))}
          error={form.errors.code}
          hint={t('auth.verify.codeHint')}
        />
        <FormError message={form.formError} />
        {resendStatus && (
          <output className="block text-sm text-muted-foreground">
            {resendStatus}
          </output>
        )}
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Button type="button" variant="outline" onClick={resend} disabled={cooldown > 0}>
            {cooldown > 0 ? t('auth.verify.resendIn', { seconds: cooldown }) : t('auth.verify.resend')}
          </Button>
          <SubmitButton pending={form.pending}>{t('auth.verify.submit')}</SubmitButton>
        </div>
      </form>
    </PageContainer>
  );
}
