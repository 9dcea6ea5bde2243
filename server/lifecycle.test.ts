import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './infra/db/database.ts';
import { shutdown } from './lifecycle.ts';
import { startServerProcess } from './testing/serverProcess.ts';
import { createTestDatabase, drivers, TEST_SECRET } from './testing/testApp.ts';


describe('graceful shutdown', () => {
  it('lets an in-flight request finish, refuses new work, then closes PGlite so its data reopens intact', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'bingkai-drain-'));
    try {
      const config = { ...loadConfig({}, dataDir), dataDir, logLevel: 'silent', requestSigningSecret: TEST_SECRET, distDir: join(dataDir, 'none') };
      const database = await openDatabase(config);
      await database.migrate();
      const app = await buildApp(config, { database });
      let release!: () => void;
      const started = new Promise<void>((resolve) => {
        app.get('/api/slow', async () => {
          resolve();
          await new Promise<void>((done) => (release = done));
          return { finished: true };
        });
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

      const inFlight = fetch(`${base}/api/slow`).then(async (response) => ({ status: response.status, body: await response.json() }));
      await started;
      const closing = shutdown(app, database);
      await new Promise((resolve) => setTimeout(resolve, 50));
      await expect(fetch(`${base}/api/health`)).rejects.toThrow();
      release();
      expect(await inFlight).toEqual({ status: 200, body: { finished: true } });
      await closing;
      await expect(database.ping()).rejects.toThrow();

      const reopened = await openDatabase(config);
      await reopened.migrate();
      await reopened.ping();
      await reopened.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it.each(drivers)('exits 0 on SIGTERM from a real server process (%s)', async (driver) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'bingkai-sigterm-'));
    const database = driver === 'postgres' ? await createTestDatabase('postgres', { migrate: false }) : undefined;
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', DIST_DIR: join(dataDir, 'none') };
      delete env.DATABASE_URL;
      delete env.REDIS_URL;
      if (database) env.DATABASE_URL = await databaseUrlOf(database);
      const { child, origin: url } = await startServerProcess(env);
      const health = await fetch(`${url}/api/health`);
      expect(health.status).toBe(200);
      expect(((await health.json()) as { database: { driver: string } }).database.driver).toBe(driver);
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      if (driver === 'pglite') {
        const reopened = await openDatabase({ databaseUrl: undefined, pgliteDir: join(dataDir, 'pglite') });
        await reopened.ping();
        await reopened.close();
      }
    } finally {
      await database?.dispose();
      await rm(dataDir, { recursive: true, force: true });
    }
    // A real process compiles the server and migrates a new database before it answers: on a loaded 2-core machine
    // that alone can take most of the default 30 s.
  }, 120_000);
});

async function databaseUrlOf(database: { db: unknown }): Promise<string> {
  const client = (database.db as { $client: { options: { connectionString: string } } }).$client;
  return client.options.connectionString;
}
