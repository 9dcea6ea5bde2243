/**
 * Two real server processes on one PostgreSQL database, one Redis and one S3 server (issue 18): what one instance
 * accepted, counted or changed, the other knows at once.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignResponse } from '../contract/campaign.ts';
import { managedCampaignResponse } from '../contract/campaignWrite.ts';
import { presignedUpload } from '../contract/accountProfile.ts';
import { errorEnvelope } from '../contract/errorEnvelope.ts';
import { REQUEST_TOKEN_HEADER, FINGERPRINT_HEADER, signRequest } from '../contract/requestSignature.ts';
import { TEST_HOOKS_SECRET_HEADER } from '../contract/routes.ts';
import { loadConfig } from './config.ts';
import { tokenBodyFor } from './domain/accounts.ts';
import { createTokenService } from './infra/tokens.ts';
import { TEST_HOOKS_PREFIX, TEST_JOB_RUNS_DIR } from './routes/testHooks.ts';
import { insertCreator } from './testing/fixtures.ts';
import { framePng } from './testing/framePng.ts';
import { connectionStringOf } from './testing/proxiedDatabase.ts';
import { startS3Server, type S3TestServer } from './testing/s3Server.ts';
import { startServerProcess, type ServerProcess } from './testing/serverProcess.ts';
import { fetchRequestKeyOver, signedFetch, type SignedFetchRequest } from './testing/signedFetch.ts';
import { createTestDatabase, testTokenPrivateKey, type TestDatabase } from './testing/testApp.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const RATE_LIMIT_MAX = 30;
/** Far longer than any wait below: a campaign read B cached is only fresh again within it if the bus dropped it. */
const CAMPAIGN_READ_CACHE_MS = 10 * 60_000;

/** Polls until check passes (its last failure is thrown after timeoutMs): for what another process does on its own time. */
async function eventually(check: () => Promise<void>, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > end) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

