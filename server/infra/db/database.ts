import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { DatabaseTimeoutError } from './databaseUnavailable.ts';
import { defaultDatabaseTimeouts, type DatabaseTimeouts } from './databaseTimeouts.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseDriver = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  driver: DatabaseDriver;
  /** The PostgreSQL connection string (postgres only), for what opens connections of its own (the job queue's pg-boss). */
  url?: string;
  /** Round trip to the database; throws when it does not answer. */
  ping(): Promise<void>;
  /** Applies pending migrations from server/infra/db/migrations. */
  migrate(): Promise<void>;
  /** Closes the pool or PGlite (PGlite must be closed, or its data directory may be left inconsistent). */
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** The advisory lock that serialises migrations across instances (PostgreSQL). */
const MIGRATION_LOCK = 'bingkai migrations';

/** Grace after statement_timeout before the client stops waiting: the server's own cancel answers first when it can. */
const CLIENT_READ_GRACE_MS = 2000;

export interface DatabaseOptions extends Partial<DatabaseTimeouts> {
  databaseUrl: string | undefined;
  /** PGlite data directory or 'memory://'. */
  pgliteDir: string;
  /** A PGlite data directory dump (PGlite.dumpDataDir) to start from: tests start each database from one migrated copy. */
  pgliteLoadDataDir?: Blob;
}

/** The contrib modules PGlite loads: search (migration 0008) needs them; PostgreSQL has them on the server. */
export const pgliteExtensions = { pg_trgm, unaccent };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const timeouts: DatabaseTimeouts = {
    dbConnectTimeoutMs: options.dbConnectTimeoutMs ?? defaultDatabaseTimeouts.dbConnectTimeoutMs,
    dbStatementTimeoutMs: options.dbStatementTimeoutMs ?? defaultDatabaseTimeouts.dbStatementTimeoutMs,
    dbIdleInTransactionTimeoutMs: options.dbIdleInTransactionTimeoutMs ?? defaultDatabaseTimeouts.dbIdleInTransactionTimeoutMs,
  };
  return options.databaseUrl ? openPostgres(options.databaseUrl, timeouts) : openPglite(options.pgliteDir, timeouts.dbStatementTimeoutMs, options.pgliteLoadDataDir);
}

/** Rejects with DatabaseTimeoutError when work has not settled within ms (0: no bound); the work itself goes on. */
function within<T>(work: Promise<T>, ms: number): Promise<T> {
  if (ms <= 0) return work;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new DatabaseTimeoutError(ms)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/**
 * PGlite runs one statement at a time behind a lock, so a long transaction makes every other query wait; it has
 * no statement_timeout of its own. This bounds each query (its wait for the lock included) and a transaction's
 * wait for the lock — not the transaction's own work, which may legitimately take longer (image rendering). A
 * transaction whose lock comes after its caller gave up rolls back without running.
 */
export function boundPgliteWaits(client: PGlite, waitMs: number): PGlite {
  if (waitMs <= 0) return client;
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') {
        return (...args: Parameters<PGlite['query']>) => within(target.query(...args), waitMs);
      }
      if (property === 'transaction') {
        return <T>(callback: Parameters<PGlite['transaction']>[0]) => {
          let gaveUp = false;
          let started!: () => void;
          const lockTaken = new Promise<void>((resolve) => (started = resolve));
          const run = target.transaction(async (tx) => {
            if (gaveUp) throw new DatabaseTimeoutError(waitMs);
            started();
            return (await callback(tx)) as T;
          });
          // A transaction that fails before taking the lock (PGlite closed) answers with its own error at once.
          const settled = run.then(
            () => {},
            () => {},
          );
          return within(Promise.race([lockTaken, settled]), waitMs).then(
            () => run,
            (error: unknown) => {
              gaveUp = true;
              run.catch(() => {}); // Its rejection is the rollback above; the caller already has the timeout.
              throw error;
            },
          );
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      // PGlite's methods use private fields, so they must run on the real object.
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

async function openPglite(dataDir: string, waitMs: number, loadDataDir?: Blob): Promise<Database> {
  if (!dataDir.startsWith('memory://')) await mkdir(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, { extensions: pgliteExtensions, ...(loadDataDir ? { loadDataDir } : {}) });
  const db = drizzlePglite({ client: boundPgliteWaits(client, waitMs), schema });
  let closed = false;
  return {
    db: db as unknown as Db,
    driver: 'pglite',
    async ping() {
      await db.execute(sql`select 1`);
    },
    async migrate() {
      await migratePglite(db, { migrationsFolder });
    },
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

async function openPostgres(connectionString: string, timeouts: DatabaseTimeouts): Promise<Database> {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    idleTimeoutMillis: 30_000,
    // Every wait is bounded, so a stopped or frozen server turns into a 503 instead of a request held forever.
    connectionTimeoutMillis: timeouts.dbConnectTimeoutMs,
    statement_timeout: timeouts.dbStatementTimeoutMs,
    idle_in_transaction_session_timeout: timeouts.dbIdleInTransactionTimeoutMs,
    ...(timeouts.dbStatementTimeoutMs > 0 ? { query_timeout: timeouts.dbStatementTimeoutMs + CLIENT_READ_GRACE_MS } : {}),
    // A connection cut without a FIN (a dead host) is noticed by the kernel instead of never.
    keepAlive: true,
  });
  // A client losing its connection must not crash the process: the pool hears it while the client is idle,
  // but a client checked out (a transaction between two statements) has no listener of its own, and an
  // unheard 'error' event throws. Its queries still fail, and the pool drops it when it is released.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg({ client: pool, schema });
  let closed = false;
  return {
    db: db as unknown as Db,
    driver: 'postgres',
    url: connectionString,
    async ping() {
      await db.execute(sql`select 1`);
    },
    async migrate() {
      // Instances starting together on one database migrate one at a time: the next finds the migrations applied.
      // The lock's session waits without the statement timeout and is dropped afterwards, not returned to the pool.
      const lockClient = await pool.connect();
      try {
        await lockClient.query('SET statement_timeout = 0');
        await lockClient.query('SELECT pg_advisory_lock(hashtext($1))', [MIGRATION_LOCK]);
        await migratePg(db, { migrationsFolder });
      } finally {
        lockClient.release(true);
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
