import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { checkFacebookDeletion } from '../../domains/account/accountActions.ts';
import { PageContainer } from '../../ui/PageContainer.tsx';

type Answer = { code: string; data: { status: string; requestedAt: number } | null };

/** Status of a data-deletion request made through Facebook, by its confirmation code (?code=…). */
export default function DeleteAccountFacebookPage() {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const code = search.get('code') ?? '';
  const [draft, setDraft] = useState(code);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const checking = code !== '' && answer?.code !== code;

  useEffect(() => {
    if (!code) return;
    let cancelled = false;
    void checkFacebookDeletion(code).then((data) => {
      if (!cancelled) setAnswer({ code, data });
    });
    return () => {
      cancelled = true;
    };
  }, [code]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim()) setSearch({ code: draft.trim() });
  };

  return (
    <PageContainer route="delete-account-facebook" className="max-w-md">
      <h1 className="text-3xl font-bold tracking-tight">{t('profile.facebookDeletion.title')}</h1>
      <p className="mt-3 text-muted-foreground">{t('profile.facebookDeletion.lead')}</p>
      <form onSubmit={submit} className="mt-6 flex items-end gap-2" aria-label={t('profile.facebookDeletion.title')}>
        <TextField className="flex-1" label={t('profile.facebookDeletion.code')} name="code" value={draft} onValueChange={setDraft} />
        <Button type="submit">{t('profile.facebookDeletion.check')}</Button>
      </form>
      <div className="mt-6" aria-live="polite">
        {checking && <p>{t('auth.working')}</p>}
        {!checking && answer && !answer.data && <p>{t('profile.facebookDeletion.unknown')}</p>}
        {!checking && answer?.data && (
          <output className="block">
            {t(`profile.facebookDeletion.status.${answer.data.status === 'DELETED' ? 'DELETED' : 'NOT_FOUND_ACCOUNT'}`, { date: new Date(answer.data.requestedAt).toLocaleDateString(i18n.language) })}
          </output>
        )}
      </div>
    </PageContainer>
  );
}
