import type { ReadinessResponse } from '../../contract/readiness.ts';
import type { Database } from '../infra/db/database.ts';
import { isDatabaseUnavailable } from '../infra/db/databaseUnavailable.ts';
import type { FileStorage } from '../infra/storage/storage.ts';

type Check = ReadinessResponse['database'];

/** How long each dependency may take before the instance counts as not ready: a probe must answer well within its own timeout. */
export const READINESS_TIMEOUT_MS = 2_000;

/**
 * Listed, not written: one cheap read (a readdir, one S3 ListObjectsV2 page) that needs the storage to answer. Not
 * `exists`: S3 answers HEAD on a missing bucket with the same bare 404 as a missing key, so a bucket gone would pass.
 */
export const READINESS_STORAGE_PREFIX = 'health/';

async function firstListed(storage: FileStorage): Promise<void> {
  for await (const object of storage.list(READINESS_STORAGE_PREFIX)) {
    if (object) break;
  }
}

class ReadinessTimeout extends Error {}

async function check(run: () => Promise<unknown>, timeoutMs: number, describe: (error: unknown) => 'down' | 'failed'): Promise<Check> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const latency = () => Math.round((performance.now() - started) * 100) / 100;
  try {
    await Promise.race([
      run(),
      new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new ReadinessTimeout()), timeoutMs);
      }),
    ]);
    return { ok: true, latencyMs: latency() };
  } catch (error) {
    return { ok: false, latencyMs: latency(), error: error instanceof ReadinessTimeout ? 'timeout' : describe(error) };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Readiness for a load balancer or orchestrator: the database answers a query and the storage answers a read,
 * each within timeoutMs. Unlike /api/health it writes nothing, so it can be polled every few seconds per instance.
 */
export async function checkReadiness(database: Database, storage: FileStorage, timeoutMs = READINESS_TIMEOUT_MS): Promise<ReadinessResponse> {
  const [db, files] = await Promise.all([
    check(() => database.ping(), timeoutMs, (error) => (isDatabaseUnavailable(error) ? 'down' : 'failed')),
    check(() => firstListed(storage), timeoutMs, () => 'failed'),
  ]);
  return { status: db.ok && files.ok ? 'ready' : 'unready', database: db, storage: files };
}
