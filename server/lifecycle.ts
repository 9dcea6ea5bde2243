import type { FastifyInstance } from 'fastify';
import type { Database } from './infra/db/database.ts';

/**
 * Stops accepting connections, lets in-flight requests finish, then closes the database. Closing the app stops the
 * job queue first (its preClose hook: no new jobs, running ones finish) and releases it on close.
 */
export async function shutdown(app: FastifyInstance, database?: Database): Promise<void> {
  await app.close();
  await database?.close();
}

/** On SIGTERM/SIGINT: shut down cleanly and exit 0 (1 if closing failed or took over timeoutMs). */
export function installSignalHandlers(app: FastifyInstance, database?: Database, timeoutMs = 15_000): void {
  onShutdownSignal(() => shutdown(app, database), app.log, timeoutMs);
}

/** On the first SIGTERM/SIGINT runs `stop`, then exits 0 (1 if it failed or took over timeoutMs); the web server and the worker share it. */
export function onShutdownSignal(stop: () => Promise<void>, log: { info(obj: object, msg: string): void; error(obj: object | string, msg?: string): void }, timeoutMs = 15_000): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      log.error('shutdown timed out');
      process.exit(1);
    }, timeoutMs);
    timer.unref();
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
}
