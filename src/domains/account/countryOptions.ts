/** Region codes Intl knows that are not countries. */
const NOT_COUNTRIES: ReadonlySet<string> = new Set(['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ']);

export const WORLDWIDE = 'WW';

export interface CountryOption {
  code: string;
  name: string;
}

/** Every ISO 3166 country Intl can name, in the given locale and sorted by name; Worldwide (WW) first. */
export function countryOptions(locale: string, worldwideLabel: string): CountryOption[] {
  let names: Intl.DisplayNames;
  try {
    names = new Intl.DisplayNames([locale, 'en'], { type: 'region', fallback: 'none' });
  } catch {
    names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  }
  const options: CountryOption[] = [];
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      if (NOT_COUNTRIES.has(code) || code === WORLDWIDE) continue;
      const name = names.of(code);
      if (name && name !== code) options.push({ code, name });
    }
  }
  options.sort((x, y) => x.name.localeCompare(y.name, locale));
  return [{ code: WORLDWIDE, name: worldwideLabel }, ...options];
}
