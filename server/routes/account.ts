import type { FastifyRequest } from 'fastify';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { pendingRequest, pendingResponse, registerRequest, registerResponse, deleteAccountResponse, type VerifyRequest } from '../../contract/account.ts';
import type { AppContext, ZodApp } from '../context.ts';
import type { Db } from '../infra/db/database.ts';
import { accounts, emailChanges, passwordResetTickets, type VerificationKind } from '../infra/db/schema.ts';
import { DomainError } from '../domainError.ts';
import { accountOf, requireAccount } from '../http/requireAccount.ts';
import { clearRefreshCookie } from '../http/refreshCookie.ts';
import { startSession } from '../http/startSession.ts';
import { accountSuspended, deleteAccount, findAccountByEmail, findAccountById, issueIdToken, uniqueUsername, type AccountRow } from '../domain/accounts.ts';
import { hashPassword } from '../infra/passwords.ts';
import { CODE_TTL_MINUTES, RESEND_COOLDOWN_SECONDS, checkCode, issueCode } from '../domain/verification.ts';
import { perEmailLimit, perIpLimit } from './accountRateLimits.ts';
import { requireCaptcha } from './captcha.ts';
import { isUniqueViolation } from '../infra/db/uniqueViolation.ts';

/** First language tag of Accept-Language, if it looks like one (used for mails until the user picks a language). */
export function requestLocale(request: FastifyRequest): string | null {
  const header = request.headers['accept-language'];
  const tag = typeof header === 'string' ? header.split(',')[0]?.split(';')[0]?.trim() : undefined;
  return tag && /^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8}){0,2}$/.test(tag) ? tag : null;
}

export function mailLocaleOf(account: Pick<AccountRow, 'locale' | 'language'>): string | null {
  return account.locale ?? account.language;
}

const emailTaken = () => new DomainError('EMAIL_TAKEN', 'An account with this email already exists; sign in instead', { email: 'This email is already registered' });
const noPendingCode = () => new DomainError('CODE_INVALID', 'There is no pending code for this email; ask for a new code');

async function mailCode(ctx: AppContext, kind: VerificationKind, account: AccountRow, to: string, code: string): Promise<void> {
  await ctx.mail.sendMail(kind === 'registration' ? 'VERIFY_REGISTRATION' : 'VERIFY_EMAIL_UPDATE', to, mailLocaleOf(account), {
    name: account.name,
    code,
    minutes: CODE_TTL_MINUTES,
    email: to,
  });
}

/**
 * The account whose email change to `newEmail` is pending: the signed-in one when a bearer token is sent, else the
 * only one asking for it. A suspended account reaches only its appeal, so it cannot finish or resend a change.
 */
async function emailChangeAccount(ctx: AppContext, request: FastifyRequest, newEmail: string): Promise<AccountRow | undefined> {
  const pending = await ctx.database.db
    .select({ accountId: emailChanges.accountId })
    .from(emailChanges)
    .where(and(eq(emailChanges.newEmail, newEmail), gt(emailChanges.expiresAt, new Date())));
  if (request.headers.authorization) {
    await requireAccount(ctx)(request);
    const account = accountOf(request);
    return pending.some((row) => row.accountId === account.id) ? account : undefined;
  }
  const account = pending.length === 1 ? await findAccountById(ctx.database.db, pending[0]!.accountId) : undefined;
  if (account?.suspendedAt) throw accountSuspended();
  return account;
}

/** Moves the account to its verified new address; a unique violation (someone took it meanwhile) becomes 409. */
async function applyEmailChange(tx: Db, account: AccountRow, newEmail: string): Promise<AccountRow> {
  try {
    const [updated] = await tx.update(accounts).set({ email: newEmail }).where(eq(accounts.id, account.id)).returning();
    await tx.delete(emailChanges).where(eq(emailChanges.accountId, account.id));
    // Reset links went to the old address; whoever still reads it must not get the account back through one.
    await tx
      .update(passwordResetTickets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTickets.accountId, account.id), isNull(passwordResetTickets.usedAt)));
    return updated!;
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

