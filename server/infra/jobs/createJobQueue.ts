import type { Database } from '../db/database.ts';
import type { JobLog } from './deadLetters.ts';
import type { JobQueue } from './jobQueue.ts';
import { MemoryJobQueue } from './memoryJobQueue.ts';
import { PgBossJobQueue } from './pgBossJobQueue.ts';

/** pg-boss's schema in the application's database. */
export const DEFAULT_JOBS_SCHEMA = 'pgboss';

export interface JobQueueOptions {
  database: Database;
  log: JobLog;
  /** pg-boss's schema: instances sharing one share their jobs (tests give each test its own). */
  schema?: string;
  pollingIntervalSeconds?: number;
  stopTimeoutMs?: number;
}

/**
 * The queue for the database: pg-boss on PostgreSQL, so every instance (web or `npm run worker`) shares the jobs;
 * in memory on PGlite, which one process owns. Register the handlers and recurring jobs, then start it.
 */
export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { database, log } = options;
  if (database.driver === 'pglite') return new MemoryJobQueue({ db: database.db, log });
  // pg-boss opens a small pool of its own on the same database.
  if (!database.url) throw new Error('The job queue needs the PostgreSQL connection string');
  return new PgBossJobQueue({
    connectionString: database.url,
    schema: options.schema ?? DEFAULT_JOBS_SCHEMA,
    db: database.db,
    log,
    ...(options.pollingIntervalSeconds !== undefined ? { pollingIntervalSeconds: options.pollingIntervalSeconds } : {}),
    ...(options.stopTimeoutMs !== undefined ? { stopTimeoutMs: options.stopTimeoutMs } : {}),
  });
}
