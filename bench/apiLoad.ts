/**
 * API campaign read under load: `npm start` on a fresh data directory (PGlite, seeded demo data),
 * then autocannon at a fixed 200 req/s on loopback against GET /api/v2/campaigns/:uri with
 * signed requests (one pre-signed token per request: nonces are single-use). The rate limit is
 * raised for this server so the figures show the read path, not 429s.
 */
import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';

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
/** contract/requestSignature.ts, loaded by path (it belongs to another TypeScript project). */
interface Signing {
  signRequest(key: RequestKey, request: { method: string; pathAndQuery: string; body: string }): Promise<string>;
}

const PORT = 8396;
const RATE = 200;
const SECONDS = 10;
const WARM_UP_SECONDS = 3;

async function waitForHealth(base: string, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`npm start did not answer ${base}/api/health within ${timeoutMs / 1000} s`);
}

export async function campaignReadLoad(root: string): Promise<ApiLoad> {
  const dataDir = resolve(root, '.tmp/bench-data');
  await rm(dataDir, { recursive: true, force: true });
  const server = spawn('npm', ['start'], {
    cwd: root,
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, RATE_LIMIT_MAX: '1000000' },
    stdio: 'ignore',
    // Its own process group, so the whole tree (npm → tsx → node) stops together.
    detached: true,
  });
  const base = `http://127.0.0.1:${PORT}`;
  try {
    await waitForHealth(base, 300_000);
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

    const tokens = await Promise.all(
      Array.from({ length: Math.ceil(RATE * (SECONDS + WARM_UP_SECONDS) * 1.2) }, () => signing.signRequest(key, { method: 'GET', pathAndQuery: path, body: '' })),
    );
    const load = (duration: number) =>
      autocannon({
        url: `${base}${path}`,
        connections: 20,
        overallRate: RATE,
        duration,
        headers: { 'x-fingerprint': fingerprint },
        requests: [{ setupRequest: (request) => ({ ...request, headers: { ...request.headers, 'x-request-token': tokens.pop() ?? '' } }) }],
      });
    // A fresh server compiles its hot paths first: that warm-up is not measured.
    await load(WARM_UP_SECONDS);
    const result = await load(SECONDS);
    return {
      path,
      rate: RATE,
      seconds: SECONDS,
      requests: result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors,
      latency: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
    };
  } finally {
    if (server.pid) {
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
  }
}
