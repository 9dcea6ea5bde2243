import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope } from '../../contract/errorEnvelope.ts';
import { TEST_HOOKS_SECRET_HEADER } from '../../contract/routes.ts';
import { accounts } from '../infra/db/schema.ts';
import { insertCreator } from '../testing/fixtures.ts';
import { createTestApp, drivers, type TestApp } from '../testing/testApp.ts';

const SECRET = 'test-hooks-secret-0123456789';
const subscription = (t: TestApp, body: unknown, url = '/api/test/subscription', secret: string | null = SECRET) =>
  t.app.inject({ method: 'POST', url, payload: JSON.stringify(body), headers: { 'content-type': 'application/json', ...(secret === null ? {} : { [TEST_HOOKS_SECRET_HEADER]: secret }) } });
const subscriptions = async (t: TestApp) => (await t.database.db.select({ email: accounts.email, subscription: accounts.subscription }).from(accounts).orderBy(accounts.email));

describe.each(drivers)('test hooks enabled (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { testHooks: true, testHooksSecret: SECRET });
    await insertCreator(t.database.db, 'ana');
    await insertCreator(t.database.db, 'budi');
  });
  afterAll(() => t.close());

  it('sets and clears an account’s plan by email', async () => {
    const set = await subscription(t, { email: ' ANA@example.test ', plan: 'creator-diamond-monthly' });
    expect(set.statusCode, set.body).toBe(204);
    expect(await subscriptions(t)).toEqual([
      { email: 'ana@example.test', subscription: { plan: 'creator-diamond-monthly' } },
      { email: 'budi@example.test', subscription: null },
    ]);
    expect((await subscription(t, { email: 'ana@example.test', plan: null })).statusCode).toBe(204);
    const [ana] = await t.database.db.select().from(accounts).where(eq(accounts.email, 'ana@example.test'));
    expect(ana!.subscription).toBeNull();
  });

  it('answers 404 for an unknown email and 400 for bad input, changing nothing', async () => {
    await subscription(t, { email: 'budi@example.test', plan: 'premiumn' });
    const before = await subscriptions(t);
    const unknown = await subscription(t, { email: 'nobody@example.test', plan: 'premiumn' });
    expect(unknown.statusCode).toBe(404);
    expect(errorEnvelope.parse(unknown.json()).code).toBe('NOT_FOUND');
    for (const body of [{ email: 'budi@example.test' }, { email: 'not-an-email', plan: 'x' }, { email: 'budi@example.test', plan: 42 }, { email: 'budi@example.test', plan: '' }, { email: 'budi@example.test', plan: null, extra: 1 }]) {
      const response = await subscription(t, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorEnvelope.parse(response.json()).code).toBe('VALIDATION_FAILED');
    }
    expect(await subscriptions(t)).toEqual(before);
  });

  it('answers 401 without the secret, or with a wrong one, changing nothing', async () => {
    const before = await subscriptions(t);
    for (const secret of [null, '', 'wrong', SECRET.slice(0, -1), `${SECRET}x`]) {
      const response = await subscription(t, { email: 'budi@example.test', plan: 'creator-diamond-monthly' }, undefined, secret);
      expect(response.statusCode, String(secret)).toBe(401);
      expect(errorEnvelope.parse(response.json()).code).toBe('UNAUTHORIZED');
    }
    expect(await subscriptions(t)).toEqual(before);
  });

  it('is not part of the signed /api/v2 API', async () => {
    const response = await subscription(t, { email: 'ana@example.test', plan: 'premiumn' }, '/api/v2/test/subscription');
    expect(response.statusCode).toBe(404);
  });
});

describe('test hooks enabled without a secret', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { testHooks: true });
    await insertCreator(t.database.db, 'ana');
  });
  afterAll(() => t.close());

  it('refuses every call, even one sending an empty secret', async () => {
    for (const secret of [null, '']) {
      expect((await subscription(t, { email: 'ana@example.test', plan: 'creator-diamond-monthly' }, undefined, secret)).statusCode).toBe(401);
    }
    expect(await subscriptions(t)).toEqual([{ email: 'ana@example.test', subscription: null }]);
  });
});

describe.each(drivers)('test hooks disabled (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
    await insertCreator(t.database.db, 'ana');
  });
  afterAll(() => t.close());

  it('does not register the routes at all', async () => {
    const response = await subscription(t, { email: 'ana@example.test', plan: 'creator-diamond-monthly' });
    expect(response.statusCode).toBe(404);
    expect(await subscriptions(t)).toEqual([{ email: 'ana@example.test', subscription: null }]);
  });
});
