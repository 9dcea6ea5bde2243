import { readFileSync } from 'node:fs';

const cache = new Map<string, Record<string, unknown>>();

function messagesOf(locale: string): Record<string, unknown> {
  let messages = cache.get(locale);
  if (!messages) {
    messages = JSON.parse(readFileSync(new URL(`../../locales/${locale}.json`, import.meta.url), 'utf8')) as Record<string, unknown>;
    cache.set(locale, messages);
  }
  return messages;
}

/** A message of locales/<locale>.json by its dotted key, as the app shows it before interpolation. */
export function message(locale: string, key: string): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), messagesOf(locale));
  if (typeof value !== 'string') throw new Error(`locales/${locale}.json has no message ${key}`);
  return value;
}

/** Dotted keys, as scripts/localeCoverage.ts flattens them (a copy: the e2e tools project does not compile scripts/). */
function flatten(node: unknown, prefix: string, into: Map<string, string>): Map<string, string> {
  if (typeof node === 'string') into.set(prefix, node);
  else if (node && typeof node === 'object') for (const [key, value] of Object.entries(node)) flatten(value, prefix ? `${prefix}.${key}` : key, into);
  return into;
}

/**
 * What English left on a page translated into `locale` would look like: for every message the locale words
 * differently, the English text, or with variables its fixed parts of two words or more.
 */
export function englishNeedles(locale: string): { whole: Set<string>; parts: Set<string> } {
  const own = flatten(messagesOf(locale), '', new Map());
  const whole = new Set<string>();
  const parts = new Set<string>();
  for (const [key, english] of flatten(messagesOf('en'), '', new Map())) {
    if (own.get(key) === english || !/[A-Za-z]{3}/.test(english)) continue;
    if (!english.includes('{{')) whole.add(english.trim());
    for (const part of english.split(/\{\{[^}]*\}\}/)) if (/[A-Za-z]{2,}\s+[A-Za-z]{2,}/.test(part) && part.trim().length >= 8) parts.add(part.trim());
  }
  return { whole, parts };
}
