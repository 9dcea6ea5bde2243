import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialLanguage, regionFromLanguage, runLocaleSetup, type LocaleSetupDeps, type LocaleSetupInput } from './localeSetup.ts';

const supported = new Set(['en', 'id', 'fr', 'pt', 'zh-cn']);
const isSupported = (code: string) => supported.has(code);

function input(over: Partial<LocaleSetupInput> = {}): LocaleSetupInput {
  return { loggedIn: false, storedLanguage: '', storedCountry: '', guessedLanguage: 'fr', browserLanguage: 'fr-CA', isSupported, ...over };
}

function deps(over: Partial<LocaleSetupDeps> = {}) {
  return {
    lookupIpCountry: vi.fn(async () => 'DE' as string | null),
    refreshToken: vi.fn(async () => {}),
    getGeneralPreference: vi.fn(async () => ({ country: 'JP', language: 'id' }) as { country?: string | null; language?: string | null } | null),
    saveGeneralPreference: vi.fn(async () => {}),
    ...over,
  } satisfies LocaleSetupDeps;
}

afterEach(() => vi.restoreAllMocks());

describe('initialLanguage', () => {
  it("prefers a logged-in user's stored language", () => {
    expect(initialLanguage({ loggedIn: true, storedLanguage: 'id', guessedLanguage: 'fr', isSupported })).toBe('id');
  });
  it('ignores a stored language when logged out', () => {
    expect(initialLanguage({ loggedIn: false, storedLanguage: 'id', guessedLanguage: 'fr', isSupported })).toBe('fr');
  });
  it('falls back to the guess when the stored language is empty or unsupported', () => {
    expect(initialLanguage({ loggedIn: true, storedLanguage: '', guessedLanguage: 'fr', isSupported })).toBe('fr');
    expect(initialLanguage({ loggedIn: true, storedLanguage: 'xx', guessedLanguage: 'fr', isSupported })).toBe('fr');
  });
  it('falls back to en when nothing fits', () => {
    expect(initialLanguage({ loggedIn: false, storedLanguage: '', guessedLanguage: '', isSupported })).toBe('en');
    expect(initialLanguage({ loggedIn: false, storedLanguage: '', guessedLanguage: 'xx', isSupported })).toBe('en');
  });
});

describe('regionFromLanguage', () => {
  it.each([
    ['id-ID', 'ID'],
    ['en-us', 'US'],
    ['pt_BR', 'BR'],
    ['zh-Hant-TW', 'TW'],
  ])('%s → %s', (tag, region) => expect(regionFromLanguage(tag)).toBe(region));
  it.each(['en', '', 'es-419'])('%s has no region', (tag) => expect(regionFromLanguage(tag)).toBeNull());
});

describe('runLocaleSetup (anonymous)', () => {
  it('keeps a known country without asking the network', async () => {
    const d = deps();
    await expect(runLocaleSetup(input({ storedCountry: 'ID' }), d)).resolves.toEqual({ country: 'ID', language: 'fr' });
    expect(d.lookupIpCountry).not.toHaveBeenCalled();
    expect(d.refreshToken).not.toHaveBeenCalled();
    expect(d.getGeneralPreference).not.toHaveBeenCalled();
  });

  it('looks the country up by IP when unknown', async () => {
    const d = deps({ lookupIpCountry: vi.fn(async () => 'de') });
    await expect(runLocaleSetup(input(), d)).resolves.toEqual({ country: 'DE', language: 'fr' });
    expect(d.lookupIpCountry).toHaveBeenCalledTimes(1);
    expect(d.saveGeneralPreference).not.toHaveBeenCalled();
  });

  it("uses the browser language's region when the IP lookup has no answer", async () => {
    const d = deps({ lookupIpCountry: vi.fn(async () => null) });
    await expect(runLocaleSetup(input({ browserLanguage: 'fr-CA' }), d)).resolves.toEqual({ country: 'CA', language: 'fr' });
  });

  it('falls back to WW when neither the IP nor the browser tell', async () => {
    const d = deps({ lookupIpCountry: vi.fn(async () => null) });
    await expect(runLocaleSetup(input({ browserLanguage: 'fr' }), d)).resolves.toEqual({ country: 'WW', language: 'fr' });
  });

  it('turns a failing lookup into WW and logs it', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const d = deps({ lookupIpCountry: vi.fn(async () => Promise.reject(new Error('offline'))) });
    await expect(runLocaleSetup(input(), d)).resolves.toEqual({ country: 'WW', language: 'fr' });
    expect(log).toHaveBeenCalled();
  });

  it('defaults the language to en', async () => {
    await expect(runLocaleSetup(input({ guessedLanguage: '' , storedCountry: 'US' }), deps())).resolves.toEqual({ country: 'US', language: 'en' });
  });
});

