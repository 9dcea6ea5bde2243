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

/** The query parameter that picks the language of a page by URL (the server's hreflang links use it: docs/SEO.md). */
export const LANG_QUERY_PARAM = 'lang';

/** `?lang=` of a URL's query string ('' or absent: null). */
export function localeFromQuery(search: string | null | undefined): string | null {
  if (!search) return null;
  return new URLSearchParams(search).get(LANG_QUERY_PARAM)?.trim() || null;
}

function readQueryLocale(): string | null {
  return typeof location === 'undefined' ? null : localeFromQuery(location.search);
}

/**
 * Seed §4 guess order, after the page's own `?lang=` (a language's URL shows that language; it is not stored, so the
 * bare URLs keep the visitor's choice): persisted `user-locale`, browser language, browser language without its
 * region, default. Each candidate is matched case-insensitively against the supported codes.
 */
export function guessLocale(
  sources: { query?: string | null; stored?: string | null; browser?: string | null; fallback?: LocaleCode } = {},
): LocaleCode {
  const query = 'query' in sources ? sources.query : readQueryLocale();
  const stored = 'stored' in sources ? sources.stored : readStoredLocale();
  const browser = 'browser' in sources ? sources.browser : typeof navigator === 'undefined' ? null : navigator.language;
  return (
    matchLocale(query) ??
    matchLocale(stored) ??
    matchLocale(browser) ??
    (browser ? matchLocale(languageOf(browser)) : null) ??
    sources.fallback ??
    defaultLocale()
  );
}
