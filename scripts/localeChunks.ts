import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  englishChanges,
  expectedKeys,
  expectedSources,
  flatten,
  LOCALES_DIR,
  localeFiles,
  owedKeys,
  readMessages,
  readSources,
  recordedHash,
  SOURCES_FILE,
  sourceHash,
  STALE_COMMAND,
  type Message,
  type Messages,
  type TranslationSources,
} from './localeCoverage.ts';

/**
 * Translation workflow for one locale, in pieces small enough to translate one at a time.
 *
 *   npx tsx scripts/localeChunks.ts missing <code> <dir> [chars] writes dir/NN.json: the keys the locale still lacks or owes
 *                                                               since their English changed, flat, with the English text
 *                                                               (plural forms the language needs carry en's `_other` text)
 *   npx tsx scripts/localeChunks.ts merge <code> <dir>          puts the translated dir/NN.json files into locales/<code>.json,
 *                                                               in en.json's order and shape, and takes them off the
 *                                                               locale's owed list in docs/translation/sources.json
 *   npx tsx scripts/localeChunks.ts stale                       after English messages changed: marks their translations as
 *                                                               owed by every locale and records en's text as it is now
 */

/** The flat keys `code` still needs, each with the English text to translate: those it lacks, and those it owes again. */
export function missingMessages(en: Messages, own: Messages, code: string, owed: readonly string[] = []): Map<string, string> {
  const have = flatten(own);
  const again = new Set(owed);
  const missing = new Map<string, string>();
  for (const [key, source] of expectedKeys(flatten(en), code)) if (!have.has(key) || again.has(key)) missing.set(key, source);
  return missing;
}

export function emptySources(): TranslationSources {
  return { english: {}, owed: {} };
}

