import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { emailField } from '../../../contract/account.ts';
import { Button } from '../../ui/Button.tsx';
import { isApiError } from '../../api/index.ts';
import { signIn } from './accountActions.ts';
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

export function SignInForm({ onDone, onForgot, onNeedsVerification }: SignInFormProps) {
  const { t } = useTranslation();
  const form = useAccountForm(signInSchema, { email: '', password: '' }, async (data) => {
    try {
      await signIn(data);
    } catch (error) {
      if (isApiError(error) && error.code === 'ACCOUNT_NOT_VERIFIED') return onNeedsVerification();
      throw error;
    }
    onDone();
  });
  return (
    <form noValidate onSubmit={form.onSubmit} className="space-y-4" aria-label={t('auth.signIn.title')}>
      <TextField label={t('auth.email')} name="email" type="email" autoComplete="email" value={form.values.email} onValueChange={form.setValue('email')} error={form.errors.email} />
      <TextField label={t('auth.password')} name="password" type="password" autoComplete="current-password" value={form.values.password} onValueChange={form.setValue('password')} error={form.errors.password} />
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
