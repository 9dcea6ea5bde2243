/** Locale setup decisions (seed §4). Network calls come in through LocaleSetupDeps so the logic stays testable. */

export const DEFAULT_COUNTRY = 'WW';
export const DEFAULT_LANGUAGE = 'en';

export interface GeneralPreference {
  country?: string | null;
  language?: string | null;
}

export interface LocaleSetupInput {
  loggedIn: boolean;
  /** Language stored on the account ('' when unknown). */
  storedLanguage: string;
  /** Country already known on this device ('' when unknown). */
  storedCountry: string;
  /** Result of guessLocale(): persisted choice, browser language, … ('' when nothing fits). */
  guessedLanguage: string;
  /** navigator.language, for the region fallback. */
  browserLanguage: string;
  isSupported: (language: string) => boolean;
}

export interface LocaleSetupDeps {
  /** Two-letter country from the IP, or null when the service cannot say. */
  lookupIpCountry: () => Promise<string | null>;
  refreshToken: () => Promise<void>;
  getGeneralPreference: () => Promise<GeneralPreference | null>;
  saveGeneralPreference: (preference: { country: string; language: string }) => Promise<void>;
}

export interface LocaleSetupResult {
  country: string;
  language: string;
}

/** Logged-in user's stored language, else the guessed one, else en. */
export function initialLanguage(input: Pick<LocaleSetupInput, 'loggedIn' | 'storedLanguage' | 'guessedLanguage' | 'isSupported'>): string {
  if (input.loggedIn && input.storedLanguage && input.isSupported(input.storedLanguage)) return input.storedLanguage;
  if (input.guessedLanguage && input.isSupported(input.guessedLanguage)) return input.guessedLanguage;
  return DEFAULT_LANGUAGE;
}

/** 'id-ID' → 'ID', 'pt_br' → 'BR'; null when the tag has no two-letter region. */
export function regionFromLanguage(tag: string): string | null {
  const parts = tag.split(/[-_]/);
  for (const part of parts.slice(1)) {
    if (/^[A-Za-z]{2}$/.test(part)) return part.toUpperCase();
  }
  return null;
}

function clean(value: string | null | undefined): string {
  return typeof value === 'string' ? value.trim() : '';
}

export async function runLocaleSetup(input: LocaleSetupInput, deps: LocaleSetupDeps): Promise<LocaleSetupResult> {
  let language = initialLanguage(input);
  let country = clean(input.storedCountry);
  try {
    if (!country) {
      country = clean(await deps.lookupIpCountry()).toUpperCase() || regionFromLanguage(input.browserLanguage) || DEFAULT_COUNTRY;
    }
    if (input.loggedIn) {
      await deps.refreshToken();
      const preference = await deps.getGeneralPreference();
      const preferredCountry = clean(preference?.country);
      const preferredLanguage = clean(preference?.language);
      if (preferredCountry) country = preferredCountry;
      if (preferredLanguage && input.isSupported(preferredLanguage)) language = preferredLanguage;
      if (!preferredCountry || !preferredLanguage) await deps.saveGeneralPreference({ country, language });
    }
  } catch (error) {
    console.error('Locale setup failed', error);
    country = DEFAULT_COUNTRY;
  }
  return { country: country || DEFAULT_COUNTRY, language };
}
