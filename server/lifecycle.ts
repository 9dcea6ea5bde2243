import type { FastifyInstance } from 'fastify';
import type { Database } from './infra/db/database.ts';

/** Stops accepting connections, lets in-flight requests finish, then closes the database. */
export async function shutdown(app: FastifyInstance, database?: Database): Promise<void> {
  await app.close();
  await database?.close();
}

/** On SIGTERM/SIGINT: shut down cleanly and exit 0 (1 if closing failed or took over timeoutMs). */
export function installSignalHandlers(app: FastifyInstance, database?: Database, timeoutMs = 15_000): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out');
      process.exit(1);
    }, timeoutMs);
    timer.unref();
    shutdown(app, database).then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
}
