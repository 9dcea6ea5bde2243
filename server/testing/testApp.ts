import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { FINGERPRINT_HEADER, REQUEST_KEY_PATH, REQUEST_TOKEN_HEADER, signRequest, type RequestKey } from '../../contract/requestSignature.ts';
import { buildApp } from '../app.ts';
import { loadArticles, type ArticleLibrary } from '../domain/articles.ts';
import type { createJobQueue } from '../infra/jobs/createJobQueue.ts';
import { MemoryJobQueue } from '../infra/jobs/memoryJobQueue.ts';
import { loadConfig, resolveSigningSecret, type AppConfig, type StorageConfig } from '../config.ts';
import { createStorage } from '../infra/storage/createStorage.ts';
import type { FileStorage } from '../infra/storage/storage.ts';
import { UrlSigner } from '../infra/storage/urlSigning.ts';
import { migrationsFolder, openDatabase, pgliteExtensions, type Database, type DatabaseDriver } from '../infra/db/database.ts';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';

export const TEST_SECRET = 'test-request-signing-secret-0123456789';

let tokenKey: Promise<string> | undefined;

/**
 * TOKEN_PRIVATE_KEY for tests: an ES256 private JWK made once per test process. A server on PostgreSQL or Redis
 * refuses to generate its own (config.ts refuseGeneratedSecret), and instances started together must share it.
 */
export function testTokenPrivateKey(): Promise<string> {
  tokenKey ??= (async () => {
    const { generateKeyPair, exportJWK } = await import('jose');
    const pair = await generateKeyPair('ES256', { extractable: true });
    return JSON.stringify(await exportJWK(pair.privateKey));
  })();
  return tokenKey;
}

/**
 * The databases the driver-parametrised tests run on (use with describe.each). `npm test`, the fast default CI runs,
 * takes PostgreSQL when TEST_DATABASE_URL is set and PGlite otherwise; `npm run test:full` (TEST_ALL_DRIVERS=1) takes
 * both. In the fast default PGlite is still what the e2e suite's server runs on (npm start's embedded default), and
 * the tests that open it by name (database, outage, lifecycle…) run as ever.
 */
export const drivers: DatabaseDriver[] = process.env.TEST_DATABASE_URL ? (process.env.TEST_ALL_DRIVERS ? ['pglite', 'postgres'] : ['postgres']) : ['pglite'];

export interface TestDatabase extends Database {
  /** Closes the connection and drops the per-test database (PostgreSQL). */
  dispose(): Promise<void>;
}

let migratedPglite: Promise<Blob> | undefined;

/** The installed PGlite's package.json (its version decides whether a cached dump still loads). */
const pgliteVersion = readFileSync(fileURLToPath(new URL('../package.json', import.meta.resolve('@electric-sql/pglite'))), 'utf8');

