import type { FastifyReply } from 'fastify';
import type { AppContext } from '../context.ts';
import { issueIdToken, type AccountRow } from '../domain/accounts.ts';
import { startRefreshFamily } from '../domain/refreshTokens.ts';
import { setRefreshCookie } from './refreshCookie.ts';

/**
 * A sign-in's answer: a short-lived ID (access) token for the body, and a new refresh-token family whose first
 * token goes into the HttpOnly cookie. Every route that signs someone in answers through this.
 */
export async function startSession(ctx: AppContext, reply: FastifyReply, account: AccountRow): Promise<{ data: { idToken: string } }> {
  const token = await startRefreshFamily(ctx.database.db, account, { ttlSeconds: ctx.config.refreshTtlSeconds });
  setRefreshCookie(reply, token, ctx.config.refreshTtlSeconds);
  return { data: { idToken: await issueIdToken(ctx, account) } };
}