export function accountRoutes(app: ZodApp, ctx: AppContext): void {
  const db = ctx.database.db;

  app.post(
    '/account',
    {
      config: perIpLimit(ctx),
      preHandler: [perEmailLimit(ctx, 'register'), (request) => requireCaptcha(ctx, request)],
      schema: { body: registerRequest, response: { 201: registerResponse } },
    },
    async (request, reply) => {
      const { name, email, password } = request.body;
      if (await findAccountByEmail(db, email)) throw emailTaken();
      const passwordHash = await hashPassword(password);
      let created: { account: AccountRow; code: string };
      try {
        created = await db.transaction(async (tx) => {
          const username = await uniqueUsername(tx, name);
          const [account] = await tx
            .insert(accounts)
            .values({ name, email, username, passwordHash, isVerified: false, locale: requestLocale(request), lastPasswordUpdate: new Date() })
            .returning();
          const code = await issueCode(ctx, { accountId: account!.id, kind: 'registration', email }, tx);
          return { account: account!, code };
        });
      } catch (error) {
        // Two registrations racing for one email (or username): the loser gets the same answer as a duplicate.
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
      await mailCode(ctx, 'registration', created.account, email, created.code).catch((error: unknown) =>
        request.log.error({ err: error }, 'registration code mail failed; the user can ask for a new code'),
      );
      return reply.code(201).send({ data: { email, request: 'VERIFY_REGISTRATION' as const } });
    },
  );

  app.post(
    '/account/pending',
    { config: perIpLimit(ctx), preHandler: perEmailLimit(ctx, 'pending'), schema: { body: pendingRequest, response: { 200: pendingResponse } } },
    async (request, reply) => {
      const { email, request: kind, verificationCode } = request.body;
      const resent = { data: { email, request: kind as VerifyRequest, resendAfterSeconds: RESEND_COOLDOWN_SECONDS } };
      switch (kind) {
        case 'VERIFY_REGISTRATION': {
          const account = await findAccountByEmail(db, email);
          if (!account || account.isVerified) throw noPendingCode();
          const verified = await checkCode(ctx, { accountId: account.id, kind: 'registration', code: verificationCode! }, async (tx) => {
            const [row] = await tx.update(accounts).set({ isVerified: true }).where(eq(accounts.id, account.id)).returning();
            return row!;
          });
          // Verifying the registration code signs the new account in.
          return startSession(ctx, reply, verified);
        }
        case 'VERIFY_EMAIL_UPDATE': {
          const account = await emailChangeAccount(ctx, request, email);
          if (!account) throw noPendingCode();
          const updated = await checkCode(ctx, { accountId: account.id, kind: 'email_update', code: verificationCode! }, (tx, row) => {
            // The code went to another address than the one being confirmed.
            if (row.email !== email) throw noPendingCode();
            return applyEmailChange(tx, account, email);
          });
          return { data: { idToken: await issueIdToken(ctx, updated) } };
        }
        case 'RESEND_VERIFICATION_CODE_REGISTRATION': {
          // Unknown and already verified addresses get the same answer, and no mail.
          const account = await findAccountByEmail(db, email);
          if (account && !account.isVerified) {
            const code = await issueCode(ctx, { accountId: account.id, kind: 'registration', email });
            await mailCode(ctx, 'registration', account, email, code);
          }
          return resent;
        }
        case 'RESEND_VERIFICATION_CODE_EMAIL_UPDATE': {
          const account = await emailChangeAccount(ctx, request, email);
          if (account) {
            const code = await issueCode(ctx, { accountId: account.id, kind: 'email_update', email });
            await mailCode(ctx, 'email_update', account, email, code);
          }
          return resent;
        }
      }
    },
  );

  app.delete(
    '/account/delete',
    { preHandler: requireAccount(ctx, { allowSuspended: true }), schema: { response: { 200: deleteAccountResponse } } },
    async (request, reply) => {
      const account = accountOf(request);
      // Its refresh families go with it by cascade.
      const files = await deleteAccount(db, account.id);
      clearRefreshCookie(reply);
      // The data is gone; files and the goodbye mail are best effort.
      for (const key of files) await ctx.storage.delete(key).catch((error: unknown) => request.log.warn({ err: error, key }, 'file of deleted account not removed'));
      await ctx.mail
        .sendMail('ACCOUNT_DELETED', account.email, mailLocaleOf(account), { name: account.name })
        .catch((error: unknown) => request.log.warn({ err: error }, 'account deletion mail failed'));
      return { data: { deleted: true as const } };
    },
  );
}
