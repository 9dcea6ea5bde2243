import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { emailField } from '../../contract/account.ts';
import type { AppContext, ZodApp } from '../context.ts';
import { accounts } from '../infra/db/schema.ts';
import { notFound } from '../domainError.ts';

export const TEST_HOOKS_PREFIX = '/api/test';

const subscriptionBody = z.strictObject({
  email: emailField,
  /** A plan name (contract/plan.ts), or null for the free plan. */
  plan: z.string().trim().min(1).max(60).nullable(),
});

/**
 * Test-only shortcuts, registered under /api/test when BINGKAI_TEST_HOOKS is set (never in production, see
 * config.ts). Purchasing comes later; the end-to-end tests give an account a plan through here.
 */
export function testHookRoutes(app: ZodApp, ctx: AppContext): void {
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
}
