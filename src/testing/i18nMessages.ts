import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
// `?raw` keeps the JSON out of the composite tsconfig's file list.
import enText from '../../locales/en.json?raw';
import idText from '../../locales/id.json?raw';
import { russianPlurals } from '../lib/i18n/russianPlurals.ts';

/**
 * For unit tests: the shared i18next instance with the bundled en/id messages, initialised
 * synchronously (no HTTP), so components render real text.
 */
export function setupTestI18n(locale: 'en' | 'id' = 'en'): I18n {
  if (!i18next.isInitialized) {
    void i18next
      .use(initReactI18next)
      .use(russianPlurals)
      .init({
        lng: locale,
        fallbackLng: false,
        initAsync: false,
        resources: { en: { translation: JSON.parse(enText) as Record<string, unknown> }, id: { translation: JSON.parse(idText) as Record<string, unknown> } },
        interpolation: { escapeValue: false },
        react: { useSuspense: false },
      });
  } else if (i18next.language !== locale) {
    void i18next.changeLanguage(locale);
  }
  return i18next;
}
