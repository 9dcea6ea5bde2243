/**
 * The mixed-load phase of `npm run bench`: against the same `npm start` server as the campaign read
 * (bench/apiLoad.ts), 200 req/s open-loop for 20 s of four kinds interleaved — signed campaign reads,
 * HTML campaign pages (crawler and browser Accept/User-Agent), signed supports, and sign-ins of a
 * pre-registered verified account (one in ten a wrong one for an unknown address, answered 401 as expected).
 *
 * Every request is built and signed before the load (nonces are single-use; signing must not compete
 * with the server for the CPU). Each carries its own x-forwarded-for (the server trusts loopback for
 * the run): per-IP limits would otherwise turn one client's 1000 supports into 429s, and this phase
 * measures the paths, not the limiters. Latency runs from each request's due time (no coordinated omission).
 */
import { readdir, readFile } from 'node:fs/promises';
import { Agent, request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { percentile } from './stats.ts';

export const MIXED_RATE = 200;
export const MIXED_SECONDS = 20;
const WARM_UP_SECONDS = 3;
const REQUEST_TIMEOUT_MS = 10_000;

export type MixedKind = 'campaign read' | 'HTML page' | 'support' | 'sign-in';

export interface KindFigures {
  requests: number;
  /** Network errors, timeouts and answers with another status than the one expected. */
  errors: number;
  latency: { p50: number; p95: number; p99: number; max: number };
}

export interface MixedLoad {
  rate: number;
  seconds: number;
  campaign: string;
  /** Answers per second over the measured part, from its first due time to its last answer. */
  throughput: number;
  overall: KindFigures;
  kinds: Record<MixedKind, KindFigures>;
  /** The first unexpected answers of each kind (three at most), for the report. */
  samples: string[];
}

interface RequestKey {
  epoch: number;
  key: string;
}
export interface Signing {
  signRequest(key: RequestKey, request: { method: string; pathAndQuery: string; body: string }): Promise<string>;
}

interface PlannedRequest {
  kind: MixedKind;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body: string;
  expected: number;
}

/** 20 slots: 10 reads, 5 pages, 3 supports, 2 sign-ins (one in ten of them a failing one). */
const PATTERN: MixedKind[] = ['campaign read', 'HTML page', 'campaign read', 'support', 'campaign read', 'HTML page', 'campaign read', 'sign-in', 'campaign read', 'HTML page', 'campaign read', 'support', 'campaign read', 'HTML page', 'campaign read', 'sign-in', 'campaign read', 'HTML page', 'campaign read', 'support'];

const CRAWLER = { accept: 'text/html', 'user-agent': 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)' };
const BROWSER = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36' };

const round = (value: number) => Math.round(value * 10) / 10;
const forwardedFor = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

/** Registers an account through the API (solved captcha, code from the mail file the server writes) and verifies it. */
async function registerVerified(base: string, dataDir: string, signed: (method: string, path: string, body: string) => Promise<Record<string, string>>, email: string, password: string): Promise<void> {
  const challenge = (await (await fetch(`${base}/api/v2/captcha/challenge`)).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  const altcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  const post = async (path: string, payload: unknown, extra: Record<string, string> = {}) => {
    const body = JSON.stringify(payload);
    const response = await fetch(`${base}${path}`, { method: 'POST', body, headers: { 'content-type': 'application/json', ...(await signed('POST', path, body)), ...extra } });
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
  };
  await post('/api/v2/account', { name: 'Bench Signer', email, password, isMobile: false, deviceType: 'WEB' }, { 'x-altcha': altcha });
  // Without SMTP the server writes each mail as an .eml under DATA_DIR/mail.
  let code: string | undefined;
  for (const end = Date.now() + 30_000; !code && Date.now() < end; ) {
    const dir = join(dataDir, 'mail');
    const files = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.includes('VERIFY_REGISTRATION'));
    for (const file of files) {
      const text = await readFile(join(dir, file), 'utf8');
      if (text.includes(email)) code = /\b(\d{6})\b/.exec(text.split(/\r?\n\r?\n/).slice(1).join('\n'))?.[1];
    }
    if (!code) await new Promise((r) => setTimeout(r, 200));
  }
  if (!code) throw new Error(`no verification mail for ${email} under ${dataDir}/mail`);
  await post('/api/v2/account/pending', { email, request: 'VERIFY_REGISTRATION', verificationCode: code, isMobile: false });
}

function figures(latencies: number[], requests: number, errors: number): KindFigures {
  const p = (q: number) => round(percentile(latencies, q));
  return { requests, errors, latency: { p50: p(50), p95: p(95), p99: p(99), max: p(100) } };
}

/** Sends the planned requests one every 1000/rate ms; returns per-kind latencies and errors. */
async function paced(base: string, plan: PlannedRequest[], rate: number) {
  const url = new URL(base);
  const agent = new Agent({ keepAlive: true, maxSockets: 128 });
  const latencies = new Map<MixedKind, number[]>();
  const errors = new Map<MixedKind, number>();
  const samples: string[] = [];
  const answered: Promise<void>[] = [];
  const start = performance.now() + 10;
  try {
    for (let i = 0; i < plan.length; i++) {
      const planned = plan[i]!;
      const due = start + (i * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const fail = (why: string) => {
        errors.set(planned.kind, (errors.get(planned.kind) ?? 0) + 1);
        if (samples.filter((sample) => sample.startsWith(planned.kind)).length < 3) samples.push(`${planned.kind} ${planned.method} ${planned.path}: ${why}`);
      };
      answered.push(
        new Promise<void>((done) => {
          const request = httpRequest(
            { host: url.hostname, port: url.port, method: planned.method, path: planned.path, agent, headers: planned.headers, timeout: REQUEST_TIMEOUT_MS },
            (response) => {
              const chunks: Buffer[] = [];
              response.on('data', (chunk: Buffer) => chunks.length < 4 && chunks.push(chunk));
              response.on('end', () => {
                const list = latencies.get(planned.kind) ?? [];
                list.push(performance.now() - due);
                latencies.set(planned.kind, list);
                if (response.statusCode !== planned.expected) fail(`HTTP ${response.statusCode} (expected ${planned.expected}) ${Buffer.concat(chunks).toString('utf8').slice(0, 160)}`);
                done();
              });
            },
          );
          request.on('timeout', () => request.destroy(new Error('timed out')));
          request.on('error', (error) => {
            fail(error.message);
            done();
          });
          request.end(planned.body || undefined);
        }),
      );
    }
    await Promise.all(answered);
  } finally {
    agent.destroy();
  }
  return { latencies, errors, samples, elapsedMs: performance.now() - start };
}

export interface MixedLoadOptions {
  rate?: number;
  seconds?: number;
  /**
   * The instance that registers the signing-in account, and whose DATA_DIR/mail (`dataDir`) gets its code; `base`
   * by default. Behind a proxy (bench/twoInstanceLoad.ts) one instance, so the mail is where the phase looks.
   */
  accountBase?: string;
}

/** The phase itself; `base` is a running `npm start` with TRUST_PROXY=loopback and raised limits (bench/apiLoad.ts starts it). */
export async function mixedLoad(base: string, dataDir: string, signing: Signing, campaign: string, options: MixedLoadOptions = {}): Promise<MixedLoad> {
  const { rate = MIXED_RATE, seconds = MIXED_SECONDS, accountBase = base } = options;
  const fingerprint = Buffer.from('bench-mixed').toString('base64');
  const key = ((await (await fetch(`${accountBase}/api/v2/request-key`, { headers: { 'x-fingerprint': fingerprint } })).json()) as { data: RequestKey }).data;
  const signed = async (method: string, pathAndQuery: string, body: string) => ({
    'x-fingerprint': fingerprint,
    'x-request-token': await signing.signRequest(key, { method, pathAndQuery, body }),
  });
  const email = `bench-${Date.now()}@example.test`;
  const password = 'bench-password-123';
  await registerVerified(accountBase, dataDir, signed, email, password);

  const readPath = `/api/v2/campaigns/${encodeURIComponent(campaign)}`;
  const supportPath = `${readPath}/supports`;
  const signInPath = '/api/v2/account/auth/native';
  let signIns = 0;
  const plan = async (count: number, offset: number): Promise<PlannedRequest[]> =>
    Promise.all(
      Array.from({ length: count }, async (_, n): Promise<PlannedRequest> => {
        const i = n + offset;
        const kind = PATTERN[i % PATTERN.length]!;
        const ip = { 'x-forwarded-for': forwardedFor(i) };
        if (kind === 'campaign read') return { kind, method: 'GET', path: readPath, body: '', expected: 200, headers: { ...ip, ...(await signed('GET', readPath, '')) } };
        if (kind === 'HTML page') return { kind, method: 'GET', path: `/${encodeURIComponent(campaign)}`, body: '', expected: 200, headers: { ...ip, ...(i % 2 ? CRAWLER : BROWSER) } };
        if (kind === 'support') {
          const body = '{}';
          return { kind, method: 'POST', path: supportPath, body, expected: 200, headers: { ...ip, 'content-type': 'application/json', ...(await signed('POST', supportPath, body)) } };
        }
        // A failed sign-in goes to an address of its own: three failures on one email would (rightly) ask every
        // later sign-in of it for a captcha, and the bench would measure that answer instead of the sign-in.
        const wrong = signIns++ % 10 === 9;
        const body = JSON.stringify(wrong ? { email: `nobody-${i}@example.test`, password: 'wrong-password-1' } : { email, password });
        return { kind, method: 'POST', path: signInPath, body, expected: wrong ? 401 : 200, headers: { ...ip, 'content-type': 'application/json', ...(await signed('POST', signInPath, body)) } };
      }),
    );
  const warmUp = await plan(rate * WARM_UP_SECONDS, 1_000_000);
  const measured = await plan(rate * seconds, 0);
  // A fresh server compiles its hot paths first: that warm-up is not measured.
  await paced(base, warmUp, rate);
  const result = await paced(base, measured, rate);
  const kinds = Object.fromEntries(
    [...new Set(PATTERN)].map((kind) => [kind, figures(result.latencies.get(kind) ?? [], measured.filter((r) => r.kind === kind).length, result.errors.get(kind) ?? 0)]),
  ) as Record<MixedKind, KindFigures>;
  const all = [...result.latencies.values()].flat();
  const errorCount = [...result.errors.values()].reduce((a, b) => a + b, 0);
  const throughput = Math.round((all.length / result.elapsedMs) * 1000);
  return { rate, seconds, campaign, throughput, overall: figures(all, measured.length, errorCount), kinds, samples: result.samples };
}
