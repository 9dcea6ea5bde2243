/** Playwright globalSetup: the generated fixtures (frames, face samples) the e2e tests upload. */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

export default function buildFixturesSetup(): void {
  // scripts/ belongs to another TypeScript project: run it as its own command. It skips existing files.
  // Its report goes to stderr, so reporters that write to stdout (json) stay parseable.
  execFileSync(resolve(root, 'node_modules/.bin/tsx'), ['scripts/buildFixtures.ts'], { cwd: root, stdio: ['ignore', process.stderr, 'inherit'] });
}
