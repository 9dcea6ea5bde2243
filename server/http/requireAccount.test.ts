import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../context.ts';
import { loadConfig } from '../config.ts';
import { accounts } from '../infra/db/schema.ts';
import { bumpTokenVersion, issueIdToken } from '../domain/accounts.ts';
import { createTokenService } from '../infra/tokens.ts';
import { insertCreator } from '../testing/fixtures.ts';
import { createTestDatabase, drivers, type TestDatabase } from '../testing/testApp.ts';
import { installErrorHandler } from './errorHandler.ts';
import { accountOf, requireAccount } from './requireAccount.ts';

describe.each(drivers)('requireAccount (%s)', (driver) => {
  let database: TestDatabase;
  let ctx: AppContext;
  const app = Fastify();
  beforeAll(async () => {
    database = await createTestDatabase(driver);
    const tokens = await createTokenService(loadConfig({ TOKEN_PRIVATE_KEY: JSON.stringify(await generatePrivateJwk()) }));
    ctx = { database, tokens, storage: { publicUrl: (key: string) => `/files/${key}` } } as unknown as AppContext;
    installErrorHandler(app);
    app.get('/me', { preHandler: requireAccount(ctx) }, async (request) => ({ username: accountOf(request).username }));
    app.get('/appeal', { preHandler: requireAccount(ctx, { allowSuspended: true }) }, async (request) => ({ username: accountOf(request).username }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  const get = (url: string, authorization?: string) => app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });

  it('lets a valid bearer token through and sets request.account', async () => {
    const account = await insertCreator(database.db, 'hook-user');
    const token = await issueIdToken(ctx, account);
    const response = await get('/me', `Bearer ${token}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ username: 'hook-user' });
  });

  it('answers 401 for a missing, malformed or killed token', async () => {
    const account = await insertCreator(database.db, 'killed-user');
    const token = await issueIdToken(ctx, account);
    for (const header of [undefined, 'Basic abc', 'Bearer', `Bearer ${token}x`, token]) {
      const response = await get('/me', header);
      expect(response.statusCode, String(header)).toBe(401);
      expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    }
    await bumpTokenVersion(database.db, account.id);
    expect((await get('/me', `Bearer ${token}`)).json()).toMatchObject({ code: 'UNAUTHORIZED', message: 'Your session has ended; sign in again' });
  });

  it('answers 403 ACCOUNT_SUSPENDED for suspended accounts unless the route opts in', async () => {
    const account = await insertCreator(database.db, 'suspended-user');
    await database.db.update(accounts).set({ suspendedAt: new Date() }).where(eq(accounts.id, account.id));
    const token = await issueIdToken(ctx, account);
    const refused = await get('/me', `Bearer ${token}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'ACCOUNT_SUSPENDED' });
    const allowed = await get('/appeal', `Bearer ${token}`);
    expect(allowed.statusCode).toBe(200);
  });
});

async function generatePrivateJwk() {
  const { exportJWK, generateKeyPair } = await import('jose');
  const pair = await generateKeyPair('ES256', { extractable: true });
  return exportJWK(pair.privateKey);
}
