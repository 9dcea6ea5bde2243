import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { forgotPasswordRequest } from '../../../contract/account.ts';
import { requestPasswordReset } from './accountActions.ts';
import { FormError, TextField } from '../../ui/TextField.tsx';
import { useAccountForm } from './useAccountForm.ts';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { tIsolated } from '../../ui/tIsolated.tsx';

/** Asks for a reset link; says so once the mail is on its way. */
export function ForgotPasswordForm({ initialEmail = '' }: { initialEmail?: string }) {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useAccountForm(forgotPasswordRequest, { email: initialEmail }, async ({ email }) => {
    await requestPasswordReset(email);
    setSentTo(email);
  });
  if (sentTo) {
    return (
      <output className="block rounded-md border bg-muted/40 px-3 py-2 text-sm">
        {tIsolated(t, 'auth.forgot.sent', { email: sentTo })}
      </output>
    );
  }
  return (
    <form noValidate onSubmit={form.onSubmit} className="space-y-4" aria-label={t('auth.forgot.title')}>
      <TextField label={t('auth.email')} name="email" type="email" autoComplete="email" value={form.values.email} onValueChange={form.setValue('email')} error={form.errors.email} />
      <FormError message={form.formError} />
      <SubmitButton pending={form.pending} className="w-full">{t('auth.forgot.submit')}</SubmitButton>
    </form>
  );
}
