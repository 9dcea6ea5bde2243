import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { passwordField } from '../../../contract/account.ts';
import { Button } from '../../ui/Button.tsx';
import { FormError, TextField } from '../../ui/TextField.tsx';
import { useAccountForm } from '../../domains/account/useAccountForm.ts';
import { logout, resetPassword } from '../../domains/account/accountActions.ts';
import { useAccountStore } from '../../domains/account/accountStore.ts';
import { PageContainer } from '../../ui/PageContainer.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';

const resetSchema = z
  .object({ newPassword: passwordField, confirm: z.string() })
  .refine((values) => values.newPassword === values.confirm, { path: ['confirm'], message: 'The passwords do not match' });

/** Sets a new password with the ticket from the reset mail (?ticket=…). */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const ticket = search.get('ticket') ?? '';
  const openAuthModal = useAccountStore((s) => s.openAuthModal);
  const [done, setDone] = useState(false);
  const form = useAccountForm(resetSchema, { newPassword: '', confirm: '' }, async ({ newPassword }) => {
    await resetPassword(ticket, newPassword);
    // Every session of the account is signed out by the change; this one follows.
    logout();
    setDone(true);
  });

  return (
    <PageContainer route="reset-password" className="max-w-md">
      <h1 className="text-3xl font-bold tracking-tight">{t('auth.reset.title')}</h1>
      {!ticket ? (
        <div className="mt-4 space-y-4">
          <p className="text-muted-foreground">{t('auth.reset.noTicket')}</p>
          <Button asChild>
            <Link to="/forgot-password">{t('auth.forgot.title')}</Link>
          </Button>
        </div>
      ) : done ? (
        <div className="mt-4 space-y-4">
          <output className="block">{t('auth.reset.done')}</output>
          <Button onClick={() => openAuthModal('sign-in')}>{t('auth.signIn.submit')}</Button>
        </div>
      ) : (
        <form noValidate onSubmit={form.onSubmit} className="mt-6 space-y-4 rounded-lg border bg-card p-6" aria-label={t('auth.reset.title')}>
          <TextField label={t('auth.reset.newPassword')} name="newPassword" type="password" autoComplete="new-password" value={form.values.newPassword} onValueChange={form.setValue('newPassword')} error={form.errors.newPassword} hint={t('auth.passwordHint')} />
          <TextField label={t('auth.reset.confirm')} name="confirm" type="password" autoComplete="new-password" value={form.values.confirm} onValueChange={form.setValue('confirm')} error={form.errors.confirm} />
          <FormError message={form.formError} />
          <SubmitButton pending={form.pending} className="w-full">{t('auth.reset.submit')}</SubmitButton>
        </form>
      )}
    </PageContainer>
  );
}
