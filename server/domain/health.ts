import { randomBytes } from 'node:crypto';
import type { HealthResponse } from '../../contract/health.ts';
import type { Database } from '../infra/db/database.ts';
import { isDatabaseUnavailable } from '../infra/db/databaseUnavailable.ts';
import type { FileStorage } from '../infra/storage/storage.ts';

type Component = HealthResponse['database'];

/** describe turns the failure into the text shown; health is public, so it must not leak internals. */
async function probe(driver: string, check: () => Promise<void>, describe: (error: Error) => string): Promise<Component> {
  const started = performance.now();
  try {
    await check();
    return { ok: true, driver, latencyMs: Math.round((performance.now() - started) * 100) / 100 };
  } catch (error) {
    return { ok: false, driver, latencyMs: Math.round((performance.now() - started) * 100) / 100, error: describe(error as Error).slice(0, 200) };
  }
}

/** Driver messages carry SQL text (drizzle's "Failed query: …"), host names and user names: only the kind of failure is said. */
const describeDatabaseFailure = (error: Error) => (isDatabaseUnavailable(error) ? 'down' : 'failed');

/** Write, read back and delete a small object. */
async function storageProbe(storage: FileStorage): Promise<void> {
  const key = `health/probe-${randomBytes(8).toString('hex')}.json`;
  const payload = new TextEncoder().encode(JSON.stringify({ probe: key }));
  await storage.put(key, payload, { contentType: 'application/json' });
  try {
    const object = await storage.get(key);
    if (!object) throw new Error('probe object missing after write');
    const chunks: Buffer[] = [];
    for await (const chunk of object.stream) chunks.push(chunk as Buffer);
    if (Buffer.concat(chunks).compare(Buffer.from(payload)) !== 0) throw new Error('probe object read back differently');
  } finally {
    await storage.delete(key);
  }
}

export async function checkHealth(database: Database, storage: FileStorage, version: string, startedAt: number): Promise<HealthResponse> {
  const [db, files] = await Promise.all([probe(database.driver, () => database.ping(), describeDatabaseFailure), probe(storage.driver, () => storageProbe(storage), (error) => error.message)]);
  return {
    status: db.ok && files.ok ? 'ok' : 'degraded',
    version,
    uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
    database: db,
    storage: files,
  };
}