function byKey<T>(entries: Iterable<[string, T]>): Record<string, T> {
  return Object.fromEntries([...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Keys and owed lists sorted, without repeats, so that the written record's diffs stay small. */
export function sortedSources(sources: TranslationSources): TranslationSources {
  const owed = Object.entries(sources.owed).map(([code, keys]): [string, string[]] => [code, [...new Set(keys)].sort()]);
  return { english: byKey(Object.entries(sources.english)), owed: byKey(owed) };
}

export function formatSources(sources: TranslationSources): string {
  return `${JSON.stringify(sortedSources(sources), null, 2)}\n`;
}

export interface StaleResult {
  sources: TranslationSources;
  /** en keys whose text changed: their translations are now owed. */
  changed: string[];
  /** en keys recorded for the first time. */
  added: string[];
  /** Recorded keys en no longer has. */
  removed: string[];
}

/**
 * Marks the translations of every en message whose text changed as owed by every locale in `codes` (the regional
 * Englishes too: their wording follows en's), and records en as it is now: changed and new keys get their hash,
 * removed keys leave the record and the owed lists. A plural form en does not spell out (Russian's `_few`) is owed
 * when en's `_other` changed.
 */
export function markStale(enMessages: Messages, sources: TranslationSources, codes: readonly string[]): StaleResult {
  const en = flatten(enMessages);
  const changed = new Set(englishChanges(enMessages, sources));
  const english = new Map<string, string>();
  const added: string[] = [];
  for (const [key, text] of en) {
    if (recordedHash(sources, key) === undefined) added.push(key);
    english.set(key, sourceHash(text));
  }
  const removed = Object.keys(sources.english).filter((key) => !en.has(key));
  const owed = new Map<string, string[]>();
  for (const code of codes) {
    if (code === 'en') continue;
    // owedKeys leaves out keys en no longer has.
    const keys = owedKeys(enMessages, sources, code);
    for (const [key, source] of expectedSources(en, code)) if (changed.has(source)) keys.push(key);
    owed.set(code, keys);
  }
  return { sources: sortedSources({ english: Object.fromEntries(english), owed: Object.fromEntries(owed) }), changed: [...changed], added, removed };
}

/**
 * After translated keys are merged into `code`'s file: the locale owes none of them any more. A merged key whose
 * English has no record yet (a new key) gets one now, the text it was translated from, so that a later change of it
 * is caught even when nobody ran `stale` in between. A recorded hash is left alone: a change not yet marked stays an
 * error until `stale` marks it for every locale.
 */
export function recordMerged(enMessages: Messages, sources: TranslationSources, code: string, merged: Iterable<string>): TranslationSources {
  const en = flatten(enMessages);
  const sourceOf = expectedSources(en, code);
  const done = new Set(merged);
  const english = new Map(Object.entries(sources.english));
  for (const key of done) {
    const source = sourceOf.get(key);
    if (source !== undefined && !english.has(source)) english.set(source, sourceHash(en.get(source)!));
  }
  const owed = new Map(Object.entries(sources.owed));
  owed.set(code, (owed.get(code) ?? []).filter((key) => !done.has(key)));
  return sortedSources({ english: Object.fromEntries(english), owed: Object.fromEntries(owed) });
}

/** Splits flat messages into pieces of at most about `chars` characters of JSON, keeping each top-level area's keys together where they fit. */
export function chunk(messages: Map<string, string>, chars: number): Record<string, string>[] {
  const pieces: Record<string, string>[] = [];
  let current: Record<string, string> = {};
  let size = 0;
  for (const [key, value] of messages) {
    const entry = JSON.stringify(key).length + JSON.stringify(value).length + 4;
    if (size > 0 && size + entry > chars) {
      pieces.push(current);
      current = {};
      size = 0;
    }
    current[key] = value;
    size += entry;
  }
  if (size > 0) pieces.push(current);
  return pieces;
}

/** Nested messages in en's order and shape (arrays where en has arrays) from flat keys. */
export function unflatten(en: Messages, flat: Map<string, string>, code: string): Messages {
  const order = [...expectedKeys(flatten(en), code).keys()];
  const root: Messages = {};
  for (const key of order) {
    const value = flat.get(key);
    if (value === undefined) continue;
    const path = key.split('.');
    let node: Messages | Message[] = root;
    let enNode: Message | undefined = en;
    for (const [index, part] of path.entries()) {
      enNode = enNode === undefined || typeof enNode === 'string' ? undefined : (enNode as Record<string, Message>)[part];
      const container = node as Record<string, Message>;
      if (index === path.length - 1) {
        container[part] = value;
        break;
      }
      container[part] ??= Array.isArray(enNode) ? [] : {};
      node = container[part] as Messages | Message[];
    }
  }
  return root;
}

function writeMissing(code: string, dir: string, chars: number): void {
  const en = readMessages('en');
  let own: Messages = {};
  try {
    own = readMessages(code);
  } catch {
    // A new locale starts empty.
  }
  const sources = readSources() ?? emptySources();
  const unmarked = englishChanges(en, sources);
  if (unmarked.length > 0) console.warn(`English changed for ${unmarked.length} key(s) not yet marked: run \`${STALE_COMMAND}\` first to include them`);
  const owed = owedKeys(en, sources, code);
  const pieces = chunk(missingMessages(en, own, code, owed), chars);
  mkdirSync(dir, { recursive: true });
  pieces.forEach((piece, index) => writeFileSync(join(dir, `${String(index + 1).padStart(2, '0')}.json`), `${JSON.stringify(piece, null, 2)}\n`));
  const total = pieces.reduce((sum, piece) => sum + Object.keys(piece).length, 0);
  console.info(`${code}: ${total} keys (${owed.length} owed since their English changed) in ${pieces.length} file(s) under ${dir}`);
}

function merge(code: string, dir: string): void {
  const en = readMessages('en');
  let flat = new Map<string, string>();
  try {
    flat = flatten(readMessages(code));
  } catch {
    // A new locale starts empty.
  }
  const merged: string[] = [];
  for (const name of readdirSync(dir).filter((file) => /^\d+\.json$/.test(file)).sort()) {
    const piece = JSON.parse(readFileSync(join(dir, name), 'utf8')) as Record<string, unknown>;
    for (const [key, value] of Object.entries(piece)) {
      if (typeof value !== 'string') throw new Error(`${name}: ${key} is not a string`);
      flat.set(key, value);
      merged.push(key);
    }
  }
  writeFileSync(join(LOCALES_DIR, `${code}.json`), `${JSON.stringify(unflatten(en, flat, code), null, 2)}\n`);
  writeFileSync(SOURCES_FILE, formatSources(recordMerged(en, readSources() ?? emptySources(), code, merged)));
  console.info(`${code}: locales/${code}.json and docs/translation/sources.json written`);
}

function stale(): void {
  const { sources, changed, added, removed } = markStale(readMessages('en'), readSources() ?? emptySources(), localeFiles());
  writeFileSync(SOURCES_FILE, formatSources(sources));
  const codes = Object.keys(sources.owed).length;
  if (changed.length > 0) console.info(`English changed for ${changed.length} key(s); each locale (${codes}) now owes their translations:\n  ${changed.join('\n  ')}`);
  if (added.length > 0) console.info(`${added.length} new key(s) recorded`);
  if (removed.length > 0) console.info(`${removed.length} removed key(s) dropped from the record`);
  if (changed.length + added.length + removed.length === 0) console.info('English is as recorded: nothing to mark');
  console.info('docs/translation/sources.json written');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [command, code, dir, chars] = process.argv.slice(2);
  if (command === 'stale') stale();
  else if (!code || !dir || (command !== 'missing' && command !== 'merge')) {
    console.error('usage: localeChunks.ts missing <code> <dir> [chars] | merge <code> <dir> | stale');
    process.exitCode = 2;
  } else if (command === 'missing') writeMissing(code, dir, Number(chars ?? 9000));
  else merge(code, dir);
}
