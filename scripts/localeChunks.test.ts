import { describe, expect, it } from 'vitest';
import { emptySources, formatSources, markStale, missingMessages, recordMerged, unflatten } from './localeChunks.ts';
import { checkSources, owedKeys, sourceHash, type Messages } from './localeCoverage.ts';

const en: Messages = {
  save: 'Save',
  greeting: 'Hi {{name}}',
  photos_one: 'One photo',
  photos_other: '{{count}} photos',
};
const de: Messages = { save: 'Speichern', greeting: 'Hallo {{name}}', photos_one: 'Ein Foto', photos_other: '{{count}} Fotos' };
const codes = ['de', 'en-gb', 'ru'];

/** The record as `stale` writes it on a tree whose translations are all current. */
const current = () => markStale(en, emptySources(), codes).sources;

describe('the translation workflow in pieces', () => {
  it('writes what a locale lacks, with the English to translate and the plural forms its language needs', () => {
    expect([...missingMessages(en, { save: 'Сохранить' }, 'ru')]).toEqual([
      ['greeting', 'Hi {{name}}'],
      ['photos_one', 'One photo'],
      ['photos_few', '{{count}} photos'],
      ['photos_many', '{{count}} photos'],
      ['photos_other', '{{count}} photos'],
    ]);
    expect(unflatten(en, new Map([['photos_other', '{{count}} Fotos'], ['save', 'Speichern'], ['extra', 'x']]), 'de')).toEqual({ save: 'Speichern', photos_other: '{{count}} Fotos' });
  });

  it('records every en key at first, owing nothing', () => {
    const result = markStale(en, emptySources(), codes);
    expect(result.added).toEqual(['save', 'greeting', 'photos_one', 'photos_other']);
    expect(result.changed).toEqual([]);
    expect(result.sources).toEqual({
      english: { greeting: sourceHash('Hi {{name}}'), photos_one: sourceHash('One photo'), photos_other: sourceHash('{{count}} photos'), save: sourceHash('Save') },
      owed: { de: [], 'en-gb': [], ru: [] },
    });
    expect(checkSources(en, result.sources)).toEqual([]);
  });

  it('after an English change fails the check until `stale` marks the translations as owed by every locale, regional English too', () => {
    const changed: Messages = { ...en, save: 'Save changes', photos_other: '{{count}} pictures' };
    expect(checkSources(changed, current())).toEqual([
      'English changed for save: run `npx tsx scripts/localeChunks.ts stale` to mark its translations as owed',
      'English changed for photos_other: run `npx tsx scripts/localeChunks.ts stale` to mark its translations as owed',
    ]);
    const result = markStale(changed, current(), [...codes, 'en']);
    expect(result.changed).toEqual(['save', 'photos_other']);
    expect(checkSources(changed, result.sources)).toEqual([]);
    expect(result.sources.owed).toEqual({
      de: ['photos_other', 'save'],
      'en-gb': ['photos_other', 'save'],
      // Russian's _few and _many translate en's _other, so they are owed with it.
      ru: ['photos_few', 'photos_many', 'photos_other', 'save'],
    });
    expect(result.sources.english.save).toBe(sourceHash('Save changes'));
  });

  it('keeps what is owed across later changes, and drops keys en removed', () => {
    const first = markStale({ ...en, save: 'Save changes' }, current(), codes).sources;
    const { greeting: _removed, ...withoutGreeting } = en;
    const second = markStale({ ...withoutGreeting, save: 'Save changes', photos_one: 'A photo' }, { ...first, owed: { ...first.owed, de: ['greeting', 'save'] } }, codes);
    expect(second.removed).toEqual(['greeting']);
    expect(second.sources.owed.de).toEqual(['photos_one', 'save']);
    expect(second.sources.english).not.toHaveProperty('greeting');
  });

  it('puts owed keys into the pieces to translate, with the current English', () => {
    const changed: Messages = { ...en, save: 'Save changes' };
    const sources = markStale(changed, current(), codes).sources;
    expect([...missingMessages(changed, de, 'de', owedKeys(changed, sources, 'de'))]).toEqual([['save', 'Save changes']]);
    expect([...missingMessages(changed, de, 'de')]).toEqual([]);
  });

  it('takes merged keys off the locale’s owed list only, and records the English of new keys it merged', () => {
    const changed: Messages = { ...en, save: 'Save changes' };
    const sources = markStale(changed, current(), codes).sources;
    // A key added after the last `stale`, translated in the same pieces.
    const withTitle: Messages = { ...changed, title: 'Title' };
    const afterMerge = recordMerged(withTitle, sources, 'de', ['save', 'title']);
    expect(afterMerge.owed).toEqual({ de: [], 'en-gb': ['save'], ru: ['save'] });
    expect(afterMerge.english.title).toBe(sourceHash('Title'));
    expect(checkSources({ ...withTitle, title: 'Page title' }, afterMerge)).toHaveLength(1);
  });

  it('leaves an unmarked English change for `stale` when merging', () => {
    const changed: Messages = { ...en, save: 'Save changes' };
    const afterMerge = recordMerged(changed, current(), 'de', ['save']);
    expect(afterMerge.english.save).toBe(sourceHash('Save'));
    expect(checkSources(changed, afterMerge)).toHaveLength(1);
  });

  it('writes the record with sorted keys, 2-space indent and a trailing newline', () => {
    const text = formatSources({ english: { b: '2', a: '1' }, owed: { ru: ['z', 'a', 'z'], de: [] } });
    expect(text).toBe('{\n  "english": {\n    "a": "1",\n    "b": "2"\n  },\n  "owed": {\n    "de": [],\n    "ru": [\n      "a",\n      "z"\n    ]\n  }\n}\n');
  });
});
