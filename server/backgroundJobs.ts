import type { BaseLogger } from 'pino';
import type { AppConfig } from './config.ts';
import { ACCOUNT_MAIL_JOB, accountMailJob } from './domain/accountMail.ts';
import { billingJob } from './domain/billingJobs.ts';
import { CAMPAIGN_PREVIEWS_CATCH_UP_JOB, CAMPAIGN_PREVIEWS_CATCH_UP_MS, CAMPAIGN_PREVIEWS_JOB, campaignPreviewsCatchUpJob, campaignPreviewsJob } from './domain/campaignPreviews.ts';
import { BILLING_MAIL_JOB, billingMailJob } from './domain/billingMail.ts';
import { leaderboardRefreshJob } from './domain/leaderboard.ts';
import { notificationJob } from './domain/notificationMail.ts';
import { uploadSweepIntervalMs, uploadSweepJob } from './domain/uploadSweep.ts';
import type { CacheBus } from './infra/cacheBus.ts';
import type { Database } from './infra/db/database.ts';
import type { JobQueue } from './infra/jobs/jobQueue.ts';
import type { Mailer } from './infra/mail/mailer.ts';
import type { NonceStore } from './infra/nonceStore.ts';
import type { FileStorage } from './infra/storage/storage.ts';

export const NONCE_PURGE_INTERVAL_MS = 10 * 60_000;

export interface BackgroundJobDeps {
  config: AppConfig;
  database: Database;
  storage: FileStorage;
  cacheBus: CacheBus;
  mail: Mailer;
  nonces: NonceStore;
  signingSecret: Uint8Array;
  log: Pick<BaseLogger, 'info' | 'warn' | 'error'>;
}

/**
 * Registers every background job on the queue, for the web process and `npm run worker` alike (server/worker.ts):
 * the recurring passes, each at its configured interval (0 turns one off) and once per occurrence across instances,
 * and the one-off jobs routes hand over. The recurring passes log their own failures and the next occurrence is
 * their retry, so they take no retries of the queue's.
 */
export function registerBackgroundJobs(queue: JobQueue, deps: BackgroundJobDeps): void {
  const { config, database, storage, mail, log } = deps;
  const once = { retryLimit: 0 };

  queue.register(
    'nonce-purge',
    async () => {
      await deps.nonces.purgeExpired().catch((error: unknown) => log.warn({ err: error }, 'nonce purge failed'));
    },
    once,
  );
  queue.every('nonce-purge', NONCE_PURGE_INTERVAL_MS);

  queue.register('upload-sweep', uploadSweepJob(storage, { maxAgeSeconds: config.uploadTtlSeconds, log, campaignImages: { db: database.db, storage } }), once);
  queue.every('upload-sweep', uploadSweepIntervalMs(config.uploadTtlSeconds), { runAtStart: true });

  queue.register('leaderboard-refresh', leaderboardRefreshJob(database.db, log), once);
  // At start too, so a fresh server has a board.
  if (config.leaderboardRefreshMs > 0) queue.every('leaderboard-refresh', config.leaderboardRefreshMs, { runAtStart: true });

  // Trending, weekly recaps and the notification mail: a request never sends them.
  queue.register('notifications', notificationJob(database.db, mail, { publicUrl: config.publicUrl, signingSecret: deps.signingSecret, log }), once);
  if (config.notificationJobMs > 0) queue.every('notifications', config.notificationJobMs, { runAtStart: true });

  // Expire stale orders, remind before a period ends, end lapsed plans; a start has nothing urgent to do.
  queue.register('billing', billingJob(database.db, mail, { publicUrl: config.publicUrl, renewalReminderDays: config.payments.renewalReminderDays, log }), once);
  if (config.payments.billingJobMs > 0) queue.every('billing', config.payments.billingJobMs);

  // A campaign's thumbnail and link-preview images after a create or an edit (retried: a storage hiccup is passing),
  // and a pass that makes those a lost enqueue left missing.
  const previews = { db: database.db, storage, cacheBus: deps.cacheBus };
  queue.register(CAMPAIGN_PREVIEWS_JOB, campaignPreviewsJob(previews), { retryLimit: 5, retryDelayMs: 5_000, backoff: true });
  queue.register(CAMPAIGN_PREVIEWS_CATCH_UP_JOB, campaignPreviewsCatchUpJob(previews, log), once);
  queue.every(CAMPAIGN_PREVIEWS_CATCH_UP_JOB, CAMPAIGN_PREVIEWS_CATCH_UP_MS);

  // A webhook's receipt or payment-failed mail: retried with backoff over about an hour (1 + 2 + 4 + … minutes).
  const mailRetries = { retryLimit: 6, retryDelayMs: 60_000, backoff: true };
  queue.register(BILLING_MAIL_JOB, billingMailJob({ db: database.db, mailer: mail, log }), mailRetries);
  // Notices after a password change or an appeal (the code and reset mails stay in their requests: see accountMail.ts).
  queue.register(ACCOUNT_MAIL_JOB, accountMailJob(database.db, mail), mailRetries);
}
