import { Languages } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale, localeOptions } from '../../lib/i18n/index.ts';
import { chooseLanguage } from '../chooseLanguage.ts';

/** Every supported interface locale, by its native name. */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  // i18n.language re-renders us after a switch; currentLocale() keeps the seed's exact code.
  const value = i18n.language ? currentLocale() : 'en';
  // Every page renders this menu: the Intl names wait until someone reaches for it.
  const [reached, setReached] = useState(false);
  const reach = () => setReached(true);
  const options = useMemo(() => localeOptions(!reached), [reached]);
  return (
    <div className={className}>
      <label htmlFor={id} className="sr-only">
        {t('nav.language')}
      </label>
      <div className="relative flex items-center">
        <Languages className="pointer-events-none absolute inset-s-2 size-4" aria-hidden="true" />
        <select
          id={id}
          value={value}
          onFocus={reach}
          onPointerEnter={reach}
          onPointerDown={reach}
          onChange={(event) => {
            chooseLanguage(event.target.value).catch((error: unknown) => console.error('Could not switch language', error));
          }}
          className="h-10 max-w-40 appearance-none rounded-md border bg-background py-1 ps-8 pe-2 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          {options.map((option) => (
            <option key={option.code} value={option.code} lang={option.code.replace('_', '-')} dir={option.dir}>
              {option.name} ({option.code})
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
