import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notificationKeys, type NotificationKey, type NotificationPreference } from '../../../../contract/accountProfile.ts';
import { Button } from '../../../ui/Button.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { changeLocale, currentLocale, LOCALES, matchLocale, nativeLocaleName } from '../../../lib/i18n/index.ts';
import { useAsync } from '../../../api/useAsync.ts';
import { fetchPreferences, savePreference } from '../accountActions.ts';
import { useAccountStore } from '../accountStore.ts';
import { countryOptions, WORLDWIDE } from '../countryOptions.ts';
import { errorMessage } from '../formErrors.ts';
import { FormError, inputClass } from '../../../ui/TextField.tsx';

export function PreferencesTab() {
  const { t } = useTranslation();
  const [state, retry] = useAsync(() => fetchPreferences({ general: true, notification: true }), []);
  if (state.status === 'loading') return <Spinner label={t('auth.working')} />;
  if (state.status === 'error')
    return (
      <div className="space-y-3">
        <FormError message={errorMessage(state.error)} />
        <Button variant="outline" onClick={retry}>
          {t('auth.retry')}
        </Button>
      </div>
    );
  return (
    <div className="space-y-8">
      <GeneralForm country={state.data.general?.country ?? ''} language={state.data.general?.language ?? ''} />
      <NotificationForm initial={state.data.notification} />
    </div>
  );
}

function GeneralForm(props: { country: string; language: string }) {
  const { t, i18n } = useTranslation();
  const patch = useAccountStore((s) => s.patch);
  const storeCountry = useAccountStore((s) => s.country);
  const [country, setCountry] = useState(props.country || storeCountry || WORLDWIDE);
  // A stored second spelling (en_GB) shows as its locale's one entry (en-gb).
  const [language, setLanguage] = useState<string>(matchLocale(props.language) ?? currentLocale());
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved'>('idle');
  const [error, setError] = useState<string | null>(null);
  const countries = useMemo(() => countryOptions(i18n.language, t('profile.preferences.worldwide')), [i18n.language, t]);

  const save = (event: FormEvent) => {
    event.preventDefault();
    setStatus('saving');
    setError(null);
    savePreference('general', { country, language })
      .then(async () => {
        patch({ country, language });
        if (language !== currentLocale()) await changeLocale(language);
        setStatus('saved');
      })
      .catch((caught: unknown) => {
        setStatus('idle');
        setError(errorMessage(caught));
      });
  };

  return (
    <form onSubmit={save} className="space-y-4" aria-labelledby="prefs-general">
      <h2 id="prefs-general" className="text-lg font-semibold">
        {t('profile.preferences.general')}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="prefs-country" className="mb-1 block text-sm font-medium">
            {t('profile.preferences.country')}
          </label>
          <select id="prefs-country" value={country} onChange={(event) => setCountry(event.target.value)} className={inputClass}>
            {countries.map((option) => (
              <option key={option.code} value={option.code}>
                {option.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="prefs-language" className="mb-1 block text-sm font-medium">
            {t('profile.preferences.language')}
          </label>
          <select id="prefs-language" value={language} onChange={(event) => setLanguage(event.target.value)} className={inputClass}>
            {LOCALES.map((code) => (
              <option key={code} value={code}>
                {nativeLocaleName(code)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <FormError message={error} />
      {status === 'saved' && <output className="block text-sm text-muted-foreground">{t('profile.settings.saved')}</output>}
      <Button type="submit" disabled={status === 'saving'}>
        {status === 'saving' ? t('auth.working') : t('profile.settings.save')}
      </Button>
    </form>
  );
}

function NotificationForm({ initial }: { initial: NotificationPreference | null }) {
  const { t } = useTranslation();
  const [flags, setFlags] = useState<NotificationPreference>(() => Object.fromEntries(notificationKeys.map((key) => [key, initial?.[key] ?? true])) as NotificationPreference);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<NotificationKey | null>(null);

  // Each switch saves on its own; a failed save puts it back.
  const toggle = (key: NotificationKey, value: boolean) => {
    setBusy(key);
    setError(null);
    setFlags((current) => ({ ...current, [key]: value }));
    savePreference('notification', { [key]: value })
      .catch((caught: unknown) => {
        setFlags((current) => ({ ...current, [key]: !value }));
        setError(errorMessage(caught));
      })
      .finally(() => setBusy(null));
  };

  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 text-lg font-semibold">{t('profile.preferences.notifications')}</legend>
      {notificationKeys.map((key) => (
        <div key={key} className="flex items-center justify-between gap-4 rounded-md border px-3 py-2">
          <label htmlFor={`notify-${key}`} className="flex-1">
            <span className="block text-sm font-medium">{t(`profile.preferences.notification.${key}`)}</span>
            <span className="block text-xs text-muted-foreground">{t(`profile.preferences.notificationHint.${key}`)}</span>
          </label>
          <input id={`notify-${key}`} type="checkbox" role="switch" aria-checked={flags[key]} className="size-5 accent-primary" checked={flags[key]} disabled={busy === key} onChange={(event) => toggle(key, event.target.checked)} />
        </div>
      ))}
      <FormError message={error} />
    </fieldset>
  );
}
