import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The translation coverage check: every locale file in locales/ holds exactly the messages of en.json,
 * with the plural forms its language needs (CLDR, through Intl.PluralRules), the same interpolation
 * variables, nested `$t()` references and markup tags, and no message left in English unless the
 * locale's translation notes say it is the same word in that language.
 *
 *   npx tsx scripts/localeCoverage.ts          every file
 *   npx tsx scripts/localeCoverage.ts ar ja    those files
 */

export type Messages = { [key: string]: Message };
export type Message = string | Messages | Message[];

export const LOCALES_DIR = resolve(import.meta.dirname, '..', 'locales');
/** Per-locale translation notes (glossary, words that stay as in English) and the shared context file. */
export const TRANSLATION_DIR = resolve(import.meta.dirname, '..', 'docs', 'translation');

const PLURAL_SUFFIXES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
const PLURAL_KEY = new RegExp(`^(.*)_(${PLURAL_SUFFIXES.join('|')})$`);

/** Dotted path → string, arrays by index: `pages.about.sections.0.heading`. */
export function flatten(messages: Message, prefix = '', into = new Map<string, string>()): Map<string, string> {
  if (typeof messages === 'string') {
    into.set(prefix, messages);
    return into;
  }
  const entries = Array.isArray(messages) ? messages.map((value, index) => [String(index), value] as const) : Object.entries(messages);
  for (const [key, value] of entries) flatten(value, prefix ? `${prefix}.${key}` : key, into);
  return into;
}

/** The plural categories i18next asks a locale's file for (`tl-ph` → fil's, `zh-cn` → zh's). */
export function pluralCategories(code: string): string[] {
  const tag = code.replace(/_/g, '-');
  const categories = new Intl.PluralRules(tag).resolvedOptions().pluralCategories as string[];
  return PLURAL_SUFFIXES.filter((suffix) => categories.includes(suffix));
}

/** en's plural bases (a key with `_other` beside it) and the forms en spells out. */
function pluralBases(en: Map<string, string>): Map<string, Set<string>> {
  const bases = new Map<string, Set<string>>();
  for (const key of en.keys()) {
    const match = PLURAL_KEY.exec(key);
    if (match && en.has(`${match[1]}_other`)) {
      const forms = bases.get(match[1]!) ?? new Set<string>();
      forms.add(match[2]!);
      bases.set(match[1]!, forms);
    }
  }
  return bases;
}

/** The keys a locale's file must hold, each with the en message it translates. */
export function expectedKeys(en: Map<string, string>, code: string): Map<string, string> {
  const bases = pluralBases(en);
  const expected = new Map<string, string>();
  const categories = pluralCategories(code);
  for (const [key, value] of en) {
    const match = PLURAL_KEY.exec(key);
    const base = match?.[1];
    if (base === undefined || !bases.has(base)) {
      expected.set(key, value);
      continue;
    }
    if (match![2] !== 'other') {
      // `_zero` in en is wording for "none", not a CLDR form: every language keeps it.
      if (match![2] === 'zero' && !categories.includes('zero')) expected.set(key, value);
      continue;
    }
    for (const category of categories) expected.set(`${base}_${category}`, en.get(`${base}_${category}`) ?? value);
  }
  return expected;
}

const VARIABLE = /\{\{\s*([\w.]+)(?:\s*,[^}]*)?\}\}/g;
const NESTING = /\$t\(([^),]+)/g;
const TAG = /<\/?([\w-]+)\s*\/?>/g;
/** The seed's relative-time messages (format.relative_time) take printf-style values. */
const PRINTF = /(%[sd])/g;

function tokens(text: string, pattern: RegExp): string[] {
  return [...text.matchAll(pattern)].map((match) => match[1]!.trim()).sort();
}

/** Words that may stay as written in any language: names of products and companies, formats. */
export function loadKeepAsIs(): Set<string> {
  const context = JSON.parse(readFileSync(join(TRANSLATION_DIR, 'context.json'), 'utf8')) as { keepAsIs: string[] };
  return new Set(context.keepAsIs.map((word) => word.toLowerCase()));
}

