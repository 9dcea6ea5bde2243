import { vi } from 'vitest';

/**
 * Stubs Intl.DisplayNames with one that names every tag "name of <tag>" and records the locale each instance was
 * built for; undo with vi.unstubAllGlobals(). Tells which locales a render asked Intl to name.
 */
export function recordDisplayNames(): string[] {
  const asked: string[] = [];
  class RecordingNames {
    constructor(locales: string[]) {
      asked.push(locales[0]!);
    }
    of(tag: string) {
      return `name of ${tag}`;
    }
  }
  vi.stubGlobal('Intl', { ...Intl, DisplayNames: RecordingNames });
  return asked;
}
