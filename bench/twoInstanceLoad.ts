/**
 * The scale phase of `npm run bench` (alone: BENCH_ONLY=scale): two `npm start` instances on one PostgreSQL database,
 * one Redis and one S3 server (s3rver), all on loopback, and the mixed load of bench/mixedLoad.ts sent in one run
 * first to one instance directly, then to both through a round-robin TCP proxy (bench/roundRobinProxy.ts).
 *
 * Needs BENCH_DATABASE_URL or TEST_DATABASE_URL (a fresh database is created there and dropped after) and
 * BENCH_REDIS_URL or TEST_REDIS_URL (keys under a prefix of this run, deleted after). BENCH_SCALE_SECONDS and
 * BENCH_SCALE_RATE change each load's length and rate (the mixed load's 20 s at 200 req/s by default).
 * `npx tsx bench/twoInstanceLoad.ts` runs the phase alone and prints its figures as JSON, writing no bench/results.
 */
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Redis } from 'ioredis';
import { exportJWK, generateKeyPair } from 'jose';
import pg from 'pg';
import { startS3Server } from '../server/testing/s3Server.ts';
import { BENCH_PORT, startBenchServer, type BenchServer } from './benchServer.ts';
import { MIXED_RATE, MIXED_SECONDS, mixedLoad, type MixedLoad, type Signing } from './mixedLoad.ts';
import { startRoundRobinProxy } from './roundRobinProxy.ts';

export interface ScaleLoad {
  /** The mixed load against one instance directly. */
  single: MixedLoad;
  /** The same load against two instances through the proxy. */
  pair: MixedLoad;
  /** Connections the proxy sent to each instance during the pair's load. */
  connections: number[];
}

interface RequestKey {
  epoch: number;
  key: string;
}

function positiveFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed <= 0) throw new Error(`${name} must be a positive integer, got "${value}"`);
  return parsed;
}

/** A database of its own on the server adminUrl names; dropped (connections and all) by the returned function. */
async function freshDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `bingkai_bench_scale_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists "${name}" with (force)`) };
}

/** The first seeded campaign's URI, read with a signed request as the client reads it. */
async function seededCampaign(base: string, signing: Signing): Promise<string> {
  const fingerprint = Buffer.from('bench-scale').toString('base64');
  const key = ((await (await fetch(`${base}/api/v2/request-key`, { headers: { 'x-fingerprint': fingerprint } })).json()) as { data: RequestKey }).data;
  const listPath = '/api/v2/campaigns?page=1&limit=10';
  const token = await signing.signRequest(key, { method: 'GET', pathAndQuery: listPath, body: '' });
  const list = (await (await fetch(`${base}${listPath}`, { headers: { 'x-fingerprint': fingerprint, 'x-request-token': token } })).json()) as { data?: { items?: { uri: string }[] } };
  const uri = list.data?.items?.[0]?.uri;
  if (!uri) throw new Error(`no seeded campaign in ${listPath}: ${JSON.stringify(list).slice(0, 200)}`);
  return uri;
}

export async function twoInstanceLoad(root: string): Promise<ScaleLoad> {
  const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  const redisUrl = process.env.BENCH_REDIS_URL || process.env.TEST_REDIS_URL;
  if (!adminUrl || !redisUrl) throw new Error('the scale phase needs BENCH_DATABASE_URL (or TEST_DATABASE_URL) and BENCH_REDIS_URL (or TEST_REDIS_URL)');
  const rate = positiveFrom(process.env.BENCH_SCALE_RATE, MIXED_RATE, 'BENCH_SCALE_RATE');
  const seconds = positiveFrom(process.env.BENCH_SCALE_SECONDS, MIXED_SECONDS, 'BENCH_SCALE_SECONDS');
  const prefix = `bingkai-bench-scale:${Date.now().toString(36)}:`;
  const cleanups: Array<() => Promise<unknown> | void> = [];
  try {
    const database = await freshDatabase(adminUrl);
    cleanups.push(database.drop);
    const s3 = await startS3Server({ bucket: 'bingkai-bench' });
    cleanups.push(s3.stop);
    cleanups.push(async () => {
      const redis = new Redis(redisUrl);
      try {
        const keys = await redis.keys(`${prefix}*`);
        if (keys.length) await redis.del(...keys);
      } finally {
        await redis.quit();
      }
    });
    // Shared by both instances, as a deployment's environment would give them; made for this run only.
    const tokenKeys = await generateKeyPair('ES256', { extractable: true });
    const env: Record<string, string> = {
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      STORAGE_URL: `s3://${s3.bucket}/scale`,
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: s3.region,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_FORCE_PATH_STYLE: '1',
      REQUEST_SIGNING_SECRET: randomBytes(32).toString('base64url'),
      TOKEN_PRIVATE_KEY: JSON.stringify(await exportJWK(tokenKeys.privateKey)),
      // As bench/apiLoad.ts: the figures are the paths, not the limiters (each request has its own x-forwarded-for).
      RATE_LIMIT_MAX: '1000000',
      NONCES_PER_CLIENT: '10000000',
      TRUST_PROXY: 'loopback',
      AUTH_RATE_LIMIT_PER_IP: '1000000',
      AUTH_RATE_LIMIT_PER_EMAIL: '1000000',
    };
    const dataDirA = resolve(root, '.tmp/bench-scale-a');
    // One after the other: the first migrates and seeds the empty database, the second finds it done.
    const servers: BenchServer[] = [];
    cleanups.push(() => servers.forEach((server) => server.stop()));
    servers.push(await startBenchServer(root, { port: BENCH_PORT, dataDir: dataDirA, env }));
    servers.push(await startBenchServer(root, { port: BENCH_PORT + 1, dataDir: resolve(root, '.tmp/bench-scale-b'), env }));
    const [a, b] = servers as [BenchServer, BenchServer];
    const proxy = await startRoundRobinProxy([a, b].map((server) => ({ host: '127.0.0.1', port: Number(new URL(server.base).port) })));
    cleanups.push(proxy.close);

    const signing = (await import(pathToFileURL(resolve(root, 'contract/requestSignature.ts')).href)) as Signing;
    const campaign = await seededCampaign(a.base, signing);
    const single = await mixedLoad(a.base, dataDirA, signing, campaign, { rate, seconds });
    console.info('bench: scale, one instance done');
    const before = [...proxy.connections];
    // The account signing in is registered on A, whose data directory gets its verification mail.
    const both = await mixedLoad(proxy.base, dataDirA, signing, campaign, { rate, seconds, accountBase: a.base });
    console.info('bench: scale, two instances done');
    return { single, pair: both, connections: proxy.connections.map((count, i) => count - before[i]!) };
  } finally {
    // Servers and proxy first (last registered), the database last.
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch (error) {
        console.warn('bench: scale cleanup failed', error);
      }
    }
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.info(JSON.stringify(await twoInstanceLoad(resolve(import.meta.dirname, '..')), null, 2));
}
