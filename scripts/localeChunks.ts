import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expectedKeys, flatten, LOCALES_DIR, readMessages, type Message, type Messages } from './localeCoverage.ts';

/**
 * Translation workflow for one locale, in pieces small enough to translate one at a time.
 *
 *   npx tsx scripts/localeChunks.ts missing <code> <dir> [chars] writes dir/NN.json: the keys the locale still lacks, flat,
 *                                                               with the English text (plural forms the language needs
 *                                                               carry en's `_other` text)
 *   npx tsx scripts/localeChunks.ts merge <code> <dir>          puts the translated dir/NN.json files into locales/<code>.json,
 *                                                               in en.json's order and shape
 */

/** The flat keys `code` still needs, each with the English text to translate. */
export function missingMessages(en: Messages, own: Messages, code: string): Map<string, string> {
  const have = flatten(own);
  const missing = new Map<string, string>();
  for (const [key, source] of expectedKeys(flatten(en), code)) if (!have.has(key)) missing.set(key, source);
  return missing;
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
  const pieces = chunk(missingMessages(en, own, code), chars);
  mkdirSync(dir, { recursive: true });
  pieces.forEach((piece, index) => writeFileSync(join(dir, `${String(index + 1).padStart(2, '0')}.json`), `${JSON.stringify(piece, null, 2)}\n`));
  console.info(`${code}: ${pieces.reduce((sum, piece) => sum + Object.keys(piece).length, 0)} keys in ${pieces.length} file(s) under ${dir}`);
}

function merge(code: string, dir: string): void {
  const en = readMessages('en');
  let flat = new Map<string, string>();
  try {
    flat = flatten(readMessages(code));
  } catch {
    // A new locale starts empty.
  }
  for (const name of readdirSync(dir).filter((file) => /^\d+\.json$/.test(file)).sort()) {
    const piece = JSON.parse(readFileSync(join(dir, name), 'utf8')) as Record<string, unknown>;
    for (const [key, value] of Object.entries(piece)) {
      if (typeof value !== 'string') throw new Error(`${name}: ${key} is not a string`);
      flat.set(key, value);
    }
  }
  writeFileSync(join(LOCALES_DIR, `${code}.json`), `${JSON.stringify(unflatten(en, flat, code), null, 2)}\n`);
  console.info(`${code}: locales/${code}.json written`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [command, code, dir, chars] = process.argv.slice(2);
  if (!code || !dir || (command !== 'missing' && command !== 'merge')) {
    console.error('usage: localeChunks.ts missing <code> <dir> [chars] | merge <code> <dir>');
    process.exitCode = 2;
  } else if (command === 'missing') writeMissing(code, dir, Number(chars ?? 9000));
  else merge(code, dir);
}
