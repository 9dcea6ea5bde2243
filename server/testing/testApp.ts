import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { FINGERPRINT_HEADER, REQUEST_KEY_PATH, REQUEST_TOKEN_HEADER, signRequest, type RequestKey } from '../../contract/requestSignature.ts';
import { buildApp } from '../app.ts';
import { loadConfig, type AppConfig } from '../config.ts';
import type { FileStorage } from '../infra/storage/storage.ts';
import { migrationsFolder, openDatabase, pgliteExtensions, type Database, type DatabaseDriver } from '../infra/db/database.ts';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';

export const TEST_SECRET = 'test-request-signing-secret-0123456789';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. Use with describe.each. */
export const drivers: DatabaseDriver[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase extends Database {
  /** Closes the connection and drops the per-test database (PostgreSQL). */
  dispose(): Promise<void>;
}

let migratedPglite: Promise<Blob> | undefined;

/**
 * A dump of a migrated in-memory PGlite, made once per test process: migrating costs seconds (extensions, search
 * functions and triggers), loading the dump a fraction of that.
 */
function migratedPgliteDump(): Promise<Blob> {
  migratedPglite ??= (async () => {
    const client = await PGlite.create('memory://', { extensions: pgliteExtensions });
    try {
      await migratePglite(drizzlePglite({ client }), { migrationsFolder });
      return await client.dumpDataDir('none');
    } finally {
      await client.close();
    }
  })();
  return migratedPglite;
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
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), pgliteDir: 'memory://' });
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
  close(): Promise<void>;
}

/** The app on a fresh database and temporary data directory, logging off, with no built client unless distDir is given. */
export async function createTestApp(driver: DatabaseDriver, overrides: Partial<AppConfig> = {}, deps: { storage?: FileStorage } = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bingkai-test-'));
  const database = await createTestDatabase(driver);
  const config: AppConfig = {
    ...loadConfig({}, dataDir),
    dataDir,
    distDir: join(dataDir, 'dist-missing'),
    logLevel: 'silent',
    requestSigningSecret: TEST_SECRET,
    // No scheduled leaderboard refresh writing rows under a test's feet; tests that need one refresh it themselves.
    leaderboardRefreshMs: 0,
    // Nor notification jobs mailing in the background; tests that need them run them or turn them on.
    notificationJobMs: 0,
    ...overrides,
  };
  const app = await buildApp(config, { database, ...deps });
  let closed = false;
  return {
    app,
    database,
    config,
    dataDir,
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
