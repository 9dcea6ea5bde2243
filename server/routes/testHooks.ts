import { randomUUID, timingSafeEqual } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { emailField } from '../../contract/account.ts';
import { TEST_HOOKS_SECRET_HEADER } from '../../contract/routes.ts';
import type { AppContext, ZodApp } from '../context.ts';
import { accounts, campaigns } from '../infra/db/schema.ts';
import { DomainError, notFound } from '../domainError.ts';
import { refreshLeaderboard } from '../domain/leaderboard.ts';
import { runNotificationJobs } from '../domain/notificationMail.ts';
import { runBillingJobs } from '../domain/billingJobs.ts';
import { setStaffRole } from '../domain/staff.ts';
import type { JobQueue } from '../infra/jobs/jobQueue.ts';

export const TEST_HOOKS_PREFIX = '/api/test';

/** A job that records each of its runs as a file dataDir/test-job-runs/<run>.<pid>.<uuid>: a test counts them. */
export const TEST_RECORD_RUN_JOB = 'test-record-run';
export const TEST_JOB_RUNS_DIR = 'test-job-runs';
const recordRunBody = z.strictObject({ run: z.string().regex(/^[A-Za-z0-9-]{1,64}$/) });

/** Registers the test hooks' job; before the queue starts, and only with the hooks on (buildApp). */
export function registerTestJobs(queue: JobQueue, dataDir: string): void {
  queue.register<{ run: string }>(
    TEST_RECORD_RUN_JOB,
    async ({ run }) => {
      const dir = join(dataDir, TEST_JOB_RUNS_DIR);
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, `${recordRunBody.parse({ run }).run}.${process.pid}.${randomUUID()}`), '');
    },
    { retryLimit: 0 },
  );
}

const subscriptionBody = z.strictObject({
  email: emailField,
  /** A plan name (contract/plan.ts), or null for the free plan. */
  plan: z.string().trim().min(1).max(60).nullable(),
});

/** True when the header holds the secret; compared in constant time, and never true for an empty secret. */
function holdsSecret(secret: string, request: FastifyRequest): boolean {
  const header = request.headers[TEST_HOOKS_SECRET_HEADER];
  if (!secret || typeof header !== 'string') return false;
  const given = Buffer.from(header);
  const expected = Buffer.from(secret);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Test-only shortcuts, registered under /api/test when BINGKAI_TEST_HOOKS is set (never in production, see
 * config.ts). Purchasing comes later; the end-to-end tests give an account a plan through here. Every call must
 * carry BINGKAI_TEST_HOOKS_SECRET: a server started with the hooks on a reachable port is otherwise a free plan
 * for anyone who finds it. Checked before the body is read, so a caller without it learns nothing.
 */
export function testHookRoutes(app: ZodApp, ctx: AppContext): void {
  app.addHook('onRequest', async (request) => {
    if (!holdsSecret(ctx.config.testHooksSecret, request)) throw new DomainError('UNAUTHORIZED', `The ${TEST_HOOKS_SECRET_HEADER} header is missing or wrong`);
  });
  app.post('/subscription', { schema: { body: subscriptionBody } }, async (request, reply) => {
    const { email, plan } = request.body;
    const updated = await ctx.database.db
      .update(accounts)
      .set({ subscription: plan === null ? null : { plan } })
      .where(eq(accounts.email, email))
      .returning({ id: accounts.id });
    if (updated.length === 0) throw notFound('No account has this email');
    return reply.code(204).send();
  });
  // The staff role, which production grants only from the command line (scripts/staff.ts): an e2e test makes its moderator.
  const staffBody = z.strictObject({ email: emailField, staff: z.boolean() });
  app.post('/staff', { schema: { body: staffBody } }, async (request, reply) => {
    await setStaffRole(ctx.database.db, request.body.email, request.body.staff);
    return reply.code(204).send();
  });
  // The leaderboard refreshes on a schedule; a test recomputes it at once after seeding supports.
  app.post('/leaderboard/refresh', async (_request, reply) => {
    await refreshLeaderboard(ctx.database.db);
    return reply.code(204).send();
  });
  // A campaign "already supported" by many: the next real support counts on from here (milestones without 99 browsers).
  const supportersBody = z.strictObject({ uri: z.string().min(1).max(120), supporters: z.number().int().min(0).max(1_000_000) });
  app.post('/campaign-supporters', { schema: { body: supportersBody } }, async (request, reply) => {
    const updated = await ctx.database.db
      .update(campaigns)
      .set({ supportersCount: request.body.supporters })
      .where(eq(campaigns.uri, request.body.uri))
      .returning({ id: campaigns.id });
    if (updated.length === 0) throw notFound('No campaign has this link');
    return reply.code(204).send();
  });
  // The notification jobs run on a schedule; a test runs them at once (trending, recaps, the notification mail).
  app.post('/notifications/run', async (request) => ({
    data: await runNotificationJobs(ctx.database.db, ctx.mail, { publicUrl: ctx.config.publicUrl, signingSecret: ctx.signingSecret, log: request.log }),
  }));
  // Hands a job to the queue, which any instance may run: a test checks it runs once (server/twoInstances.test.ts).
  app.post('/jobs/record-run', { schema: { body: recordRunBody } }, async (request, reply) => {
    await ctx.jobs.enqueue(TEST_RECORD_RUN_JOB, { run: request.body.run });
    return reply.code(204).send();
  });
  // The billing jobs as if the clock read `now`: a test ends a plan or expires an order without waiting for it.
  const billingRunBody = z.strictObject({ now: z.number().int().min(0).optional() }).optional();
  app.post('/billing/run', { schema: { body: billingRunBody } }, async (request) => {
    const { skipped: _skipped, ...counts } = await runBillingJobs(ctx.database.db, ctx.mail, {
      publicUrl: ctx.config.publicUrl,
      renewalReminderDays: ctx.config.payments.renewalReminderDays,
      log: request.log,
      ...(request.body?.now === undefined ? {} : { now: new Date(request.body.now) }),
    });
    return { data: counts };
  });
}
