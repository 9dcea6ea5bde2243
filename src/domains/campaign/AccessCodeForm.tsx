import { LockKeyhole } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Campaign } from '../../../contract/campaign.ts';
import { Button } from '../../ui/Button.tsx';
import { errorMessageKey } from '../../api/index.ts';
import { unlockCampaign } from '../../api/campaigns.ts';
import { FormError, inputClass } from '../../ui/TextField.tsx';

/** A private campaign asks for its access code before showing anything. */
export function AccessCodeForm({ route, uri, onUnlocked }: { route: string; uri: string; onUnlocked: (campaign: Campaign) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError(t('pages.campaign.access.required'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onUnlocked(await unlockCampaign(uri, code));
    } catch (failure) {
      setError(t(errorMessageKey(failure)));
      setBusy(false);
    }
  };

  return (
    <div data-route={route} className="mx-auto flex min-h-[60vh] w-full max-w-md flex-col justify-center px-4 py-10">
      <LockKeyhole className="mb-4 size-10 text-muted-foreground" aria-hidden="true" />
      <h1 className="text-2xl font-bold">{t('pages.campaign.access.title')}</h1>
      <p className="mt-2 text-muted-foreground">{t('pages.campaign.access.lead')}</p>
      <form onSubmit={submit} noValidate className="mt-6 space-y-4">
        <div>
          <label htmlFor={id} className="mb-1 block text-sm font-medium">
            {t('pages.campaign.access.label')}
          </label>
          <input id={id} name="accessCode" value={code} onChange={(event) => setCode(event.target.value)} autoComplete="off" autoCapitalize="none" spellCheck={false} aria-invalid={error ? true : undefined} className={inputClass} />
        </div>
        <FormError message={error} />
        <Button type="submit" disabled={busy} className="w-full">
          {t('pages.campaign.access.submit')}
        </Button>
      </form>
    </div>
  );
}
