/** The search benchmark's budget row and section of bench/results/latest.md (bench/search.ts measures). */
import type { SearchBench } from './search.ts';
import type { BudgetRow } from './types.ts';

/** DESIGN.md §6. */
export const SEARCH_P95_BUDGET_MS = 50;

const ms = (value: number) => (Number.isNaN(value) ? 'n/a' : `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`);

export function searchBudgets(r: SearchBench | undefined): BudgetRow[] {
  return [
    {
      what: `search (explore, campaigns, best match with total) over ${r ? r.campaigns.toLocaleString('en') : '100,000'} campaigns`,
      budget: `p95 ≤ ${SEARCH_P95_BUDGET_MS} ms`,
      measured: r ? `p95 ${ms(r.latency.p95)} (p50 ${ms(r.latency.p50)}, max ${ms(r.latency.max)}) over ${r.samples} queries on ${r.database}` : 'not measured',
      met: r ? r.latency.p95 <= SEARCH_P95_BUDGET_MS : null,
    },
  ];
}

export function searchSection(r: SearchBench | undefined, searchDate: string | undefined): string {
  if (!r) return '';
  const rows = r.queries.map((q) => `| \`${q.q}\` | ${q.kind} | ${ms(q.p50)} | ${ms(q.p95)} | ${q.total} | ${q.first ?? '–'} |`);
  return `
## Search over ${r.campaigns.toLocaleString('en')} campaigns

bench/search.ts: a fresh ${r.database === 'postgres' ? 'PostgreSQL' : 'PGlite (in memory)'} database, migrated, with ${r.creators.toLocaleString('en')} creators and ${r.campaigns.toLocaleString('en')} campaigns (90 % public) whose titles, tags and descriptions mix seven languages, accented words included (seeded in ${r.seedSeconds.toFixed(0)} s).
Timed: \`SearchService.explore('campaign', { q })\` (server/domain/search.ts, the explore page's query: best match first, 10 a page, with the total), ${r.samples} queries after a warm-up.
All: p50 ${ms(r.latency.p50)}, **p95 ${ms(r.latency.p95)}** (budget ≤ ${SEARCH_P95_BUDGET_MS} ms: ${r.latency.p95 <= SEARCH_P95_BUDGET_MS ? '✅' : '❌'}), max ${ms(r.latency.max)}. Navbar suggestions (three kinds, no total): p50 ${ms(r.suggestions.p50)}, p95 ${ms(r.suggestions.p95)} over ${r.suggestions.samples} queries.

| query | kind | p50 | p95 | matches | first result |
| --- | --- | --- | --- | --- | --- |
${rows.join('\n')}
${searchDate ? `\nSearch figures from a BENCH_ONLY=search run on ${searchDate}.\n` : ''}`;
}
