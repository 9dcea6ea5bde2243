import type { MatcherFunction } from '@testing-library/react';

const normalise = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/**
 * A getByText matcher for a sentence whose parts sit in child elements, as tIsolated's <bdi> values do
 * ("by <bdi>Ayu</bdi>"): matches the innermost element whose whole text is `expected`.
 */
export function fullText(expected: string): MatcherFunction {
  return (_content, element) =>
    element !== null && normalise(element.textContent) === expected && Array.from(element.children).every((child) => normalise(child.textContent) !== expected);
}
