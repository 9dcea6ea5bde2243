import { LOCALES, SAME_LOCALE, SUPPORTED_LOCALES, textDirection, toBcp47, type LocaleCode } from '../../../contract/locales.ts';

// The lists live in contract/locales.ts, shared with the server (mails, first view) and the translation checks.
export { LOCALES, SUPPORTED_LOCALES, toBcp47, type LocaleCode };
export { RTL_LANGUAGES as RTL_LOCALES } from '../../../contract/locales.ts';

/** Browser codes that name a supported locale under another tag. */
const ALIASES: Readonly<Record<string, LocaleCode>> = { fil: 'tl-ph', tl: 'tl-ph', nb: 'no', nn: 'no', iw: 'he', in: 'id' };

/** Native names, used when Intl.DisplayNames is missing or does not know a code. */
const NATIVE_NAMES: Readonly<Record<LocaleCode, string>> = {
  af: 'Afrikaans', ar: 'العربية', bg: 'български', bn: 'বাংলা', cs: 'čeština', da: 'dansk', de: 'Deutsch', el: 'Ελληνικά',
  en: 'English', en_AU: 'English (Australia)', 'en-au': 'English (Australia)', en_GB: 'English (UK)', 'en-gb': 'English (UK)',
  es: 'español', fa: 'فارسی', fi: 'suomi', 'tl-ph': 'Filipino', fr: 'français', he: 'עברית', hi: 'हिन्दी', hr: 'hrvatski',
  hu: 'magyar', id: 'Indonesia', it: 'italiano', ja: '日本語', km: 'ខ្មែរ', km_KH: 'ខ្មែរ (កម្ពុជា)', ko: '한국어', lo: 'ລາວ',
  ms: 'Melayu', my: 'မြန်မာ', nl: 'Nederlands', no: 'norsk', pl: 'polski', pt: 'português', ro: 'română', ru: 'русский',
  sk: 'slovenčina', sq: 'shqip', sr: 'српски', sv: 'svenska', sw: 'Kiswahili', th: 'ไทย', tr: 'Türkçe', uk: 'українська',
  ur: 'اردو', vi: 'Tiếng Việt', 'zh-cn': '中文（中国）', 'zh-tw': '中文（台灣）', gu: 'ગુજરાતી', kn: 'ಕನ್ನಡ', ml: 'മലയാളം',
  mr: 'मराठी', or: 'ଓଡ଼ିଆ', pa: 'ਪੰਜਾਬੀ', ta: 'தமிழ்', te: 'తెలుగు',
};

export function isSupportedLocale(code: string): code is LocaleCode {
  return (SUPPORTED_LOCALES as readonly string[]).includes(code);
}


/**
 * The locale a tag stands for, as one of LOCALES, or null. Tries the exact seed code, then a case-insensitive
 * match (`en-GB` → `en-gb`, `zh-CN` → `zh-cn`), then one ignoring `_`/`-` (`km-KH` → `km_KH`), then aliases; a
 * second spelling gives its locale's code (`en_GB` → `en-gb`, `km_KH` → `km`). Does not drop the region; callers
 * decide whether to try the bare language.
 */
export function matchLocale(tag: string | null | undefined): LocaleCode | null {
  const code = seedCodeOf(tag);
  return code && (SAME_LOCALE[code] ?? code);
}

function seedCodeOf(tag: string | null | undefined): LocaleCode | null {
  if (!tag) return null;
  const trimmed = tag.trim();
  if (isSupportedLocale(trimmed)) return trimmed;
  const lower = trimmed.toLowerCase();
  const caseless = SUPPORTED_LOCALES.find((code) => code.toLowerCase() === lower);
  if (caseless) return caseless;
  const loose = lower.replace(/_/g, '-');
  const separatorless = SUPPORTED_LOCALES.find((code) => code.toLowerCase().replace(/_/g, '-') === loose);
  if (separatorless) return separatorless;
  return ALIASES[lower] ?? null;
}

/** The language part of a tag: `pt-BR` → `pt`, `en_AU` → `en`. */
export function languageOf(tag: string): string {
  return tag.trim().split(/[-_]/)[0]?.toLowerCase() ?? '';
}

export function isRtlLocale(code: string): boolean {
  return textDirection(code) === 'rtl';
}

export function localeDirection(code: string): 'rtl' | 'ltr' {
  return textDirection(code);
}

/** A locale's name in its own language: Intl.DisplayNames, else the built-in table. */
export function nativeLocaleName(code: LocaleCode): string {
  try {
    const tag = toBcp47(code);
    const intlName = new Intl.DisplayNames([tag], { type: 'language' }).of(tag);
    if (intlName && intlName.toLowerCase() !== tag.toLowerCase()) return intlName.charAt(0).toLocaleUpperCase(tag) + intlName.slice(1);
  } catch {
    // Older engines lack DisplayNames or reject the tag.
  }
  return NATIVE_NAMES[code];
}

const displayNameCache = new Map<string, string>();

/** Cached nativeLocaleName. */
export function localeDisplayName(code: LocaleCode): string {
  let name = displayNameCache.get(code);
  if (name === undefined) {
    name = nativeLocaleName(code);
    displayNameCache.set(code, name);
  }
  return name;
}

export interface LocaleOption {
  code: LocaleCode;
  name: string;
  dir: 'rtl' | 'ltr';
}

/**
 * Every locale (LOCALES) with its native name and direction, in seed order. Names come from Intl.DisplayNames, or
 * with `builtInNames` from the built-in table: the first DisplayNames of a page loads the engine's locale data, a
 * long task on a slow phone, so a closed menu (one name shown) uses the table until the menu is reached.
 */
export function localeOptions(builtInNames = false): LocaleOption[] {
  return LOCALES.map((code) => ({
    code,
    name: builtInNames ? NATIVE_NAMES[code] : localeDisplayName(code),
    dir: localeDirection(code),
  }));
}
