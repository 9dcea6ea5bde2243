import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { emailField, nameField, passwordField } from '../../../contract/account.ts';
import { register } from './accountActions.ts';
import { CaptchaField } from './CaptchaField.tsx';
import { FormError, TextField } from '../../ui/TextField.tsx';
import { useAccountForm } from './useAccountForm.ts';
import { SubmitButton } from '../../ui/SubmitButton.tsx';

const signUpSchema = z.object({ name: nameField, email: emailField, password: passwordField });

/** Registration; on success the code goes out by mail and `onRegistered` moves on to /verification. */
export function SignUpForm({ onRegistered }: { onRegistered: () => void }) {
  const { t } = useTranslation();
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);
  const form = useAccountForm(
    signUpSchema,
    { name: '', email: '', password: '' },
    async (data) => {
      try {
        await register(data, captcha ?? '');
      } finally {
        // The payload was spent either way.
        setCaptchaRound((n) => n + 1);
      }
      onRegistered();
    },
    { beforeSubmit: () => (captcha ? null : t('auth.captchaRequired')) },
  );
  return (
    <form noValidate onSubmit={form.onSubmit} className="space-y-4" aria-label={t('auth.signUp.title')}>
      <TextField label={t('auth.name')} name="name" autoComplete="name" value={form.values.name} onValueChange={form.setValue('name')} error={form.errors.name} />
      <TextField label={t('auth.email')} name="email" type="email" autoComplete="email" value={form.values.email} onValueChange={form.setValue('email')} error={form.errors.email} />
      <TextField
        label={t('auth.password')}
        name="password"
        type="password"
        autoComplete="new-password"
        value={form.values.password}
        onValueChange={form.setValue('password')}
        error={form.errors.password}
        hint={t('auth.passwordHint')}
      />
      <CaptchaField onChange={setCaptcha} resetKey={captchaRound} />
      <FormError message={form.formError} />
      <SubmitButton pending={form.pending} className="w-full">{t('auth.signUp.submit')}</SubmitButton>
    </form>
  );
}