/** What a migrated database depends on: the migration files and the PGlite build. Names the cached dump and template. */
async function migrationsHash(): Promise<string> {
  const hash = createHash('sha256');
  hash.update(pgliteVersion);
  for (const name of (await readdir(migrationsFolder, { recursive: true })).sort()) {
    const path = join(migrationsFolder, name);
    if ((await stat(path)).isFile()) hash.update(name).update(await readFile(path));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * A dump of a migrated in-memory PGlite, made once per machine and migration set: migrating costs seconds
 * (extensions, search functions and triggers), loading the dump a fraction of that. Test files run in fresh module
 * contexts, so the dump is kept in the temporary directory (written whole, then renamed) and shared by them.
 */
function migratedPgliteDump(): Promise<Blob> {
  migratedPglite ??= (async () => {
    const file = join(tmpdir(), `bingkai-pglite-migrated-${await migrationsHash()}.tar`);
    const cached = await readFile(file).catch(() => undefined);
    if (cached) return new Blob([cached]);
    const client = await PGlite.create('memory://', { extensions: pgliteExtensions });
    try {
      await migratePglite(drizzlePglite({ client }), { migrationsFolder });
      const dump = await client.dumpDataDir('none');
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
      await rename(partial, file);
      return dump;
    } finally {
      await client.close();
    }
  })();
  return migratedPglite;
}

let postgresTemplate: Promise<string> | undefined;

/**
 * A migrated PostgreSQL database that test databases are copied from (CREATE DATABASE … TEMPLATE): copying takes a
 * fraction of migrating. Made once per migration set, under an advisory lock so concurrent test processes wait for
 * the one that builds it; it is built under another name and renamed when complete. Templates of other migration
 * sets are left alone: another checkout may be testing against the same server.
 */
function migratedPostgresTemplate(adminUrl: string): Promise<string> {
  postgresTemplate ??= (async () => {
    const name = `bingkai_template_${await migrationsHash()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query("select pg_advisory_lock(hashtext('bingkai test template'))");
      const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (!rowCount) {
        const building = `${name}_building`;
        await admin.query(`drop database if exists "${building}" with (force)`);
        await admin.query(`create database "${building}"`);
        const url = new URL(adminUrl);
        url.pathname = `/${building}`;
        const database = await openDatabase({ databaseUrl: url.toString(), pgliteDir: 'memory://' });
        try {
          await database.migrate();
        } finally {
          await database.close();
        }
        await admin.query(`alter database "${building}" rename to "${name}"`);
      }
      return name;
    } finally {
      await admin.query("select pg_advisory_unlock(hashtext('bingkai test template'))").catch(() => undefined);
      await admin.end();
    }
  })();
  return postgresTemplate;
}

/** A fresh, migrated database: in-memory PGlite (from a migrated dump), or a new PostgreSQL database dropped on dispose. */
export async function createTestDatabase(driver: DatabaseDriver, { migrate = true } = {}): Promise<TestDatabase> {
  if (driver === 'pglite') {
    const database = await openDatabase({ databaseUrl: undefined, pgliteDir: 'memory://', ...(migrate ? { pgliteLoadDataDir: await migratedPgliteDump() } : {}) });
    // Nothing left to apply after the dump; kept so a migration added since is still run.
    if (migrate) await database.migrate();
    return { ...database, dispose: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `bingkai_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const template = migrate ? await migratedPostgresTemplate(adminUrl) : undefined;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(template ? `create database "${name}" template "${template}"` : `create database "${name}"`);
  } catch (error) {
    // The template was dropped by hand since this process made it (invalid_catalog_name): make it again, once.
    if (!template || (error as { code?: string }).code !== '3D000') throw error;
    postgresTemplate = undefined;
    await admin.query(`create database "${name}" template "${await migratedPostgresTemplate(adminUrl)}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), pgliteDir: 'memory://' });
  // Nothing left to apply after the template; kept so the database is checked against the migrations.
  if (migrate) await database.migrate();
  return {
    ...database,
    async dispose() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: AppConfig;
  dataDir: string;
  /** The app's own file storage (local or S3, see testStorageConfig): read and plant stored objects through it. */
  storage: FileStorage;
  close(): Promise<void>;
}

/**
 * Where a test app keeps its files: local files under its data directory, or with TEST_STORAGE=s3 (CI) a prefix of its
 * own in the run's s3rver (server/testing/s3GlobalSetup.ts), so the server suite runs on the S3 driver.
 */
export function testStorageConfig(dataDir: string, local: StorageConfig): StorageConfig {
  const endpoint = process.env.TEST_S3_ENDPOINT;
  const bucket = process.env.TEST_S3_BUCKET;
  if (!endpoint || !bucket) return local;
  return { driver: 's3', bucket, prefix: `${basename(dataDir)}/`, endpoint, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true, publicFilesUrl: '' };
}

const articleLibraries = new Map<string, ArticleLibrary>();

/** content/ read once per test process and directory: every test app would otherwise parse all articles again. */
function sharedArticles(dir: string | undefined): ArticleLibrary {
  let library = articleLibraries.get(dir ?? '');
  if (!library) {
    library = loadArticles(dir);
    articleLibraries.set(dir ?? '', library);
  }
  return library;
}

/** The in-memory queue on either database: pg-boss's own tests, and the server processes of the multi-instance tests, cover pg-boss. */
const memoryJobQueue: typeof createJobQueue = ({ database, log }) => new MemoryJobQueue({ db: database.db, log });

/**
 * The app on a fresh database and temporary data directory, logging off, with no built client unless distDir is given.
 * Jobs run on the in-memory queue unless `deps.pgBoss` asks for the production queue (PostgreSQL only).
 */
export async function createTestApp(driver: DatabaseDriver, overrides: Partial<AppConfig> = {}, deps: { storage?: FileStorage; pgBoss?: boolean } = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bingkai-test-'));
  const database = await createTestDatabase(driver);
  const base = loadConfig({}, dataDir);
  const config: AppConfig = {
    ...base,
    dataDir,
    distDir: join(dataDir, 'dist-missing'),
    logLevel: 'silent',
    requestSigningSecret: TEST_SECRET,
    tokenPrivateKey: await testTokenPrivateKey(),
    // No scheduled leaderboard refresh writing rows under a test's feet; tests that need one refresh it themselves.
    leaderboardRefreshMs: 0,
    // Nor notification jobs mailing in the background; tests that need them run them or turn them on.
    notificationJobMs: 0,
    // Nor billing jobs expiring orders and ending plans; tests run them through runBillingJobs.
    payments: { ...base.payments, billingJobMs: 0 },
    // Earnings are available at once (no refund hold); tests of the hold set it themselves.
    monetization: { ...base.monetization, earningsHoldDays: 0 },
    storage: testStorageConfig(dataDir, base.storage),
    ...overrides,
  };
  // Made here and handed to the app, so tests see the very storage the app writes to, whichever the driver.
  const storage = deps.storage ?? createStorage(config, new UrlSigner(await resolveSigningSecret(config)));
  const app = await buildApp(config, {
    database,
    storage,
    articles: sharedArticles(config.contentDir),
    ...(deps.pgBoss ? {} : { createJobQueue: memoryJobQueue }),
  });
  let closed = false;
  return {
    app,
    database,
    config,
    dataDir,
    storage,
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      await database.dispose();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function fetchRequestKey(app: FastifyInstance, fingerprint: string): Promise<RequestKey> {
  const response = await app.inject({ method: 'GET', url: `/api/v2${REQUEST_KEY_PATH}`, headers: { [FINGERPRINT_HEADER]: fingerprint } });
  if (response.statusCode !== 200) throw new Error(`request-key answered ${response.statusCode}: ${response.body}`);
  return (response.json() as { data: RequestKey }).data;
}

export interface SignedRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  /** Serialized with JSON.stringify unless already a string. */
  body?: unknown;
  fingerprint?: string;
  headers?: Record<string, string>;
  /** The caller's IP as the server sees it (light-my-request's default is 127.0.0.1). */
  remoteAddress?: string;
}

/** Injects a request signed like the client does (key from /request-key, token over the exact body text). */
export async function signedInject(app: FastifyInstance, request: SignedRequest): Promise<LightMyRequestResponse> {
  const fingerprint = request.fingerprint ?? 'test-fingerprint';
  const key = await fetchRequestKey(app, fingerprint);
  const body = request.body === undefined ? '' : typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
  const token = await signRequest(key, { method: request.method, pathAndQuery: request.url, body });
  return app.inject({
    method: request.method,
    url: request.url,
    headers: {
      [FINGERPRINT_HEADER]: fingerprint,
      [REQUEST_TOKEN_HEADER]: token,
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...request.headers,
    },
    ...(body ? { payload: body } : {}),
    ...(request.remoteAddress ? { remoteAddress: request.remoteAddress } : {}),
  });
}
