/**
 * API campaign read under load: `npm start` on a fresh data directory (PGlite, seeded demo data),
 * then a fixed 200 req/s on loopback against GET /api/v2/campaigns/:uri with signed requests (one
 * pre-signed token per request: nonces are single-use). The rate limit is raised for this server so
 * the figures show the read path, not 429s.
 *
 * The load is open-loop and evenly paced: request i is due at start + i / rate and its latency runs
 * from that due time to the end of its response, so a slow answer delays no later request and a
 * late send counts against the figures (no coordinated omission). autocannon was not used for this:
 * its per-connection rate sends each second's quota back-to-back at the start of the second, and
 * its coordinated-omission correction at that rate records a response of n ms as n samples
 * (n, n-1, … 1 ms), so its percentiles weighed slow responses many times over.
 */
import { Agent, get } from 'node:http';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { BENCH_PORT, startBenchServer } from './benchServer.ts';
import { mixedLoad, type MixedLoad, type Signing } from './mixedLoad.ts';
import { percentile } from './stats.ts';

export interface ApiLoad {
  path: string;
  rate: number;
  seconds: number;
  requests: number;
  non2xx: number;
  errors: number;
  latency: { p50: number; p90: number; p99: number; max: number };
}

interface RequestKey {
  epoch: number;
  key: string;
}
const RATE = 200;
const SECONDS = 10;
const WARM_UP_SECONDS = 3;
const REQUEST_TIMEOUT_MS = 10_000;

interface PacedResult {
  requests: number;
  non2xx: number;
  errors: number;
  /** ms from each request's due time to the end of its response, for the ones answered. */
  latencies: number[];
}

/** Sends `count` GETs to `url`, one every 1000/rate ms on a fixed schedule, and times each from its due time. */
async function pacedLoad(url: string, headersFor: () => Record<string, string>, rate: number, count: number): Promise<PacedResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const result: PacedResult = { requests: 0, non2xx: 0, errors: 0, latencies: [] };
  const answered: Promise<void>[] = [];
  const start = performance.now() + 10;
  try {
    for (let i = 0; i < count; i++) {
      const due = start + (i * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      answered.push(
        new Promise<void>((done) => {
          const request = get(url, { agent, headers: headersFor(), timeout: REQUEST_TIMEOUT_MS }, (response) => {
            response.resume();
            response.on('end', () => {
              result.requests++;
              if (response.statusCode === undefined || response.statusCode < 200 || response.statusCode >= 300) result.non2xx++;
              else result.latencies.push(performance.now() - due);
              done();
            });
          });
          request.on('timeout', () => request.destroy(new Error('timed out')));
          request.on('error', () => {
            result.errors++;
            done();
          });
        }),
      );
    }
    await Promise.all(answered);
  } finally {
    agent.destroy();
  }
  return result;
}

const round = (value: number) => Math.round(value * 10) / 10;

/** The campaign read and then the mixed-load phase (bench/mixedLoad.ts), against one `npm start`. */
export async function apiLoads(root: string): Promise<{ api: ApiLoad; mixed?: MixedLoad; errors: string[] }> {
  const dataDir = resolve(root, '.tmp/bench-data');
  const server = await startBenchServer(root, {
    port: BENCH_PORT,
    dataDir,
    env: {
      RATE_LIMIT_MAX: '1000000',
      NONCES_PER_CLIENT: '10000000',
      // The mixed load gives each request its own x-forwarded-for: per-IP limits and caps then see many clients, and
      // the per-email sign-in limit is raised, so the figures are the paths, not the limiters.
      TRUST_PROXY: 'loopback',
      AUTH_RATE_LIMIT_PER_IP: '1000000',
      AUTH_RATE_LIMIT_PER_EMAIL: '1000000',
    },
  });
  const { base } = server;
  try {
    const signing = (await import(pathToFileURL(resolve(root, 'contract/requestSignature.ts')).href)) as Signing;
    const fingerprint = Buffer.from('bench-load').toString('base64');
    const keyResponse = (await (await fetch(`${base}/api/v2/request-key`, { headers: { 'x-fingerprint': fingerprint } })).json()) as { data: RequestKey };
    const key = keyResponse.data;
    const signedGet = async (pathAndQuery: string) => ({
      'x-fingerprint': fingerprint,
      'x-request-token': await signing.signRequest(key, { method: 'GET', pathAndQuery, body: '' }),
    });
    const listPath = '/api/v2/campaigns?page=1&limit=10';
    const list = (await (await fetch(`${base}${listPath}`, { headers: await signedGet(listPath) })).json()) as { data?: { items?: { uri: string }[] } };
    const uri = list.data?.items?.[0]?.uri;
    if (!uri) throw new Error(`no seeded campaign in ${listPath}: ${JSON.stringify(list).slice(0, 200)}`);
    const path = `/api/v2/campaigns/${encodeURIComponent(uri)}`;
    const check = await fetch(`${base}${path}`, { headers: await signedGet(path) });
    if (!check.ok) throw new Error(`${path}: HTTP ${check.status}`);

    // Signed before the load starts, so signing does not compete with the server for the CPU.
    const tokens = await Promise.all(
      Array.from({ length: RATE * (SECONDS + WARM_UP_SECONDS) }, () => signing.signRequest(key, { method: 'GET', pathAndQuery: path, body: '' })),
    );
    const headersFor = () => ({ 'x-fingerprint': fingerprint, 'x-request-token': tokens.pop() ?? '' });
    // A fresh server compiles its hot paths first: that warm-up is not measured.
    await pacedLoad(`${base}${path}`, headersFor, RATE, RATE * WARM_UP_SECONDS);
    const result = await pacedLoad(`${base}${path}`, headersFor, RATE, RATE * SECONDS);
    const latency = (p: number) => round(percentile(result.latencies, p));
    const api: ApiLoad = {
      path,
      rate: RATE,
      seconds: SECONDS,
      requests: result.requests,
      non2xx: result.non2xx,
      errors: result.errors,
      latency: { p50: latency(50), p90: latency(90), p99: latency(99), max: latency(100) },
    };
    console.info('bench: API campaign read done');
    try {
      const mixed = await mixedLoad(base, dataDir, signing, uri);
      console.info('bench: API mixed load done');
      return { api, mixed, errors: [] };
    } catch (error) {
      return { api, errors: [`mixed load: ${error instanceof Error ? error.message : String(error)}`] };
    }
  } finally {
    server.stop();
  }
}
