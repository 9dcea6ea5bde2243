/** The scale phase's section of bench/results/latest.md (bench/twoInstanceLoad.ts measures). */
import type { KindFigures, MixedLoad } from './mixedLoad.ts';
import type { ScaleLoad } from './twoInstanceLoad.ts';

const ms = (value: number) => (Number.isNaN(value) ? 'n/a' : `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`);

function row(what: string, load: MixedLoad, figures: KindFigures = load.overall): string {
  const { p50, p95, p99, max } = figures.latency;
  // Throughput is the whole load's: one kind's share of it would only restate the pattern.
  const throughput = figures === load.overall ? `${load.throughput} req/s` : '–';
  return `| ${what} | ${figures.requests} | ${figures.errors} | ${ms(p50)} | ${ms(p95)} | ${ms(p99)} | ${ms(max)} | ${throughput} |`;
}

export function scaleSection(r: ScaleLoad | undefined, scaleDate: string | undefined): string {
  if (!r) return '';
  const samples = [...r.single.samples.map((s) => `one instance: ${s}`), ...r.pair.samples.map((s) => `two instances: ${s}`)];
  return `
## Two instances behind a proxy

bench/twoInstanceLoad.ts: two \`npm start\` instances on one PostgreSQL database, one Redis and one S3 server (s3rver), all on loopback on this machine,
sharing nonces, rate limits and the campaign cache's invalidations. The API mixed load above (${r.single.rate} req/s open-loop for ${r.single.seconds} s after a 3 s warm-up, same pattern)
is sent first to one instance directly, then to both through a round-robin TCP proxy (connections per instance: ${r.connections.join(' / ')}).
Throughput is answers per second over the measured part: at a fixed rate it equals the rate until a setup falls behind. The client, both instances and the data services share the machine's CPUs.

| setup | requests | errors | p50 | p95 | p99 | max | throughput |
| --- | --- | --- | --- | --- | --- | --- | --- |
${row('one instance, direct', r.single)}
${row('two instances, proxy', r.pair)}
${row('campaign reads, one instance', r.single, r.single.kinds['campaign read'])}
${row('campaign reads, two instances', r.pair, r.pair.kinds['campaign read'])}
${samples.length ? `\nFirst unexpected answers:\n\n${samples.map((sample) => `- ${sample}`).join('\n')}\n` : ''}${scaleDate ? `\nScale figures from a BENCH_ONLY=scale run on ${scaleDate}.\n` : ''}`;
}
