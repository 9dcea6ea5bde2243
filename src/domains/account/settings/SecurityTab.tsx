import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { SocialProvider } from '../../../../contract/accountProfile.ts';
import { Button } from '../../../ui/Button.tsx';
import { ResponsiveDialog } from '../../../ui/ResponsiveDialog.tsx';
import { deleteAccount, linkProvider, requestPasswordReset, signOutEverywhere, unlinkProvider } from '../accountActions.ts';
import { useAccountStore } from '../accountStore.ts';
import { errorMessage } from '../formErrors.ts';
import { SOCIAL_PROVIDERS } from '../SocialButtons.tsx';
import { providerToken, socialClientIds } from '../socialConfig.ts';
import { FormError, TextField } from '../../../ui/TextField.tsx';
import { tIsolated } from '../../../ui/tIsolated.tsx';

/** Runs one action at a time and keeps its outcome for the section that started it. */
function useAction() {
  const [pending, setPending] = useState<string | null>(null);
  const [result, setResult] = useState<{ id: string; error: string | null } | null>(null);
  const run = (id: string, action: () => Promise<void>) => {
    setPending(id);
    setResult(null);
    action().then(
      () => setResult({ id, error: null }),
      (error: unknown) => setResult({ id, error: errorMessage(error) }),
    ).finally(() => setPending(null));
  };
  return { pending, result, run };
}

export function SecurityTab() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const email = useAccountStore((s) => s.email);
  const isPassword = useAccountStore((s) => s.isPassword);
  const linked = useAccountStore((s) => s.associatedAccount);
  const { pending, result, run } = useAction();
  const errorFor = (id: string) => (result?.id === id ? result.error : null);
  const doneFor = (id: string) => result?.id === id && result.error === null;

  return (
    <div className="space-y-8">
      <section aria-labelledby="security-password" className="space-y-3">
        <h2 id="security-password" className="text-lg font-semibold">
          {t('profile.security.password')}
        </h2>
        <p className="text-sm text-muted-foreground">{tIsolated(t, isPassword ? 'profile.security.passwordLead' : 'profile.security.passwordLeadSocial', { email })}</p>
        <Button variant="outline" disabled={pending !== null} onClick={() => run('password', () => requestPasswordReset(email))}>
          {t('profile.security.sendReset')}
        </Button>
        {doneFor('password') && <output className="block text-sm">{tIsolated(t, 'auth.forgot.sent', { email })}</output>}
        <FormError message={errorFor('password')} />
      </section>

      <section aria-labelledby="security-providers" className="space-y-3">
        <h2 id="security-providers" className="text-lg font-semibold">
          {t('profile.security.providers')}
        </h2>
        <ul className="space-y-2">
          {SOCIAL_PROVIDERS.map((provider: SocialProvider) => {
            const entry = linked[provider];
            return (
              <li key={provider} className="flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2">
                <span className="text-sm">
                  <span className="font-medium">{t(`profile.security.provider.${provider}`)}</span>{' '}
                  <span className="text-muted-foreground">{entry ? tIsolated(t, 'profile.security.linkedAs', { name: entry.name, email: entry.email }) : t('profile.security.notLinked')}</span>
                </span>
                {entry ? (
                  <Button size="sm" variant="outline" disabled={pending !== null || (!isPassword && SOCIAL_PROVIDERS.filter((p) => linked[p]).length < 2)} onClick={() => run(provider, () => unlinkProvider(provider))} aria-label={t('profile.security.unlinkLabel', { provider: t(`profile.security.provider.${provider}`) })}>
                    {t('profile.security.unlink')}
                  </Button>
                ) : (
                  <Button size="sm" variant="outline" disabled={pending !== null || socialClientIds[provider] === null} title={socialClientIds[provider] === null ? t('auth.social.unavailable') : undefined} onClick={() => run(provider, async () => linkProvider(provider, await providerToken(provider)))} aria-label={t('profile.security.linkLabel', { provider: t(`profile.security.provider.${provider}`) })}>
                    {t('profile.security.link')}
                  </Button>
                )}
                <FormError message={errorFor(provider)} />
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="security-sessions" className="space-y-3">
        <h2 id="security-sessions" className="text-lg font-semibold">
          {t('profile.security.sessions')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('profile.security.sessionsLead')}</p>
        <Button variant="outline" disabled={pending !== null} onClick={() => run('sessions', async () => {
          await signOutEverywhere();
          void navigate('/', { replace: true });
        })}>
          {t('profile.security.signOutEverywhere')}
        </Button>
        <FormError message={errorFor('sessions')} />
      </section>

      <DeleteAccountSection />
    </div>
  );
}

function DeleteAccountSection() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const email = useAccountStore((s) => s.email);
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const matches = typed.trim().toLowerCase() === email.toLowerCase();

  const confirm = () => {
    if (!matches) return;
    setPending(true);
    setError(null);
    deleteAccount().then(
      () => {
        setOpen(false);
        void navigate('/', { replace: true });
      },
      (caught: unknown) => {
        setPending(false);
        setError(errorMessage(caught));
      },
    );
  };

  return (
    <section aria-labelledby="security-delete" className="space-y-3 rounded-lg border border-destructive/40 p-4">
      <h2 id="security-delete" className="text-lg font-semibold text-destructive">
        {t('profile.security.delete')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('profile.security.deleteLead')}</p>
      <Button variant="destructive" onClick={() => setOpen(true)}>
        {t('profile.security.delete')}
      </Button>
      <ResponsiveDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setTyped('');
        }}
        title={t('profile.security.deleteConfirmTitle')}
        description={t('profile.security.deleteConfirmLead', { email })}
        footer={
          <>
            <Button variant="outline" onClick={() => setOpen(false)}>
              {t('profile.security.keep')}
            </Button>
            <Button variant="destructive" disabled={!matches || pending} onClick={confirm}>
              {pending ? t('auth.working') : t('profile.security.deleteForever')}
            </Button>
          </>
        }
      >
        <TextField label={t('profile.security.deleteTypeEmail')} name="confirm-email" type="email" autoComplete="off" value={typed} onValueChange={setTyped} />
        <FormError message={error} />
      </ResponsiveDialog>
    </section>
  );
}
