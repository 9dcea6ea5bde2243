import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { USER_LOCALE_KEY } from './guessLocale.ts';
import { loadBundledMessages, changeLocale, currentLocale, initI18n } from './initI18n.ts';

type Files = Record<string, unknown>;

/** Fake static file server for /locales/*.json; records requested URLs. */
function localeServer(files: Files, fail: 'network' | null = null) {
  const requested: string[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    requested.push(url);
    if (fail === 'network') throw new TypeError('Failed to fetch');
    const name = url.split('/').pop() ?? '';
    const body = files[name];
    if (body === undefined) return new Response('not found', { status: 404 });
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return { fetch: fetchImpl as unknown as typeof fetch, requested };
}

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('initI18n', () => {
  it('loads the locale file over HTTP and sets <html lang/dir>', async () => {
    const server = localeServer({ 'de.json': { common: { close: 'Schließen' } } });
    const instance = await initI18n({ locale: 'de', instance: i18next.createInstance(), fetch: server.fetch });
    expect(server.requested).toEqual(['/locales/de.json']);
    expect(instance.t('common.close')).toBe('Schließen');
    expect(document.documentElement.lang).toBe('de');
    expect(document.documentElement.dir).toBe('ltr');
    expect(currentLocale()).toBe('de');
  });

  it('has no fallback locale: a key missing from the loaded file is not taken from English', async () => {
    const server = localeServer({ 'de.json': { common: {} } });
    const instance = await initI18n({ locale: 'de', instance: i18next.createInstance(), fetch: server.fetch });
    expect(instance.t('common.close')).toBe('common.close');
    expect(server.requested).toEqual(['/locales/de.json']);
  });

  it('falls back to bundled English when the file is missing, and logs it', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const server = localeServer({});
    const instance = await initI18n({ locale: 'fr', instance: i18next.createInstance(), fetch: server.fetch });
    expect(instance.t('common.close')).toBe('Close');
    expect(error).toHaveBeenCalledOnce();
    expect(String(error.mock.calls[0]?.[0])).toContain('fr');
  });

  it('falls back to bundled Indonesian for id on a network failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const server = localeServer({}, 'network');
    const instance = await initI18n({ locale: 'id', instance: i18next.createInstance(), fetch: server.fetch });
    expect(instance.t('common.close')).toBe('Tutup');
  });

  it('falls back when the answer is not JSON (an HTML page)', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const server = localeServer({ 'es.json': '<!doctype html><title>app</title>' });
    const instance = await initI18n({ locale: 'es', instance: i18next.createInstance(), fetch: server.fetch });
    expect(instance.t('common.close')).toBe('Close');
    expect(error).toHaveBeenCalled();
  });

  it('uses the custom Russian plural rules', async () => {
    const server = localeServer({ 'ru.json': { common: { items_one: '{{count}} кадр', items_few: '{{count}} кадра', items_many: '{{count}} кадров', items_other: '{{count}} кадра' } } });
    const instance = await initI18n({ locale: 'ru', instance: i18next.createInstance(), fetch: server.fetch });
    expect([1, 3, 12, 21].map((count) => instance.t('common.items', { count }))).toEqual(['1 кадр', '3 кадра', '12 кадров', '21 кадр']);
  });

  it('guesses the starting locale from user-locale', async () => {
    localStorage.setItem(USER_LOCALE_KEY, 'ja');
    const server = localeServer({ 'ja.json': { common: { close: '閉じる' } } });
    const instance = await initI18n({ instance: i18next.createInstance(), fetch: server.fetch });
    expect(instance.t('common.close')).toBe('閉じる');
  });
});

describe('changeLocale', () => {
  it('persists user-locale, sets lang/dir and switches messages', async () => {
    const server = localeServer({ 'en.json': { common: { close: 'Close' } }, 'ar.json': { common: { close: 'إغلاق' } } });
    const instance = await initI18n({ locale: 'en', instance: i18next.createInstance(), fetch: server.fetch });
    expect(await changeLocale('ar', { instance })).toBe('ar');
    expect(localStorage.getItem(USER_LOCALE_KEY)).toBe('ar');
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(instance.t('common.close')).toBe('إغلاق');
    await changeLocale('en', { instance });
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('requests one file per locale, whichever seed spelling names it', async () => {
    const server = localeServer({ 'en-gb.json': { common: { close: 'Close (UK)' } }, 'en-au.json': { common: { close: 'Close (AU)' } }, 'km.json': { common: { close: 'បិទ' } }, 'tl-ph.json': { common: { close: 'Isara' } } });
    const instance = await initI18n({ locale: 'en-GB', instance: i18next.createInstance(), fetch: server.fetch });
    expect(instance.t('common.close')).toBe('Close (UK)');
    expect(document.documentElement.lang).toBe('en-GB');
    expect(await changeLocale('en_AU', { instance })).toBe('en-au');
    expect(instance.t('common.close')).toBe('Close (AU)');
    expect(document.documentElement.lang).toBe('en-AU');
    expect(await changeLocale('km_KH', { instance })).toBe('km');
    expect(instance.t('common.close')).toBe('បិទ');
    // i18next calls Filipino fil-PH (tl is Intl's old tag for it): still the tl-ph file.
    expect(await changeLocale('tl-ph', { instance })).toBe('tl-ph');
    expect(instance.t('common.close')).toBe('Isara');
    expect(server.requested).toEqual(['/locales/en-gb.json', '/locales/en-au.json', '/locales/km.json', '/locales/tl-ph.json']);
  });

  it('logs an unsupported code and uses the default locale', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const server = localeServer({ 'en.json': { common: { close: 'Close' } } });
    const instance = await initI18n({ locale: 'en', instance: i18next.createInstance(), fetch: server.fetch });
    expect(await changeLocale('tlh', { instance })).toBe('en');
    expect(warn).toHaveBeenCalledOnce();
    expect(localStorage.getItem(USER_LOCALE_KEY)).toBe('en');
  });
});

describe('loadBundledMessages', () => {
  it('serves id for Indonesian and en for everything else', async () => {
    expect(((await loadBundledMessages('id'))['common'] as Record<string, string>)['close']).toBe('Tutup');
    expect(((await loadBundledMessages('de'))['common'] as Record<string, string>)['close']).toBe('Close');
  });
});
