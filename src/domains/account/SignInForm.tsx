import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { emailField } from '../../../contract/account.ts';
import { Button } from '../../ui/Button.tsx';
import { isApiError } from '../../api/index.ts';
import { signIn } from './accountActions.ts';
import { CaptchaField } from './CaptchaField.tsx';
import { FormError, TextField } from '../../ui/TextField.tsx';
import { useAccountForm } from './useAccountForm.ts';
import { SubmitButton } from '../../ui/SubmitButton.tsx';

const signInSchema = z.object({ email: emailField, password: z.string().min(1, 'Password is required') });

export interface SignInFormProps {
  onDone: () => void;
  onForgot: () => void;
  /** The account exists but its email is not verified yet; a new code was mailed. */
  onNeedsVerification: () => void;
}

/**
 * Email and password sign-in. After repeated failures the server asks for a captcha (CAPTCHA_REQUIRED): the
 * widget shows from then on and its payload goes with each attempt; a wait the server imposes (429) shows as
 * its message, which says how many seconds.
 */
export function SignInForm({ onDone, onForgot, onNeedsVerification }: SignInFormProps) {
  const { t } = useTranslation();
  const [captchaShown, setCaptchaShown] = useState(false);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);
  const form = useAccountForm(
    signInSchema,
    { email: '', password: '' },
    async (data) => {
      try {
        // The payload rides in the sign-in body (contract: nativeSignInRequest.captcha).
        await signIn(captcha ? { ...data, captcha } : data);
      } catch (error) {
        if (isApiError(error) && error.code === 'ACCOUNT_NOT_VERIFIED') return onNeedsVerification();
        if (isApiError(error) && (error.code === 'CAPTCHA_REQUIRED' || error.code === 'CAPTCHA_INVALID')) {
          setCaptchaShown(true);
          throw new Error(t('auth.signIn.captchaNeeded'));
        }
        throw error;
      } finally {
        // A payload is good for one attempt.
        if (captcha) setCaptchaRound((n) => n + 1);
      }
      onDone();
    },
    { beforeSubmit: () => (captchaShown && !captcha ? t('auth.captchaRequired') : null) },
  );
  return (
    <form noValidate onSubmit={form.onSubmit} className="space-y-4" aria-label={t('auth.signIn.title')}>
      <TextField label={t('auth.email')} name="email" type="email" autoComplete="email" value={form.values.email} onValueChange={form.setValue('email')} error={form.errors.email} />
      <TextField label={t('auth.password')} name="password" type="password" autoComplete="current-password" value={form.values.password} onValueChange={form.setValue('password')} error={form.errors.password} />
      {captchaShown && <CaptchaField onChange={setCaptcha} resetKey={captchaRound} />}
      <FormError message={form.formError} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button type="button" variant="link" className="px-0" onClick={onForgot}>
          {t('auth.forgotLink')}
        </Button>
        <SubmitButton pending={form.pending}>{t('auth.signIn.submit')}</SubmitButton>
      </div>
    </form>
  );
}
