import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { russianPluralCategory, russianPlurals } from './russianPlurals.ts';

describe('Russian plural rules', () => {
  it('follows CLDR one/few/many/other', () => {
    for (const n of [1, 21, 31, 101, 1001]) expect(russianPluralCategory(n)).toBe('one');
    for (const n of [2, 3, 4, 22, 23, 24, 102]) expect(russianPluralCategory(n)).toBe('few');
    for (const n of [0, 5, 6, 10, 11, 12, 13, 14, 15, 19, 20, 25, 111, 112]) expect(russianPluralCategory(n)).toBe('many');
    for (const n of [1.5, 0.1, 2.25]) expect(russianPluralCategory(n)).toBe('other');
    expect(russianPluralCategory(-21)).toBe('one');
  });

  it('drives i18next plural keys for ru', async () => {
    const instance = i18next.createInstance();
    instance.use(russianPlurals);
    await instance.init({
      lng: 'ru',
      fallbackLng: false,
      resources: {
        ru: { translation: { file_one: '{{count}} файл', file_few: '{{count}} файла', file_many: '{{count}} файлов', file_other: '{{count}} файла (дробь)' } },
      },
    });
    expect(instance.t('file', { count: 1 })).toBe('1 файл');
    expect(instance.t('file', { count: 21 })).toBe('21 файл');
    expect(instance.t('file', { count: 3 })).toBe('3 файла');
    expect(instance.t('file', { count: 24 })).toBe('24 файла');
    expect(instance.t('file', { count: 11 })).toBe('11 файлов');
    expect(instance.t('file', { count: 5 })).toBe('5 файлов');
    expect(instance.t('file', { count: 1.5 })).toBe('1.5 файла (дробь)');
  });

  it('does not depend on the engine\'s plural data for ru', async () => {
    const real = Intl.PluralRules;
    class AlwaysOther extends real {
      override select(): Intl.LDMLPluralRule {
        return 'other';
      }
    }
    vi.stubGlobal('Intl', { ...Intl, PluralRules: AlwaysOther });
    try {
      const instance = i18next.createInstance();
      instance.use(russianPlurals);
      await instance.init({ lng: 'ru', fallbackLng: false, resources: { ru: { translation: { day_one: 'день', day_few: 'дня', day_many: 'дней', day_other: 'дня' } } } });
      expect([1, 2, 5, 21, 22, 25].map((count) => instance.t('day', { count }))).toEqual(['день', 'дня', 'дней', 'день', 'дня', 'дней']);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('leaves other languages to Intl', async () => {
    const instance = i18next.createInstance();
    instance.use(russianPlurals);
    await instance.init({ lng: 'en', fallbackLng: false, resources: { en: { translation: { item_one: 'one item', item_other: '{{count}} items' } } } });
    expect(instance.t('item', { count: 1 })).toBe('one item');
    expect(instance.t('item', { count: 2 })).toBe('2 items');
  });
});
