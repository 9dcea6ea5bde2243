import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../contract/locales.ts';
import {
  checkLocale,
  checkSources,
  expectedKeys,
  expectedSources,
  flatten,
  LOCALES_DIR,
  loadKeepAsIs,
  localeFiles,
  owedKeys,
  pluralCategories,
  readMessages,
  readNotes,
  readSources,
  sourceHash,
  TRANSLATION_DIR,
  type Messages,
  type TranslationNotes,
  type TranslationSources,
} from './localeCoverage.ts';

/**
 * Locales whose translation has not landed yet: the app would show them in English. Empty since every seed locale
 * has its file; a new locale starts here and leaves with its complete file and notes (docs/I18N.md, Translating).
 */
const NOT_YET_TRANSLATED: readonly string[] = [];

const keep = new Set(['bingkai']);
const notes = (sameAsEnglish: string[] = []): TranslationNotes => ({ glossary: {}, sameAsEnglish });
const en: Messages = {
  save: 'Save',
  greeting: 'Hi {{name}}',
  brand: 'Bingkai',
  photos_one: 'One photo',
  photos_other: '{{count}} photos',
  list: { items: ['First item', 'Second item'] },
};

describe('the translation coverage check', () => {
  it('asks each language for its own plural forms (CLDR), the seed codes spelled as files', () => {
    expect(pluralCategories('ja')).toEqual(['other']);
    expect(pluralCategories('ru')).toEqual(['one', 'few', 'many', 'other']);
    expect(pluralCategories('ar')).toEqual(['zero', 'one', 'two', 'few', 'many', 'other']);
    expect(pluralCategories('tl-ph')).toEqual(['one', 'other']);
    expect(pluralCategories('zh-cn')).toEqual(['other']);
    expect([...expectedKeys(flatten(en), 'ru').keys()]).toEqual(['save', 'greeting', 'brand', 'photos_one', 'photos_few', 'photos_many', 'photos_other', 'list.items.0', 'list.items.1']);
  });

  it('passes a complete translation, and one that keeps a name or a listed loan word as in English', () => {
    const de: Messages = { save: 'Speichern', greeting: 'Hallo {{name}}', brand: 'Bingkai', photos_one: 'Ein Foto', photos_other: '{{count}} Fotos', list: { items: ['Erster Punkt', 'Second item'] } };
    expect(checkLocale(en, de, 'de', notes(['list.items.1']), keep)).toEqual([]);
    const ru: Messages = { save: 'Сохранить', greeting: 'Привет, {{name}}', brand: 'Bingkai', photos_one: '{{count}} фото', photos_few: '{{count}} фото', photos_many: '{{count}} фото', photos_other: '{{count}} фото', list: { items: ['Первый', 'Второй'] } };
    expect(checkLocale(en, ru, 'ru', notes(), keep)).toEqual([]);
  });

  it('finds missing and extra keys, changed variables, English left over and missing notes', () => {
    const broken: Messages = { save: 'Save', greeting: 'Hallo {{nama}}', photos_other: '{{count}} Fotos', photos_few: 'x', list: { items: ['Erster Punkt'] } };
    expect(checkLocale(en, broken, 'de', null, keep)).toEqual([
      'docs/translation/de.json is missing (glossary and words kept in English)',
      'still English: save',
      'variables of greeting: nama instead of name',
      'missing: brand',
      'missing: photos_one',
      'missing: list.items.1',
      'not expected (not in en, or a plural form de does not use): photos_few',
    ]);
    expect(checkLocale(en, { ...en, photos_one: 'Ein Foto' }, 'de', notes(['nope']), keep)).toContain('docs/translation/de.json names a key en does not have: nope');
  });

  it('takes the regional Englishes as English: same words allowed, no notes needed', () => {
    expect(checkLocale(en, en, 'en-gb', null, keep)).toEqual([]);
  });

  it('knows which en message each plural form translates (a form en does not spell out translates _other)', () => {
    expect([...expectedSources(flatten(en), 'ru')].filter(([key]) => key.startsWith('photos'))).toEqual([
      ['photos_one', 'photos_one'],
      ['photos_few', 'photos_other'],
      ['photos_many', 'photos_other'],
      ['photos_other', 'photos_other'],
    ]);
  });

  it('fails on English changed since its translations were made, naming the key; a new key is not a change', () => {
    const recorded: TranslationSources = { english: { save: sourceHash('Save'), greeting: sourceHash('Hi {{name}}') }, owed: {} };
    expect(checkSources(en, recorded)).toEqual([]);
    const changed: Messages = { ...en, save: 'Save changes' };
    expect(checkSources(changed, recorded)).toEqual(['English changed for save: run `npx tsx scripts/localeChunks.ts stale` to mark its translations as owed']);
    expect(checkSources(en, null)).toEqual(['docs/translation/sources.json is missing: `npx tsx scripts/localeChunks.ts stale` writes it']);
  });

  it('lists the translations a locale owes, leaving out keys en no longer has', () => {
    const sources: TranslationSources = { english: {}, owed: { de: ['gone', 'save'] } };
    expect(owedKeys(en, sources, 'de')).toEqual(['save']);
    expect(owedKeys(en, sources, 'fr')).toEqual([]);
  });
});

describe('the locale files', () => {
  const enMessages = readMessages('en');
  const keepAsIs = loadKeepAsIs();
  const files = localeFiles();

  it.each(files)('%s is complete against en', (code) => {
    expect(checkLocale(enMessages, readMessages(code), code, readNotes(code), keepAsIs)).toEqual([]);
  });

  it('have their English recorded, every change marked (docs/translation/sources.json, `localeChunks.ts stale`)', () => {
    expect(checkSources(enMessages, readSources())).toEqual([]);
  });

  it('exist for every locale but those not yet translated, one file per locale (no second spellings)', () => {
    expect(files.filter((code) => !(LOCALES as readonly string[]).includes(code))).toEqual([]);
    const missing = LOCALES.filter((code) => code !== 'en' && !files.includes(code));
    expect(missing).toEqual(NOT_YET_TRANSLATED);
  });

  it('come with translation notes naming the core terms', () => {
    for (const code of files.filter((file) => file !== 'id')) {
      const own = readNotes(code);
      expect(own, code).not.toBeNull();
      for (const term of ['twibbon', 'campaign', 'frame', 'supporter']) expect(own!.glossary[term], `${code}: ${term}`).toBeTruthy();
    }
    expect(existsSync(join(TRANSLATION_DIR, 'context.json'))).toBe(true);
    expect(existsSync(join(LOCALES_DIR, 'en.json'))).toBe(true);
  });
});
