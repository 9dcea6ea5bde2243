/** The interface's locales, shared by the app, the server (mails) and the translation checks. */

/** The interface locales of seed §9, spelled exactly as there (both `en_AU` and `en-au` exist upstream). */
export const SUPPORTED_LOCALES = [
  'af', 'ar', 'bg', 'bn', 'cs', 'da', 'de', 'el', 'en', 'en_AU', 'en-au', 'en_GB', 'en-gb', 'es', 'fa', 'fi', 'tl-ph', 'fr',
  'he', 'hi', 'hr', 'hu', 'id', 'it', 'ja', 'km', 'km_KH', 'ko', 'lo', 'ms', 'my', 'nl', 'no', 'pl', 'pt', 'ro', 'ru', 'sk',
  'sq', 'sr', 'sv', 'sw', 'th', 'tr', 'uk', 'ur', 'vi', 'zh-cn', 'zh-tw', 'gu', 'kn', 'ml', 'mr', 'or', 'pa', 'ta', 'te',
] as const;
export type LocaleCode = (typeof SUPPORTED_LOCALES)[number];

/**
 * Seed codes that are another spelling of one locale: both name the same message file (`locales/en-au.json`…), and
 * the switcher lists the locale once, under the file's code.
 */
export const SAME_LOCALE: Readonly<Partial<Record<LocaleCode, LocaleCode>>> = { en_AU: 'en-au', en_GB: 'en-gb', km_KH: 'km' };

/** One code per locale (and message file): the seed's codes without their second spellings. */
export const LOCALES: readonly LocaleCode[] = SUPPORTED_LOCALES.filter((code) => SAME_LOCALE[code] === undefined);

/** The languages among the interface locales (seed §9) written right to left. */
export const RTL_LANGUAGES: ReadonlySet<string> = new Set(['ar', 'he', 'fa', 'ur']);

/** 'rtl' for a locale or tag whose language is written right to left (`ar`, `fa-IR`, `ur_PK`), else 'ltr'. */
export function textDirection(tag: string): 'rtl' | 'ltr' {
  return RTL_LANGUAGES.has(tag.trim().split(/[-_]/)[0]?.toLowerCase() ?? '') ? 'rtl' : 'ltr';
}

/** BCP 47 tag for Intl: `en_AU` → `en-AU`, `zh-cn` → `zh-CN`. */
export function toBcp47(code: string): string {
  const [language = '', ...rest] = code.replace(/_/g, '-').split('-');
  return [language.toLowerCase(), ...rest.map((part) => (part.length === 2 ? part.toUpperCase() : part))].join('-');
}
