export * from './locales.ts';
export * from './guessLocale.ts';
export * from './initI18n.ts';
export * from './russianPlurals.ts';
