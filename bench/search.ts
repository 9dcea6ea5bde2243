/**
 * Search benchmark (DESIGN.md §6: p95 ≤ 50 ms over 100,000 campaigns). The work is scripts/searchBench.ts, run here
 * in its own process (it seeds a fresh database through the server's code): a fresh database (PostgreSQL when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL is set, else in-memory PGlite) with 2,000 creators and 100,000 campaigns
 * in seven languages, then the explore page's search query for a fixed set of queries (words, typos, partial words,
 * accents left out) several times each after a warm-up, and the navbar's suggestions. Run alone with
 * `BENCH_ONLY=search npm run bench`. Options: BENCH_SEARCH_CAMPAIGNS (default 100000), BENCH_SEARCH_ROUNDS (default 8).
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

export interface SearchQueryFigures {
  q: string;
  kind: 'word' | 'typo' | 'partial' | 'unaccented' | 'none';
  p50: number;
  p95: number;
  /** Matches (the explore page's total). */
  total: number;
  /** The first result's title, to see that a typo found what it should. */
  first: string | null;
}

/** What scripts/searchBench.ts prints. */
export interface SearchBench {
  database: 'postgres' | 'pglite';
  campaigns: number;
  creators: number;
  seedSeconds: number;
  /** Every timed explore query. */
  samples: number;
  latency: { p50: number; p95: number; max: number };
  suggestions: { samples: number; p50: number; p95: number };
  queries: SearchQueryFigures[];
}

export function searchBench(): Promise<SearchBench> {
  const root = resolve(import.meta.dirname, '..');
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', resolve(root, 'scripts/searchBench.ts')], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.on('error', fail);
    child.on('exit', (code) => {
      const last = out.trim().split('\n').at(-1) ?? '';
      if (code !== 0 || !last.startsWith('{')) fail(new Error(`scripts/searchBench.ts exited with ${code}`));
      else done(JSON.parse(last) as SearchBench);
    });
  });
}
