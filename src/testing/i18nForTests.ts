import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import enText from '../../locales/en.json?raw';
import idText from '../../locales/id.json?raw';

/** Keys a test rendered that the locale files lack. */
export const missingKeys = new Set<string>();

/** Initialises the shared i18next instance with the real en/id files, collecting missing keys. */
export async function initTestI18n(lng: 'en' | 'id' = 'en') {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      lng,
      fallbackLng: false,
      resources: { en: { translation: JSON.parse(enText) }, id: { translation: JSON.parse(idText) } },
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
      saveMissing: true,
      missingKeyHandler: (_lngs, _ns, key) => missingKeys.add(key),
    });
  } else if (i18next.language !== lng) {
    await i18next.changeLanguage(lng);
  }
  return i18next;
}
