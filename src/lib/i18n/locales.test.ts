import { afterEach, describe, expect, it, vi } from 'vitest';
import { guessLocale, localeFromQuery, USER_LOCALE_KEY } from './guessLocale.ts';
import { isRtlLocale, localeDirection, localeDisplayName, LOCALES, localeOptions, matchLocale, nativeLocaleName, SUPPORTED_LOCALES, toBcp47 } from './locales.ts';
import { recordDisplayNames } from '../../testing/displayNames.ts';

describe('supported locales', () => {
  // First in the file: names are cached per code once built.
  it('asks Intl.DisplayNames for no name with the built-in names, and for a name once', () => {
    const asked = recordDisplayNames();
    try {
      const options = localeOptions(true);
      expect(asked).toEqual([]);
      expect(options).toHaveLength(54);
      expect(options.find((option) => option.code === 'km')?.name).toBe('ខ្មែរ');
      expect(localeDisplayName('km')).toBe('Name of km');
      expect(localeDisplayName('km')).toBe('Name of km');
      expect(asked).toEqual(['km']);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('lists the 57 seed codes exactly as written', () => {
    expect(SUPPORTED_LOCALES).toHaveLength(57);
    expect(new Set(SUPPORTED_LOCALES).size).toBe(57);
    for (const code of ['en_AU', 'en-au', 'en_GB', 'en-gb', 'tl-ph', 'km_KH', 'zh-cn', 'zh-tw', 'or', 'te']) expect(SUPPORTED_LOCALES).toContain(code);
  });

  it('treats the second spellings as one locale: one message file, one entry in the switcher', () => {
    expect(LOCALES).toHaveLength(54);
    for (const [spelling, locale] of [['en_AU', 'en-au'], ['en-AU', 'en-au'], ['en_GB', 'en-gb'], ['km_KH', 'km'], ['km-KH', 'km']]) expect(matchLocale(spelling), spelling).toBe(locale);
    expect(LOCALES).not.toContain('en_AU');
    expect(LOCALES).not.toContain('km_KH');
    expect(localeOptions(true).filter((option) => option.name.startsWith('English'))).toHaveLength(3);
  });

  it('marks ar, he, fa and ur as right-to-left', () => {
    expect(SUPPORTED_LOCALES.filter(isRtlLocale).sort()).toEqual(['ar', 'fa', 'he', 'ur']);
    expect(localeDirection('ar')).toBe('rtl');
    expect(localeDirection('en-gb')).toBe('ltr');
  });

  it('converts codes to BCP 47 tags', () => {
    expect(toBcp47('en_AU')).toBe('en-AU');
    expect(toBcp47('zh-cn')).toBe('zh-CN');
    expect(toBcp47('id')).toBe('id');
  });

  it('gives every locale a non-empty native name', () => {
    expect(localeDisplayName('id')).toBe('Indonesia');
    expect(localeDisplayName('de')).toBe('Deutsch');
    expect(localeDisplayName('ja')).toBe('日本語');
    const options = localeOptions();
    expect(options).toHaveLength(54);
    for (const option of options) expect(option.name.trim()).not.toBe('');
  });

  it('falls back to the built-in names when Intl.DisplayNames is missing', () => {
    vi.stubGlobal('Intl', { ...Intl, DisplayNames: undefined });
    try {
      expect(nativeLocaleName('de')).toBe('Deutsch');
      expect(nativeLocaleName('tl-ph')).toBe('Filipino');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('matches tags case-insensitively and across separators', () => {
    expect(matchLocale('en-GB')).toBe('en-gb');
    expect(matchLocale('en_GB')).toBe('en-gb');
    expect(matchLocale('zh-CN')).toBe('zh-cn');
    expect(matchLocale('ZH-TW')).toBe('zh-tw');
    expect(matchLocale('km-KH')).toBe('km');
    expect(matchLocale('fil')).toBe('tl-ph');
    expect(matchLocale('pt-BR')).toBeNull();
    expect(matchLocale('xx')).toBeNull();
    expect(matchLocale('')).toBeNull();
  });
});

describe('guessLocale', () => {
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('prefers the persisted user-locale', () => {
    localStorage.setItem(USER_LOCALE_KEY, 'id');
    vi.stubGlobal('navigator', { language: 'de-DE' });
    expect(guessLocale()).toBe('id');
  });

  it('uses the browser language, then the language without its region', () => {
    vi.stubGlobal('navigator', { language: 'en-GB' });
    expect(guessLocale()).toBe('en-gb');
    vi.stubGlobal('navigator', { language: 'zh-CN' });
    expect(guessLocale()).toBe('zh-cn');
    vi.stubGlobal('navigator', { language: 'pt-BR' });
    expect(guessLocale()).toBe('pt');
    vi.stubGlobal('navigator', { language: 'fr-CA' });
    expect(guessLocale()).toBe('fr');
  });

  it('ignores an unsupported persisted value and falls back to the default', () => {
    localStorage.setItem(USER_LOCALE_KEY, 'klingon');
    vi.stubGlobal('navigator', { language: 'xx-YY' });
    expect(guessLocale()).toBe('en');
    expect(guessLocale({ stored: null, browser: null, fallback: 'id' })).toBe('id');
  });

  it('takes the page’s ?lang= before the stored choice, and ignores one it does not support', () => {
    localStorage.setItem(USER_LOCALE_KEY, 'en');
    vi.stubGlobal('navigator', { language: 'en-US' });
    window.history.replaceState(null, '', '/merdeka-80?lang=id');
    try {
      expect(guessLocale()).toBe('id');
      // Not stored: the bare URLs keep the visitor's own choice.
      expect(localStorage.getItem(USER_LOCALE_KEY)).toBe('en');
      window.history.replaceState(null, '', '/merdeka-80?lang=klingon');
      expect(guessLocale()).toBe('en');
    } finally {
      window.history.replaceState(null, '', '/');
    }
    expect(localeFromQuery('?utm_source=x&lang=ID')).toBe('ID');
    expect(guessLocale({ query: 'ID', stored: 'en', browser: 'en' })).toBe('id');
    expect(localeFromQuery('?lang=')).toBeNull();
    expect(localeFromQuery('')).toBeNull();
  });
});
