import { eq } from 'drizzle-orm';
import {
  preferenceGetQuery,
  preferenceGetResponse,
  preferenceUpdateBody,
  preferenceUpdateResponse,
  unsubscribeBody,
  unsubscribeResponse,
  type PreferenceGetResponse,
} from '../../contract/accountProfile.ts';
import type { AppContext, ZodApp } from '../context.ts';
import { accounts } from '../infra/db/schema.ts';
import { DomainError } from '../domainError.ts';
import { accountOf, requireAccount } from '../http/requireAccount.ts';
import { getGeneralPreference, getNotificationPreference, unsubscribeNotifications, updatePreference } from '../domain/preferences.ts';
import { UnsubscribeSigner } from '../domain/unsubscribe.ts';

/** GET /account/preference/get, PATCH /account/preference/update (bearer), POST /account/preference/unsubscribe (signed mail link). */
export function accountPreferenceRoutes(app: ZodApp, ctx: AppContext): void {
  const db = ctx.database.db;
  const unsubscribeSigner = new UnsubscribeSigner(ctx.signingSecret);

  async function read(accountId: string, parts: { general: boolean; notification: boolean }): Promise<PreferenceGetResponse> {
    return {
      data: {
        ...(parts.general ? { generalPreference: await getGeneralPreference(db, accountId) } : {}),
        ...(parts.notification ? { notificationPreference: await getNotificationPreference(db, accountId) } : {}),
      },
    };
  }

  app.get(
    '/account/preference/get',
    { preHandler: requireAccount(ctx), schema: { querystring: preferenceGetQuery, response: { 200: preferenceGetResponse } } },
    async (request, reply) => {
      const { general, notification } = request.query;
      // Asking for neither part means both.
      const both = !general && !notification;
      reply.header('cache-control', 'private, no-store');
      return read(accountOf(request).id, { general: both || general === true, notification: both || notification === true });
    },
  );

  app.patch(
    '/account/preference/update',
    { preHandler: requireAccount(ctx), schema: { body: preferenceUpdateBody, response: { 200: preferenceUpdateResponse } } },
    async (request) => {
      const account = accountOf(request);
      const { type, ...fields } = request.body;
      if (Object.values(fields).every((value) => value === undefined)) {
        throw new DomainError('VALIDATION_FAILED', 'Send at least one preference field to update', { body: 'No preference field was set' });
      }
      await updatePreference(db, account.id, request.body);
      return read(account.id, { general: type === 'general', notification: type === 'notification' });
    },
  );

  app.post('/account/preference/unsubscribe', { schema: { body: unsubscribeBody, response: { 200: unsubscribeResponse } } }, async (request) => {
    const { email, type, token } = request.body;
    if (!unsubscribeSigner.verify(email, type, token)) {
      throw new DomainError('FORBIDDEN', 'This unsubscribe link is not valid; use the link from your latest email', { token: 'Signature does not match' });
    }
    const [account] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, email)).limit(1);
    // A deleted account gets no mail anyway; the link still answers success.
    if (account) await unsubscribeNotifications(db, account.id, type);
    return { data: { email, type, unsubscribed: true as const } };
  });
}
