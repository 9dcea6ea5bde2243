import { env } from '../env.ts';
import { languageOf, matchLocale, type LocaleCode } from './locales.ts';

export const USER_LOCALE_KEY = 'user-locale';

function readStoredLocale(): string | null {
  try {
    return localStorage.getItem(USER_LOCALE_KEY);
  } catch {
    return null;
  }
}

/** The default locale: VITE_DEFAULT_LOCALE when it is supported, else `en`. */
export function defaultLocale(): LocaleCode {
  return matchLocale(env.defaultLocale) ?? 'en';
}

/**
 * Seed §4 guess order: persisted `user-locale`, browser language, browser language without its
 * region, default. Each candidate is matched case-insensitively against the supported codes.
 */
export function guessLocale(
  sources: { stored?: string | null; browser?: string | null; fallback?: LocaleCode } = {},
): LocaleCode {
  const stored = 'stored' in sources ? sources.stored : readStoredLocale();
  const browser = 'browser' in sources ? sources.browser : typeof navigator === 'undefined' ? null : navigator.language;
  return (
    matchLocale(stored) ??
    matchLocale(browser) ??
    (browser ? matchLocale(languageOf(browser)) : null) ??
    sources.fallback ??
    defaultLocale()
  );
}
