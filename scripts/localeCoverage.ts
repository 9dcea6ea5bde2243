import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The translation coverage check: every locale file in locales/ holds exactly the messages of en.json,
 * with the plural forms its language needs (CLDR, through Intl.PluralRules), the same interpolation
 * variables, nested `$t()` references and markup tags, and no message left in English unless the
 * locale's translation notes say it is the same word in that language. It also fails on an English message whose text
 * changed since its translations were made (docs/translation/sources.json), until `localeChunks.ts stale` marks those
 * translations as owed; owed translations are listed as warnings, which do not fail.
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

/**
 * The keys a locale's file must hold, each with the en key whose message it translates: its own, or `_other` for a
 * plural form en does not spell out (Russian's `_few` and `_many` translate en's `_other`).
 */
export function expectedSources(en: Map<string, string>, code: string): Map<string, string> {
  const bases = pluralBases(en);
  const expected = new Map<string, string>();
  const categories = pluralCategories(code);
  for (const key of en.keys()) {
    const match = PLURAL_KEY.exec(key);
    const base = match?.[1];
    if (base === undefined || !bases.has(base)) {
      expected.set(key, key);
      continue;
    }
    if (match![2] !== 'other') {
      // `_zero` in en is wording for "none", not a CLDR form: every language keeps it.
      if (match![2] === 'zero' && !categories.includes('zero')) expected.set(key, key);
      continue;
    }
    for (const category of categories) {
      const form = `${base}_${category}`;
      expected.set(form, en.has(form) ? form : key);
    }
  }
  return expected;
}

/** The keys a locale's file must hold, each with the en message it translates. */
export function expectedKeys(en: Map<string, string>, code: string): Map<string, string> {
  const expected = new Map<string, string>();
  for (const [key, source] of expectedSources(en, code)) expected.set(key, en.get(source)!);
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

/**
 * What English said when the translations were made, so that a changed English message does not leave its
 * translations silently out of date. `english`: every en key (flat, each plural form apart) → `sourceHash` of its
 * text when it was last recorded; `owed`: per locale, its keys whose English changed since they were translated.
 * One map for English rather than one per locale keeps the file small; a locale's own lag is its owed list.
 */
export interface TranslationSources {
  english: Record<string, string>;
  owed: Record<string, string[]>;
}

export const SOURCES_FILE = join(TRANSLATION_DIR, 'sources.json');
export const STALE_COMMAND = 'npx tsx scripts/localeChunks.ts stale';

/** 10 hex digits: short enough to keep the record reviewable, long enough never to take a new text for the old one. */
export function sourceHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 10);
}

/** The record, or null when there is none yet (a broken file throws rather than passing for an empty record). */
export function readSources(file = SOURCES_FILE): TranslationSources | null {
  if (!existsSync(file)) return null;
  const sources = JSON.parse(readFileSync(file, 'utf8')) as Partial<TranslationSources>;
  return { english: sources.english ?? {}, owed: sources.owed ?? {} };
}

/** The recorded hash of an en key; hasOwn, so that a key named like an Object method is not taken as recorded. */
export function recordedHash(sources: TranslationSources, key: string): string | undefined {
  return Object.hasOwn(sources.english, key) ? sources.english[key] : undefined;
}

/**
 * en keys whose text is not the recorded one. A key with no record is new, not changed: the missing-key check
 * already asks every locale for it, and `stale` or `merge` records it.
 */
export function englishChanges(enMessages: Messages, sources: TranslationSources): string[] {
  const changed: string[] = [];
  for (const [key, text] of flatten(enMessages)) {
    const recorded = recordedHash(sources, key);
    if (recorded !== undefined && recorded !== sourceHash(text)) changed.push(key);
  }
  return changed;
}

/** The record's problems, which fail the check: English changed and not yet marked, or no record at all. */
export function checkSources(enMessages: Messages, sources: TranslationSources | null): string[] {
  if (sources === null) return [`docs/translation/sources.json is missing: \`${STALE_COMMAND}\` writes it`];
  return englishChanges(enMessages, sources).map((key) => `English changed for ${key}: run \`${STALE_COMMAND}\` to mark its translations as owed`);
}

/** The keys of `code` to translate again because their English changed (those en still has). */
export function owedKeys(enMessages: Messages, sources: TranslationSources, code: string): string[] {
  const expected = expectedSources(flatten(enMessages), code);
  const owed = Object.hasOwn(sources.owed, code) ? sources.owed[code]! : [];
  return owed.filter((key) => expected.has(key));
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

/** At most 40 lines of a list, so that one broken file does not bury the others. */
function listed(lines: string[]): string {
  return `  ${lines.slice(0, 40).join('\n  ')}${lines.length > 40 ? '\n  …' : ''}`;
}

function main(codes: string[]): number {
  const en = readMessages('en');
  const keepAsIs = loadKeepAsIs();
  let failed = 0;
  const sources = readSources();
  const sourceProblems = checkSources(en, sources);
  if (sourceProblems.length > 0) failed += 1;
  for (const problem of sourceProblems) console.error(problem);
  let owedTotal = 0;
  for (const code of codes.length > 0 ? codes : localeFiles()) {
    // Owed translations are a warning only: an English wording fix must not block a release.
    const owed = sources === null ? [] : owedKeys(en, sources, code);
    owedTotal += owed.length;
    if (owed.length > 0) console.warn(`${code}: ${owed.length} translation(s) owed since their English changed (localeChunks.ts missing ${code} <dir> includes them)\n${listed(owed)}`);
    const problems = checkLocale(en, readMessages(code), code, readNotes(code), keepAsIs);
    if (problems.length === 0) continue;
    failed += 1;
    console.error(`${code}: ${problems.length} problem(s)\n${listed(problems)}`);
  }
  if (failed === 0) console.info(`Every locale file is complete${owedTotal > 0 ? `; ${owedTotal} translation(s) owed, listed above` : ''}.`);
  return failed === 0 ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = main(process.argv.slice(2));
