import type { ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CAPTCHA_CHALLENGE_PATH, CAPTCHA_HEADER } from '../contract/account.ts';
import { errorEnvelope } from '../contract/errorEnvelope.ts';
import { noticeResponse } from '../contract/notice.ts';
import { accounts, verificationCodes } from './infra/db/schema.ts';
import { connectionStringOf, throughProxy } from './testing/proxiedDatabase.ts';
import { signedFetch } from './testing/signedFetch.ts';
import { startServerProcess } from './testing/serverProcess.ts';
import { startTcpProxy } from './testing/tcpProxy.ts';
import { createTestDatabase, TEST_SECRET } from './testing/testApp.ts';

const indexHtml = '<!doctype html><html><head><title>Bingkai</title></head><body><div id="root"></div></body></html>';
const BURST = 40;
/** Acknowledged registrations to wait for before the kill, so the kill lands mid-burst. */
const KILL_AFTER_ACKS = 8;

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));
}

/** A solved ALTCHA header value for the server's challenge (cost and counter range are lowered in the env). */
async function solvedCaptcha(origin: string): Promise<string> {
  const challenge = (await (await fetch(`${origin}/api/v2${CAPTCHA_CHALLENGE_PATH}`)).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

async function expectUnavailable(response: Response) {
  expect(response.status).toBe(503);
  expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
  expect(errorEnvelope.parse(await response.json()).code).toBe('UNAVAILABLE');
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('fault tolerance of a real server process on PostgreSQL', () => {
  it('keeps every acknowledged write across kill -9, answers 503 while PostgreSQL is stopped or frozen, and recovers without a restart', async () => {
    const database = await createTestDatabase('postgres', { migrate: false });
    const target = new URL(connectionStringOf(database));
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const dataDir = await mkdtemp(join(tmpdir(), 'bingkai-fault-'));
    const dist = join(dataDir, 'dist');
    const servers: ChildProcess[] = [];
    try {
      await mkdir(dist);
      await writeFile(join(dist, 'index.html'), indexHtml);
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        DATABASE_URL: throughProxy(target.toString(), proxy),
        DATA_DIR: dataDir,
        DIST_DIR: dist,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        REQUEST_SIGNING_SECRET: TEST_SECRET,
        CAPTCHA_COST: '1',
        CAPTCHA_MAX_COUNTER: '50',
        RATE_LIMIT_MAX: '100000',
        AUTH_RATE_LIMIT_PER_IP: '100000',
        DB_CONNECT_TIMEOUT_MS: '1000',
        DB_STATEMENT_TIMEOUT_MS: '1000',
      };
      // No Redis: nonces live in PostgreSQL, so every signed request needs the database (the harder case for /notice).
      delete env.REDIS_URL;
      delete env.SMTP_URL;
      delete env.BINGKAI_TEST_HOOKS;

      // 1. A burst of registrations (account + verification code in one transaction), killed mid-burst.
      const first = await startServerProcess(env);
      servers.push(first.child);
      const captchas = await Promise.all(Array.from({ length: BURST }, () => solvedCaptcha(first.origin)));
      const emails = Array.from({ length: BURST }, (_, i) => `fault-${i}@example.test`);
      const acknowledged: string[] = [];
      let killed = false;
      const attempts = emails.map(async (email, i) => {
        try {
          const response = await signedFetch(first.origin, {
            method: 'POST',
            url: '/api/v2/account',
            fingerprint: `fault-fp-${i}`,
            body: { name: `Fault ${i}`, email, password: 'correct horse 42 staple', isMobile: false, deviceType: 'WEB' },
            headers: { [CAPTCHA_HEADER]: captchas[i]! },
          });
          if (response.status === 201) acknowledged.push(email);
          else await response.body?.cancel();
        } catch {
          // Cut off by the kill: not acknowledged, so it may or may not have been written.
        }
        if (!killed && acknowledged.length >= KILL_AFTER_ACKS) {
          killed = true;
          first.child.kill('SIGKILL');
        }
      });
      await Promise.all(attempts);
      // Never left running if the burst ended before enough acknowledgements (the expectations below then fail).
      if (!killed) first.child.kill('SIGKILL');
      await exited(first.child);
      expect(first.child.signalCode).toBe('SIGKILL');
      expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
      expect(acknowledged.length).toBeLessThan(BURST);

      const server = await startServerProcess(env);
      servers.push(server.child);
      const rows = await database.db.select({ id: accounts.id, email: accounts.email }).from(accounts).where(inArray(accounts.email, emails));
      const stored = new Set(rows.map((row) => row.email));
      for (const email of acknowledged) expect(stored.has(email), email).toBe(true);
      // Nothing half-written: each account the burst left has its verification code from the same transaction.
      const codes = rows.length > 0 ? await database.db.select({ accountId: verificationCodes.accountId }).from(verificationCodes).where(inArray(verificationCodes.accountId, rows.map((row) => row.id))) : [];
      expect(new Set(codes.map((code) => code.accountId))).toEqual(new Set(rows.map((row) => row.id)));

      // 2. PostgreSQL stopped: 503 envelopes with Retry-After, an HTML 503 page, and the notice says maintenance.
      const availability = () => signedFetch(server.origin, { method: 'GET', url: '/api/v2/campaigns/uri-availability?uri=fault-free' });
      expect((await availability()).status).toBe(200);
      proxy.refuse();
      await expectUnavailable(await availability());
      await expectUnavailable(await signedFetch(server.origin, { method: 'POST', url: '/api/v2/analytics/page-view', body: { path: '/x', routeName: 'home', referrer: '' } }));
      const page = await fetch(`${server.origin}/some-campaign`, { headers: { accept: 'text/html' } });
      expect(page.status).toBe(503);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(page.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await page.text()).toBe(indexHtml);
      const notice = await signedFetch(server.origin, { method: 'GET', url: '/api/v2/notice' });
      expect(notice.status).toBe(200);
      expect(noticeResponse.parse(await notice.json()).data.maintenance).toBe(true);

      // 3. Back: answers again without a restart.
      await proxy.resume();
      await expect.poll(async () => (await availability()).status, { timeout: 15_000, interval: 200 }).toBe(200);

      // 4. Frozen: a request answers 503 within the bound instead of hanging.
      proxy.freeze();
      const started = performance.now();
      await expectUnavailable(await availability());
      expect(performance.now() - started).toBeLessThan(8000);
      await proxy.resume();
      await expect.poll(async () => (await availability()).status, { timeout: 15_000, interval: 200 }).toBe(200);
    } finally {
      for (const child of servers) {
        child.kill('SIGKILL');
        await exited(child);
      }
      await proxy.close();
      await database.dispose();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
