/**
 * Makes sure the generated inputs exist before the harness renders: fixtures, the MediaPipe
 * models and wasm in public/, and the frame-analysis wasm kernel. Each builder skips what is
 * already there. Starts with an empty results folder so the report only lists this run.
 */
import { execFileSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { resultsDir } from './report.ts';

const root = resolve(import.meta.dirname, '../..');

/** The builders belong to other TypeScript projects: run them as their own commands. */
export function buildInputs(): void {
  const tsx = resolve(root, 'node_modules/.bin/tsx');
  for (const script of ['scripts/buildFixtures.ts', 'scripts/buildModels.ts', 'wasm/build.ts']) execFileSync(tsx, [script], { cwd: root, stdio: 'inherit' });
}

export default async function globalSetup(): Promise<void> {
  await rm(resultsDir, { recursive: true, force: true });
  buildInputs();
}
