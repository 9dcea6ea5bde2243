import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { bundledMessages } from './initI18n.ts';
import { russianPlurals } from './russianPlurals.ts';

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
        resources: { en: { translation: bundledMessages('en') }, id: { translation: bundledMessages('id') } },
        interpolation: { escapeValue: false },
        react: { useSuspense: false },
      });
  } else if (i18next.language !== locale) {
    void i18next.changeLanguage(locale);
  }
  return i18next;
}
