import type { APIRequestContext } from '@playwright/test';

/** contract/routes.ts TEST_HOOKS_SECRET_HEADER (the tools project does not compile contract/). */
const TEST_HOOKS_SECRET_HEADER = 'x-test-hooks-secret';

/** The header every test-hook call carries; playwright.config.ts puts the secret in the environment of the server and of the workers. */
export function testHooksHeaders(): Record<string, string> {
  const secret = process.env.BINGKAI_TEST_HOOKS_SECRET;
  if (!secret) throw new Error('BINGKAI_TEST_HOOKS_SECRET is not set: run the e2e tests through playwright.config.ts');
  return { [TEST_HOOKS_SECRET_HEADER]: secret };
}

/** POST /api/test/subscription: gives the account with this email a plan (null: the free plan). */
export function setPlan(request: APIRequestContext, email: string, plan: string | null) {
  return request.post('/api/test/subscription', { data: { email, plan }, headers: testHooksHeaders() });
}
