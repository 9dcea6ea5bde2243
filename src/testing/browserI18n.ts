import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

/** Keys a browser-mode test asked for that the English messages lack. */
export const missingBrowserKeys = new Set<string>();

/**
 * Real English messages for Vitest browser mode. They come over HTTP from the dev server, as in production
 * (the `?raw` import of testing/i18n.ts is intercepted by the locales plugin there).
 */
export async function initBrowserTestI18n(): Promise<void> {
  const en: unknown = await (await fetch('/locales/en.json')).json();
  await i18next.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: false,
    resources: { en: { translation: en as Record<string, unknown> } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    saveMissing: true,
    missingKeyHandler: (_lngs, _ns, key) => missingBrowserKeys.add(key),
  });
}