describe.skipIf(!databaseUrl || !redisUrl)('two instances on one PostgreSQL, Redis and S3', () => {
  const prefix = `bingkai-test:two:${Date.now()}:${Math.random().toString(36).slice(2)}:`;
  const hooksSecret = randomBytes(18).toString('base64url');
  let database: TestDatabase;
  let s3: S3TestServer;
  let a: ServerProcess;
  let b: ServerProcess;
  const dataDirs: string[] = [];

  beforeAll(async () => {
    [database, s3] = await Promise.all([createTestDatabase('postgres'), startS3Server()]);
    const env = async (): Promise<NodeJS.ProcessEnv> => {
      // Each its own data directory: nothing may be shared through it (secrets come from the environment).
      const dataDir = await mkdtemp(join(tmpdir(), 'bingkai-two-'));
      dataDirs.push(dataDir);
      const base: NodeJS.ProcessEnv = { ...process.env };
      for (const name of ['SMTP_URL', 'PUBLIC_URL', 'STORAGE_URL', 'PUBLIC_FILES_URL', 'JOBS_IN_WEB']) delete base[name];
      return {
        ...base,
        DATABASE_URL: connectionStringOf(database),
        REDIS_URL: redisUrl,
        REDIS_PREFIX: prefix,
        STORAGE_URL: `s3://${s3.bucket}/two-instances`,
        S3_ENDPOINT: s3.endpoint,
        S3_REGION: s3.region,
        S3_ACCESS_KEY_ID: s3.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
        S3_FORCE_PATH_STYLE: '1',
        DATA_DIR: dataDir,
        DIST_DIR: join(dataDir, 'no-client'),
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        RATE_LIMIT_MAX: String(RATE_LIMIT_MAX),
        // Each part below calls from an address of its own (x-forwarded-for), so one part's requests do not use up another's limit.
        TRUST_PROXY: 'loopback',
        CAMPAIGN_READ_CACHE_MS: String(CAMPAIGN_READ_CACHE_MS),
        LEADERBOARD_REFRESH_MS: '0',
        NOTIFICATION_JOB_MS: '0',
        BILLING_JOB_MS: '0',
        // For the job the test hooks enqueue (server/routes/testHooks.ts).
        BINGKAI_TEST_HOOKS: '1',
        BINGKAI_TEST_HOOKS_SECRET: hooksSecret,
      };
    };
    // At once, as a deployment starts them: migrations and the job queue's set-up take their turns (advisory locks).
    [a, b] = await Promise.all([startServerProcess(await env()), startServerProcess(await env())]);
  }, 90_000);

  afterAll(async () => {
    await Promise.all(
      [a, b].map(async (server) => {
        if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
        const exited = new Promise((resolve) => server.child.once('exit', resolve));
        server.child.kill('SIGTERM');
        await exited;
      }),
    );
    const redis = new Redis(redisUrl!);
    try {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
    } finally {
      await redis.quit();
    }
    await Promise.all([database?.dispose(), s3?.stop(), ...dataDirs.map((dir) => rm(dir, { recursive: true, force: true }))]);
  }, 60_000);

  const from = (ip: string) => ({ 'x-forwarded-for': ip });

  it('refuses on B a signed request A already answered', async () => {
    const fingerprint = 'fp-two-replay';
    const key = await fetchRequestKeyOver(a.origin, fingerprint);
    const url = '/api/v2/analytics/page-view';
    const body = JSON.stringify({ path: '/', routeName: 'home' });
    const token = await signRequest(key, { method: 'POST', pathAndQuery: url, body });
    const send = (origin: string) =>
      fetch(`${origin}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', [FINGERPRINT_HEADER]: fingerprint, [REQUEST_TOKEN_HEADER]: token, ...from('198.51.100.1') }, body });
    expect((await send(a.origin)).status).toBe(204);
    const replayed = await send(b.origin);
    expect(replayed.status).toBe(409);
    expect(errorEnvelope.parse(await replayed.json()).code).toBe('REQUEST_TOKEN_REPLAYED');
  });

  it('adds up the rate limit over A and B', async () => {
    const key = await fetchRequestKeyOver(a.origin, 'fp-two-rate');
    const notice = (origin: string) => signedFetch(origin, { method: 'GET', url: '/api/v2/notice', fingerprint: 'fp-two-rate', headers: from('198.51.100.2') }, key);
    // Half on each: either alone would allow RATE_LIMIT_MAX more.
    for (let i = 0; i < RATE_LIMIT_MAX; i++) expect((await notice(i % 2 === 0 ? a.origin : b.origin)).status, `request ${i + 1}`).toBe(200);
    for (const origin of [a.origin, b.origin]) {
      const limited = await notice(origin);
      expect(limited.status).toBe(429);
      expect(errorEnvelope.parse(await limited.json()).code).toBe('RATE_LIMITED');
    }
  });

  it('serves on B, changed, a campaign created and then changed on A, though B had it cached', async () => {
    const creator = await insertCreator(database.db, 'two-instances');
    const tokens = await createTokenService(loadConfig({ TOKEN_PRIVATE_KEY: await testTokenPrivateKey() }));
    const authorization = `Bearer ${await tokens.issue(tokenBodyFor(creator, [], { publicUrl: (key) => key }))}`;
    const key = await fetchRequestKeyOver(a.origin, 'fp-two-campaign');
    const call = (origin: string, request: SignedFetchRequest) =>
      signedFetch(origin, { ...request, fingerprint: 'fp-two-campaign', headers: { authorization, ...from('198.51.100.3'), ...request.headers } }, key);
    const readOn = async (origin: string) => {
      const response = await call(origin, { method: 'GET', url: '/api/v2/campaigns/dua-server' });
      expect(response.status).toBe(200);
      return campaignResponse.parse(await response.json()).data;
    };

    // The frame goes to S3 through A's presigned URL; B reads the campaign A created from the shared database.
    const presigned = await call(a.origin, { method: 'POST', url: '/api/v2/campaigns/frames/presigned', body: { contentType: 'image/png' } });
    expect(presigned.status).toBe(200);
    const upload = presignedUpload.parse(((await presigned.json()) as { data: unknown }).data);
    const put = await fetch(upload.url, { method: 'PUT', headers: upload.headers, body: new Uint8Array(await framePng()) });
    expect(put.status).toBe(200);
    const created = await call(a.origin, { method: 'POST', url: '/api/v2/campaigns', body: { type: 'frame', uri: 'dua-server', title: 'Before', frames: [{ key: upload.key }] } });
    expect(created.status, await created.clone().text()).toBe(201);
    expect(managedCampaignResponse.parse(await created.json()).data.title).toBe('Before');
    const onB = await readOn(b.origin);
    expect(onB.title).toBe('Before');
    // The frame B links to is the object A's upload stored.
    expect((await fetch(new URL(onB.frames[0]!.url, b.origin))).status).toBe(200);

    // B now holds the read for CAMPAIGN_READ_CACHE_MS; A's change must drop it there.
    const changed = await call(a.origin, { method: 'PATCH', url: '/api/v2/campaigns/dua-server', body: { title: 'After' } });
    expect(changed.status).toBe(200);
    await eventually(async () => expect((await readOn(b.origin)).title).toBe('After'));
  });

  it('runs each job enqueued on A or B once, on whichever instance takes it', async () => {
    const runs = Array.from({ length: 8 }, (_, i) => `two-${i}-${randomBytes(4).toString('hex')}`);
    for (const [i, run] of runs.entries()) {
      const response = await fetch(`${(i % 2 === 0 ? a : b).origin}${TEST_HOOKS_PREFIX}/jobs/record-run`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [TEST_HOOKS_SECRET_HEADER]: hooksSecret, ...from('198.51.100.4') },
        body: JSON.stringify({ run }),
      });
      expect(response.status).toBe(204);
    }
    // Each run leaves a file <run>.<pid>.<uuid> in the data directory of the instance that ran it.
    const recorded = async () => (await Promise.all(dataDirs.map((dir) => readdir(join(dir, TEST_JOB_RUNS_DIR)).catch(() => [] as string[])))).flat();
    await eventually(async () => expect(new Set((await recorded()).map((name) => name.split('.')[0]))).toEqual(new Set(runs)), 20_000);
    const files = await recorded();
    expect(runs.map((run) => files.filter((name) => name.startsWith(`${run}.`)).length)).toEqual(runs.map(() => 1));
  });
});
