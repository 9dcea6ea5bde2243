import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';

/** Options i18next reads itself (plural form, context, fallback text): passed through, never wrapped. */
const OPTIONS: ReadonlySet<string> = new Set(['count', 'context', 'defaultValue', 'ordinal']);

/** Private-use marks around a value's name: no message contains them, so the split below finds only values. */
const OPEN = '\uE000';
const CLOSE = '\uE001';
const MARKED = new RegExp(`${OPEN}([^${CLOSE}]*)${CLOSE}`);

/**
 * A translated sentence with each interpolated value in its own <bdi>: a Latin name, an email, a link or a
 * number inside an Arabic sentence keeps its own direction, and the sentence's punctuation stays where
 * the translation put it. For visible text only; attributes (aria-label, alt, title) take plain t().
 */
export function tIsolated(t: TFunction, key: string, values: Readonly<Record<string, string | number>>): ReactNode {
  const marked: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(values)) marked[name] = OPTIONS.has(name) ? value : `${OPEN}${name}${CLOSE}`;
  // The split alternates text and captured value names: odd indexes are names.
  return t(key, marked)
    .split(MARKED)
    .map((part, index) => (index % 2 === 1 ? <bdi key={index}>{values[part]}</bdi> : part));
}