/** True when a message has a Latin word a translator would have translated (not a placeholder, URL or kept name). */
function hasTranslatableWords(text: string, keepAsIs: ReadonlySet<string>): boolean {
  const stripped = text.replace(VARIABLE, ' ').replace(/\$t\([^)]*\)/g, ' ').replace(/https?:\/\/\S+|\S+@\S+|<[^>]+>/g, ' ');
  return (stripped.match(/[A-Za-z][A-Za-z'’-]{2,}/g) ?? []).some((word) => !keepAsIs.has(word.toLowerCase()));
}

export interface TranslationNotes {
  /** How this language says the product's core terms; the same word everywhere in the file. */
  glossary: Record<string, string>;
  /** Keys whose message is the same as English in this language (a loan word, a name), so the check accepts them. */
  sameAsEnglish: string[];
}

export function readNotes(code: string): TranslationNotes | null {
  try {
    return JSON.parse(readFileSync(join(TRANSLATION_DIR, `${code}.json`), 'utf8')) as TranslationNotes;
  } catch {
    return null;
  }
}

const ENGLISH_VARIANT = /^en[-_]/i;

/** Every problem of one locale's messages against en; empty when complete. */
export function checkLocale(enMessages: Messages, messages: Messages, code: string, notes: TranslationNotes | null, keepAsIs: ReadonlySet<string>): string[] {
  const en = flatten(enMessages);
  const own = flatten(messages);
  const expected = expectedKeys(en, code);
  const bases = pluralBases(en);
  const problems: string[] = [];
  const sameAsEnglish = new Set(notes?.sameAsEnglish ?? []);
  if (!ENGLISH_VARIANT.test(code) && !notes) problems.push(`docs/translation/${code}.json is missing (glossary and words kept in English)`);
  for (const [key, source] of expected) {
    const value = own.get(key);
    if (value === undefined) {
      problems.push(`missing: ${key}`);
      continue;
    }
    if (value.trim() === '' && source.trim() !== '') problems.push(`empty: ${key}`);
    const base = PLURAL_KEY.exec(key)?.[1];
    const plural = base !== undefined && bases.has(base);
    const wanted = tokens(source, VARIABLE);
    const got = tokens(value, VARIABLE);
    // A plural form may leave the count out ("one photo"); every other variable must be there.
    const comparable = (list: string[]) => (plural ? list.filter((name) => name !== 'count') : list);
    if (comparable(wanted).join() !== comparable(got).join()) problems.push(`variables of ${key}: ${got.join(', ') || 'none'} instead of ${wanted.join(', ') || 'none'}`);
    if (tokens(source, NESTING).join() !== tokens(value, NESTING).join()) problems.push(`$t() references of ${key} differ from en`);
    if (tokens(source, TAG).join() !== tokens(value, TAG).join()) problems.push(`tags of ${key} differ from en`);
    if (tokens(source, PRINTF).join() !== tokens(value, PRINTF).join()) problems.push(`%s/%d values of ${key} differ from en`);
    if (!ENGLISH_VARIANT.test(code) && value === source && hasTranslatableWords(source, keepAsIs) && !sameAsEnglish.has(key)) {
      problems.push(`still English: ${key}`);
    }
  }
  for (const key of own.keys()) if (!expected.has(key)) problems.push(`not expected (not in en, or a plural form ${code} does not use): ${key}`);
  for (const key of sameAsEnglish) if (!expected.has(key)) problems.push(`docs/translation/${code}.json names a key en does not have: ${key}`);
  return problems;
}

export function readMessages(code: string, dir = LOCALES_DIR): Messages {
  return JSON.parse(readFileSync(join(dir, `${code}.json`), 'utf8')) as Messages;
}

/** The locale files present, by code (file name without .json), en excluded. */
export function localeFiles(dir = LOCALES_DIR): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json') && name !== 'en.json')
    .map((name) => name.slice(0, -'.json'.length))
    .sort();
}

function main(codes: string[]): number {
  const en = readMessages('en');
  const keepAsIs = loadKeepAsIs();
  let failed = 0;
  for (const code of codes.length > 0 ? codes : localeFiles()) {
    const problems = checkLocale(en, readMessages(code), code, readNotes(code), keepAsIs);
    if (problems.length === 0) continue;
    failed += 1;
    console.error(`${code}: ${problems.length} problem(s)\n  ${problems.slice(0, 40).join('\n  ')}${problems.length > 40 ? '\n  …' : ''}`);
  }
  if (failed === 0) console.info('Every locale file is complete.');
  return failed === 0 ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = main(process.argv.slice(2));
