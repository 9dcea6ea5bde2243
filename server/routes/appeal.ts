import { eq } from 'drizzle-orm';
import { CAPTCHA_HEADER } from '../../contract/account.ts';
import { appealBody, appealResponse, presignedAppealBody, presignedAppealResponse } from '../../contract/accountProfile.ts';
import type { AppContext, ZodApp } from '../context.ts';
import { accounts } from '../infra/db/schema.ts';
import { DomainError } from '../domainError.ts';
import { accountOf, requireAccount } from '../http/requireAccount.ts';
import { appealState, assertCanAppeal, submitAppeal } from '../domain/appeals.ts';
import { enqueueAccountMail } from '../domain/accountMail.ts';
import { adoptImageUpload, presignImageUpload } from '../domain/uploads.ts';

/** The suspended account's only API: appeal status, evidence upload, appeal submission (captcha required). */
export function appealRoutes(app: ZodApp, ctx: AppContext): void {
  const db = ctx.database.db;
  const signedIn = requireAccount(ctx, { allowSuspended: true });

  app.get('/account/appeal', { preHandler: signedIn, schema: { response: { 200: appealResponse } } }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return { data: await appealState(db, ctx.storage, accountOf(request)) };
  });

  app.post('/account/presigned/appeal', { preHandler: signedIn, schema: { body: presignedAppealBody, response: { 200: presignedAppealResponse } } }, async (request) => {
    const account = accountOf(request);
    assertCanAppeal(account);
    return { data: await presignImageUpload(ctx.storage, 'appeal', account.uuid, request.body.contentType) };
  });

  app.post('/account/appeal', { preHandler: signedIn, schema: { body: appealBody, response: { 200: appealResponse } } }, async (request) => {
    const account = accountOf(request);
    assertCanAppeal(account);
    const captcha = request.headers[CAPTCHA_HEADER];
    if (!(await ctx.captcha.verify(typeof captcha === 'string' ? captcha : undefined))) {
      throw new DomainError('CAPTCHA_INVALID', 'Complete the captcha to send your appeal', { [CAPTCHA_HEADER]: 'Missing or not solved' });
    }
    const fileKey = request.body.file
      ? await adoptImageUpload(ctx.storage, { key: request.body.file, purpose: 'appeal', accountUuid: account.uuid, destination: `appeals/${account.uuid}` })
      : null;
    try {
      await submitAppeal(db, account, { message: request.body.message, fileKey });
    } catch (error) {
      if (fileKey) await ctx.storage.delete(fileKey);
      throw error;
    }
    await enqueueAccountMail(ctx.jobs, { kind: 'APPEAL_RECEIVED', accountId: account.id }, request.log);
    const [fresh] = await db.select().from(accounts).where(eq(accounts.id, account.id)).limit(1);
    return { data: await appealState(db, ctx.storage, fresh!) };
  });
}
