import type { i18n as I18n, ThirdPartyModule } from 'i18next';

export type RussianPluralCategory = 'one' | 'few' | 'many' | 'other';

/**
 * CLDR cardinal rules for Russian, written out so plural forms do not depend on the ICU data a
 * browser ships: 1, 21, 101 → one; 2–4, 22–24 → few; 0, 5–20, 11–14, 25–30 → many; fractions → other.
 */
export function russianPluralCategory(count: number): RussianPluralCategory {
  if (!Number.isFinite(count) || !Number.isInteger(count)) return 'other';
  const n = Math.abs(count);
  const mod10 = n % 10;
  const mod100 = n % 100;
  if (mod10 === 1 && mod100 !== 11) return 'one';
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return 'few';
  return 'many';
}

const russianRule = {
  select: (count: number) => russianPluralCategory(count),
  resolvedOptions: () => ({ locale: 'ru', type: 'cardinal', pluralCategories: ['few', 'many', 'one', 'other'] }),
};

function isRussian(code: unknown): boolean {
  return typeof code === 'string' && /^ru(?:$|[-_])/i.test(code);
}

interface PluralResolverLike {
  getRule(code: string, options?: { ordinal?: boolean }): unknown;
}

/** i18next plugin: cardinal plurals of `ru` (and `ru-*`) use russianPluralCategory. Ordinals keep Intl. */
export const russianPlurals: ThirdPartyModule = {
  type: '3rdParty',
  init(instance: I18n) {
    const resolver = instance.services.pluralResolver as PluralResolverLike | undefined;
    if (!resolver) return;
    const original = resolver.getRule.bind(resolver);
    resolver.getRule = (code, options = {}) => (isRussian(code) && !options.ordinal ? russianRule : original(code, options));
  },
};
