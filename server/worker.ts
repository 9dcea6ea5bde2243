/**
 * `npm run worker`: runs the job queue's workers and recurring jobs (server/backgroundJobs.ts) with the web
 * server's configuration and database, and no HTTP. With JOBS_IN_WEB=0 on the web processes, the workers run only
 * here, scaled apart (docs/DEPLOY.md). On SIGTERM/SIGINT it stops taking jobs, lets the running ones finish, then
 * closes the queue, the mailer, Redis and the database, in that order.
 */
import { pathToFileURL } from 'node:url';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { registerBackgroundJobs } from './backgroundJobs.ts';
import { loadConfig, resolveSigningSecret, type AppConfig } from './config.ts';
import { createCacheBus } from './infra/cacheBus.ts';
import { openDatabase } from './infra/db/database.ts';
import { createJobQueue } from './infra/jobs/createJobQueue.ts';
import { createMailer } from './infra/mail/mailer.ts';
import { createNonceStore } from './infra/nonceStore.ts';
import { createStorage } from './infra/storage/createStorage.ts';
import { UrlSigner } from './infra/storage/urlSigning.ts';
import { onShutdownSignal } from './lifecycle.ts';

/** Starts the workers; the returned stop is what a signal runs. */
export async function startWorker(config: AppConfig = loadConfig()) {
  // PGlite's files belong to the one process that opened them: the web process, which runs the jobs itself.
  if (!config.databaseUrl) throw new Error('npm run worker needs DATABASE_URL (PostgreSQL): on the embedded PGlite database the web process runs the jobs');
  const log = pino({ level: config.logLevel });
  const database = await openDatabase(config);
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  const signingSecret = await resolveSigningSecret(config);
  const storage = createStorage(config, new UrlSigner(signingSecret));
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : undefined;
  redis?.on('error', (error) => log.warn({ err: error }, 'redis error'));
  // Drops the web processes' cached campaign reads when a job changes a campaign (its previews).
  const cacheBus = await createCacheBus(redis ? { client: redis, prefix: config.redisPrefix } : undefined, (error) => log.warn({ err: error }, 'cache bus error'));
  // The same store as the web process's, so the nonce purge sweeps what the web process claims.
  const nonces = createNonceStore(database, redis ? { client: redis, prefix: `${config.redisPrefix}nonce:` } : undefined, { perClient: config.noncesPerClient });
  const mail = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log });
  const jobs = createJobQueue({ database, log });
  registerBackgroundJobs(jobs, { config, database, storage, cacheBus, mail, nonces, signingSecret, log });
  await jobs.start();
  log.info({ database: database.driver, queue: jobs.driver }, 'Bingkai worker is running');
  const stop = async () => {
    await jobs.stop();
    await jobs.close();
    mail.close();
    await cacheBus.close();
    await redis?.quit().catch(() => redis.disconnect());
    await database.close();
  };
  return { stop, log };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  startWorker().then(
    ({ stop, log }) => onShutdownSignal(stop, log),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
