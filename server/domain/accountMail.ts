import { eq } from 'drizzle-orm';
import type { Db } from '../infra/db/database.ts';
import { accounts } from '../infra/db/schema.ts';
import type { JobEnqueuer, JobHandler } from '../infra/jobs/jobQueue.ts';
import type { Mailer } from '../infra/mail/mailer.ts';
import type { MailKind } from '../infra/mail/mailTemplates.ts';

/** A notice mail to an account that the request need not wait for (server/backgroundJobs.ts). */
export const ACCOUNT_MAIL_JOB = 'account-mail';

/**
 * The mails an account is told of after the fact; each needs only the account's name. The code, reset-link and
 * email-change mails stay in their requests: they are what the person waits for, and the route answers with an
 * error when they cannot be sent. ACCOUNT_DELETED stays too: once the row is gone only the request knows the
 * address, and a job would keep it in the queue's tables after the deletion.
 */
export type AccountNoticeKind = Extract<MailKind, 'PASSWORD_CHANGED' | 'APPEAL_RECEIVED'>;

/** Only the account's id travels: its address and name are read when the mail goes out, so the queue keeps no personal data. */
export type AccountMailJob = { kind: AccountNoticeKind; accountId: string };

/** Hands the mail to the queue; a queue that cannot take it is logged: the request's own work is done. */
export async function enqueueAccountMail(jobs: JobEnqueuer, job: AccountMailJob, log: { warn(obj: object, msg: string): void }): Promise<void> {
  await jobs.enqueue(ACCOUNT_MAIL_JOB, job).catch((error: unknown) => log.warn({ err: error, kind: job.kind }, 'account mail not enqueued'));
}

/** Sends it, in the account's language; an account deleted since gets nothing. A failed send throws, so the queue retries. */
export function accountMailJob(db: Db, mailer: Mailer): JobHandler<AccountMailJob> {
  return async ({ kind, accountId }) => {
    const [account] = await db.select({ email: accounts.email, name: accounts.name, locale: accounts.locale, language: accounts.language }).from(accounts).where(eq(accounts.id, accountId));
    if (!account) return;
    await mailer.sendMail(kind, account.email, account.locale ?? account.language, { name: account.name });
  };
}
