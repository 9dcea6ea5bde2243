import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** Value imports and re-exports (not `import type`, not dynamic import()), and side-effect imports. */
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^;'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

/** The packages a module's static import graph reaches, walking the repository's own files. */
function staticPackages(entry: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      if (!specifier) continue;
      if (specifier.startsWith('.')) {
        if (/\.(tsx?|js)$/.test(specifier)) visit(resolve(dirname(file), specifier));
      } else {
        packages.add(specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!);
      }
    }
  };
  visit(resolve(root, entry));
  return packages;
}

describe('what loads before a campaign page paints', () => {
  // zod and the contract's schemas cost hundreds of ms of main-thread time on a throttled phone when evaluated with
  // the entry (Lighthouse's TBT); they load with the first API call instead (src/api/callRoute.ts).
  it.each(['src/app/main.tsx', 'src/routes/campaign/CampaignPage.tsx'])('%s reaches no zod through static imports', (entry) => {
    const packages = staticPackages(entry);
    expect(packages.has('react')).toBe(true);
    expect(packages.has('zod')).toBe(false);
  });
});
