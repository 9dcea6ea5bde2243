import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
// `?raw` keeps the JSON out of the composite tsconfig's file list.
import enText from '../../locales/en.json?raw';
import idText from '../../locales/id.json?raw';
import { russianPlurals } from '../lib/i18n/russianPlurals.ts';

/** Keys a test rendered that the locale files lack. */
export const missingKeys = new Set<string>();

/**
 * For unit tests: the shared i18next instance with the real en/id messages, initialised
 * synchronously (no HTTP), so components render real text; missing keys are collected.
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
        saveMissing: true,
        missingKeyHandler: (_lngs, _ns, key) => missingKeys.add(key),
      });
  } else if (i18next.language !== locale) {
    void i18next.changeLanguage(locale);
  }
  return i18next;
}

/** The same, awaiting the language switch. */
export async function initTestI18n(locale: 'en' | 'id' = 'en'): Promise<I18n> {
  setupTestI18n(locale);
  if (i18next.language !== locale) await i18next.changeLanguage(locale);
  return i18next;
}
