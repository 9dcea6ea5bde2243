import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { APPEAL_MESSAGE_MAX, UPLOAD_MAX_BYTES, uploadImageTypes } from '../../../contract/accountProfile.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { CaptchaField } from '../../domains/account/CaptchaField.tsx';
import { errorMessage } from '../../domains/account/formErrors.ts';
import { FormError, TextField } from '../../ui/TextField.tsx';
import { useAccountForm } from '../../domains/account/useAccountForm.ts';
import { fetchAppeal, logout, submitAppeal, type AppealState } from '../../domains/account/accountActions.ts';
import { isLoggedIn, useAccountStore } from '../../domains/account/accountStore.ts';
import { PageContainer } from '../../ui/PageContainer.tsx';
import { useAsync } from '../../api/useAsync.ts';
import { SubmitButton } from '../../ui/SubmitButton.tsx';

const appealSchema = z.object({ message: z.string().trim().min(20, 'Tell us in at least 20 characters why the suspension should be lifted').max(APPEAL_MESSAGE_MAX) });

/** The only page a suspended account reaches: its appeal status and, while none is pending, the appeal form. */
export default function AppealPage() {
  const { t } = useTranslation();
  const loggedIn = useAccountStore(isLoggedIn);
  const openAuthModal = useAccountStore((s) => s.openAuthModal);
  return (
    <PageContainer route="appeal" className="max-w-xl">
      <h1 className="text-3xl font-bold tracking-tight">{t('profile.appeal.title')}</h1>
      <p className="mt-3 text-muted-foreground">{t('profile.appeal.lead')}</p>
      {loggedIn ? (
        <AppealBody />
      ) : (
        <Button className="mt-6" onClick={() => openAuthModal('sign-in')}>
          {t('auth.signIn.submit')}
        </Button>
      )}
    </PageContainer>
  );
}

function AppealBody() {
  const { t } = useTranslation();
  const [submitted, setSubmitted] = useState<AppealState | null>(null);
  const [state, retry] = useAsync(() => fetchAppeal(), []);
  if (state.status === 'loading') return <Spinner className="mt-6" label={t('auth.working')} busy />;
  if (state.status === 'error')
    return (
      <div className="mt-6 space-y-3">
        <FormError message={errorMessage(state.error)} />
        <Button variant="outline" onClick={retry}>
          {t('auth.retry')}
        </Button>
      </div>
    );
  const appeal = submitted ?? state.data;
  // One appeal per suspension: a rejection is final until staff suspend again (which resets it to NOT_YET).
  const canAppeal = appeal.isSuspended && appeal.appealStatus === 'NOT_YET';
  return (
    <div className="mt-6 space-y-6">
      <output className="block rounded-md border bg-muted/40 px-3 py-2 text-sm">
        {t(`profile.appeal.status.${appeal.isSuspended ? appeal.appealStatus : 'ACTIVE'}`, { defaultValue: appeal.appealStatus })}
      </output>
      {appeal.appeal && <blockquote dir="auto" className="border-s-4 ps-3 text-sm whitespace-pre-wrap text-muted-foreground">{appeal.appeal.message}</blockquote>}
      {canAppeal && <AppealForm onSubmitted={setSubmitted} />}
      <Button variant="outline" onClick={logout}>
        {t('profile.menu.signOut')}
      </Button>
    </div>
  );
}

function AppealForm({ onSubmitted }: { onSubmitted: (state: AppealState) => void }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const form = useAccountForm(
    appealSchema,
    { message: '' },
    async ({ message }) => {
      try {
        onSubmitted(await submitAppeal({ message, file }, captcha ?? ''));
      } finally {
        setRound((n) => n + 1);
      }
    },
    { beforeSubmit: () => fileError ?? (captcha ? null : t('auth.captchaRequired')) },
  );
  const pickFile = (picked: File | null) => {
    setFileError(null);
    if (picked && !(uploadImageTypes as readonly string[]).includes(picked.type)) return setFileError(t('profile.imageType'));
    if (picked && picked.size > UPLOAD_MAX_BYTES) return setFileError(t('profile.imageSize', { mb: UPLOAD_MAX_BYTES / 1024 / 1024 }));
    setFile(picked);
  };
  return (
    <form noValidate onSubmit={form.onSubmit} className="space-y-4 rounded-lg border bg-card p-6" aria-label={t('profile.appeal.formTitle')}>
      <TextField multiline label={t('profile.appeal.message')} name="message" maxLength={APPEAL_MESSAGE_MAX} value={form.values.message} onValueChange={form.setValue('message')} error={form.errors.message} />
      <div>
        <label htmlFor="appeal-file" className="mb-1 block text-sm font-medium">
          {t('profile.appeal.file')}
        </label>
        <input id="appeal-file" type="file" accept={uploadImageTypes.join(',')} aria-invalid={fileError ? true : undefined} aria-describedby={fileError ? 'appeal-file-error' : undefined} onChange={(event) => pickFile(event.target.files?.[0] ?? null)} className="block w-full text-sm" />
        {fileError && (
          <p id="appeal-file-error" className="mt-1 text-sm text-destructive">
            {fileError}
          </p>
        )}
      </div>
      <CaptchaField onChange={setCaptcha} resetKey={round} />
      <FormError message={form.formError} />
      <SubmitButton pending={form.pending}>{t('profile.appeal.submit')}</SubmitButton>
    </form>
  );
}
