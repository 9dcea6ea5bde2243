import { pathToFileURL } from 'node:url';
import { buildApp } from './app.ts';
import { loadConfig, type AppConfig } from './config.ts';
import { openDatabase, type Database } from './infra/db/database.ts';
import { installSignalHandlers } from './lifecycle.ts';

export interface StartOptions {
  /** Runs after migrations and before listening (npm start seeds demo data here). */
  beforeListen?: (database: Database, config: AppConfig) => Promise<void>;
}

/** Opens and migrates the database, builds the app, listens, and shuts down cleanly on SIGTERM/SIGINT. */
export async function startServer(config: AppConfig = loadConfig(), options: StartOptions = {}) {
  const database = await openDatabase(config);
  try {
    await database.migrate();
    await options.beforeListen?.(database, config);
  } catch (error) {
    await database.close();
    throw error;
  }
  const app = await buildApp(config, { database });
  installSignalHandlers(app, database);
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shown = config.publicUrl || `http://${config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host}:${port}`;
  app.log.info(`Bingkai is running at ${shown} (database: ${database.driver})`);
  return { app, database };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  startServer().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
