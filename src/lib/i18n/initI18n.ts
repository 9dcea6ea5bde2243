import i18next, { type i18n as I18n } from 'i18next';
import HttpBackend, { type HttpBackendOptions } from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { USER_LOCALE_KEY, guessLocale, defaultLocale } from './guessLocale.ts';
import { languageOf, localeDirection, matchLocale, toBcp47, type LocaleCode } from './locales.ts';
import { russianPlurals } from './russianPlurals.ts';

type Messages = Record<string, unknown>;

/**
 * Messages shipped with the app: Indonesian for `id`, English for every other locale. Each is its own
 * chunk, loaded only when the locale file fails, so the first load does not carry them.
 * (`?raw` keeps the JSON out of the composite tsconfig's file list.)
 */
export async function loadBundledMessages(locale: string): Promise<Messages> {
  const text = languageOf(locale) === 'id' ? await import('../../../locales/id.json?raw') : await import('../../../locales/en.json?raw');
  return JSON.parse(text.default) as Messages;
}

/** Supported locale for a tag, trying the bare language last (`pt-BR` → `pt`). */
export function resolveLocale(tag: string): LocaleCode | null {
  return matchLocale(tag) ?? matchLocale(languageOf(tag));
}

function isMessages(value: unknown): value is Messages {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export interface InitI18nOptions {
  /** Locale to start with; defaults to guessLocale(). */
  locale?: string;
  /** URL template of the message files. */
  loadPath?: string;
  /** Defaults to the shared i18next instance that react-i18next uses. */
  instance?: I18n;
  fetch?: typeof fetch;
}

/**
 * Backend request: GET the locale's JSON; when that fails (network, non-2xx, not a JSON object —
 * e.g. an SPA fallback page) log it and answer with the bundled en/id messages instead.
 */
function requestWithFallback(fetchImpl: () => typeof fetch): NonNullable<HttpBackendOptions['request']> {
  return (_options, url, _payload, callback) => {
    const locale = decodeURIComponent(url.split('/').pop()?.replace(/\.json(?:\?.*)?$/, '') ?? '');
    fetchImpl()(url, { headers: { accept: 'application/json' } })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const parsed: unknown = JSON.parse(await response.text());
        if (!isMessages(parsed)) throw new Error('not a JSON object');
        callback(null, { status: 200, data: parsed });
      })
      .catch((error: unknown) => {
        console.error(`Failed to load messages for "${locale}" from ${url}; using bundled ${languageOf(locale) === 'id' ? 'id' : 'en'} messages.`, error);
        return loadBundledMessages(locale).then((data) => callback(null, { status: 200, data }));
      })
      .catch((error: unknown) => callback(error, null));
  };
}

let activeLocale: LocaleCode | null = null;

/** The locale last applied by initI18n/changeLocale. */
export function currentLocale(): LocaleCode {
  return activeLocale ?? defaultLocale();
}

function applyDocumentLocale(locale: LocaleCode): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = toBcp47(locale);
  document.documentElement.dir = localeDirection(locale);
}

/**
 * Initialises i18next (HTTP backend on /locales/{{lng}}.json, no fallback locale, custom Russian
 * plurals) with the guessed locale and sets <html lang/dir>. Resolves once that locale's messages loaded.
 */
export async function initI18n(options: InitI18nOptions = {}): Promise<I18n> {
  const instance = options.instance ?? i18next;
  const locale = resolveLocale(options.locale ?? guessLocale()) ?? defaultLocale();
  const loadPath = options.loadPath ?? '/locales/{{lng}}.json';
  const backend: HttpBackendOptions = {
    // i18next canonicalises `en-au` to `en-AU` and `tl-ph` to `fil-PH`; files are named after the locales' codes.
    loadPath: (lngs) => loadPath.replace('{{lng}}', encodeURIComponent(resolveLocale(lngs[0] ?? '') ?? lngs[0] ?? locale)),
    request: requestWithFallback(() => options.fetch ?? fetch),
  };
  if (instance.isInitialized) {
    await changeLocale(locale, { instance, persist: false });
    return instance;
  }
  instance.use(HttpBackend).use(initReactI18next).use(russianPlurals);
  await instance.init<HttpBackendOptions>({
    lng: locale,
    fallbackLng: false,
    load: 'currentOnly',
    ns: ['translation'],
    defaultNS: 'translation',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    backend,
  });
  activeLocale = locale;
  applyDocumentLocale(locale);
  return instance;
}

/**
 * Switches the interface language: persists `user-locale` (unless persist is false), sets
 * <html lang> and dir (rtl for ar, he, fa, ur) and waits for the messages. Unsupported codes
 * are logged and fall back to the default locale.
 */
export async function changeLocale(code: string, options: { instance?: I18n; persist?: boolean } = {}): Promise<LocaleCode> {
  const instance = options.instance ?? i18next;
  let locale = resolveLocale(code);
  if (!locale) {
    console.warn(`Locale "${code}" is not supported; using ${defaultLocale()}.`);
    locale = defaultLocale();
  }
  if (options.persist !== false) {
    try {
      localStorage.setItem(USER_LOCALE_KEY, locale);
    } catch {
      // Private mode or disabled storage: the choice lasts for this page only.
    }
  }
  activeLocale = locale;
  applyDocumentLocale(locale);
  await instance.changeLanguage(locale);
  return locale;
}