describe('runLocaleSetup (logged in)', () => {
  it('refreshes the token and lets the general preference override both values', async () => {
    const d = deps();
    const result = await runLocaleSetup(input({ loggedIn: true, storedLanguage: 'fr', storedCountry: 'FR' }), d);
    expect(result).toEqual({ country: 'JP', language: 'id' });
    expect(d.refreshToken).toHaveBeenCalledTimes(1);
    expect(d.saveGeneralPreference).not.toHaveBeenCalled();
  });

  it('saves the preference back when its country is missing', async () => {
    const d = deps({ getGeneralPreference: vi.fn(async () => ({ language: 'id' })) });
    const result = await runLocaleSetup(input({ loggedIn: true, storedCountry: 'FR' }), d);
    expect(result).toEqual({ country: 'FR', language: 'id' });
    expect(d.saveGeneralPreference).toHaveBeenCalledWith({ country: 'FR', language: 'id' });
  });

  it('saves the preference back when its language is missing', async () => {
    const d = deps({ getGeneralPreference: vi.fn(async () => ({ country: 'ID', language: '' })) });
    const result = await runLocaleSetup(input({ loggedIn: true, storedLanguage: 'pt', storedCountry: 'FR' }), d);
    expect(result).toEqual({ country: 'ID', language: 'pt' });
    expect(d.saveGeneralPreference).toHaveBeenCalledWith({ country: 'ID', language: 'pt' });
  });

  it('saves the defaults when there is no preference at all (endpoint not there yet)', async () => {
    const d = deps({ getGeneralPreference: vi.fn(async () => null), lookupIpCountry: vi.fn(async () => 'SG') });
    const result = await runLocaleSetup(input({ loggedIn: true, storedLanguage: 'id' }), d);
    expect(result).toEqual({ country: 'SG', language: 'id' });
    expect(d.saveGeneralPreference).toHaveBeenCalledWith({ country: 'SG', language: 'id' });
  });

  it('ignores an unsupported preferred language', async () => {
    const d = deps({ getGeneralPreference: vi.fn(async () => ({ country: 'ID', language: 'klingon' })) });
    await expect(runLocaleSetup(input({ loggedIn: true, storedLanguage: 'id', storedCountry: 'ID' }), d)).resolves.toEqual({ country: 'ID', language: 'id' });
  });

  it('falls back to WW when the token refresh fails, keeping the language', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const d = deps({ refreshToken: vi.fn(async () => Promise.reject(new Error('401'))) });
    const result = await runLocaleSetup(input({ loggedIn: true, storedLanguage: 'id', storedCountry: 'ID' }), d);
    expect(result).toEqual({ country: 'WW', language: 'id' });
    expect(d.getGeneralPreference).not.toHaveBeenCalled();
  });

  it('falls back to WW when saving the preference fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const d = deps({ getGeneralPreference: vi.fn(async () => ({})), saveGeneralPreference: vi.fn(async () => Promise.reject(new Error('500'))) });
    await expect(runLocaleSetup(input({ loggedIn: true, storedCountry: 'ID' }), d)).resolves.toEqual({ country: 'WW', language: 'fr' });
  });
});
