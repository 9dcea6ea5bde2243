import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { facebookCheckBody, facebookCheckResponse, facebookDeletionCallbackResponse } from '../../contract/accountProfile.ts';
import type { AppContext, ZodApp } from '../context.ts';
import { accountIdentities, facebookDeletions } from '../infra/db/schema.ts';
import { DomainError } from '../domainError.ts';
import { removeSocialData } from '../domain/socialAccounts.ts';
import { parseFacebookSignedRequest } from '../infra/social/facebookSignedRequest.ts';

export const FACEBOOK_DELETION_CALLBACK_PATH = '/account/auth/facebook/data-deletion';

const callbackBody = z.object({ signed_request: z.string({ error: 'signed_request is required' }).min(1, 'signed_request is required').max(8192) });

/**
 * Facebook's data-deletion callback (not request-signed: Facebook calls it, authenticated by the app-secret HMAC
 * of `signed_request`). Removes what came from that Facebook user and answers the status link and code.
 */
export function facebookDeletionCallbackRoutes(app: ZodApp, ctx: AppContext): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.post(FACEBOOK_DELETION_CALLBACK_PATH, { schema: { body: callbackBody, response: { 200: facebookDeletionCallbackResponse } } }, async (request) => {
    const secret = ctx.config.facebookAppSecret;
    if (!secret) throw new DomainError('UNAVAILABLE', 'Facebook sign-in is not configured on this server');
    const signed = parseFacebookSignedRequest(request.body.signed_request, secret);
    if (!signed) throw new DomainError('BAD_REQUEST', 'signed_request is malformed or its signature does not match', { signed_request: 'Invalid signature' });
    const db = ctx.database.db;
    const confirmationCode = randomBytes(12).toString('hex');
    const [identity] = await db
      .select({ accountId: accountIdentities.accountId })
      .from(accountIdentities)
      .where(and(eq(accountIdentities.provider, 'facebook'), eq(accountIdentities.subject, signed.userId)))
      .limit(1);
    if (identity) await removeSocialData(ctx, identity.accountId, 'facebook');
    await db.insert(facebookDeletions).values({ confirmationCode, subject: signed.userId, status: identity ? 'DELETED' : 'NOT_FOUND_ACCOUNT' });
    return { url: `${ctx.config.publicUrl}/delete-account/facebook?code=${confirmationCode}`, confirmation_code: confirmationCode };
  });
}

/** POST /account/auth/check/facebook: the status page's lookup by confirmation code. */
export function facebookDeletionRoutes(app: ZodApp, ctx: AppContext): void {
  app.post('/account/auth/check/facebook', { schema: { body: facebookCheckBody, response: { 200: facebookCheckResponse } } }, async (request) => {
    const [row] = await ctx.database.db.select().from(facebookDeletions).where(eq(facebookDeletions.confirmationCode, request.body.code)).limit(1);
    if (!row) throw new DomainError('NOT_FOUND', 'No deletion request has this confirmation code');
    return { data: { code: row.confirmationCode, status: row.status as 'DELETED' | 'NOT_FOUND_ACCOUNT', requestedAt: row.createdAt.getTime() } };
  });
}
