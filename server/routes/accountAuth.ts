import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  forgotPasswordRequest,
  forgotPasswordResponse,
  idTokenResponse,
  logoutAllResponse,
  logoutResponse,
  nativeSignInRequest,
  refreshRequest,
  refreshResponse,
  resetPasswordRequest,
  resetPasswordResponse,
} from '../../contract/account.ts';
import type { AppContext, ZodApp } from '../context.ts';
import { accounts, passwordResetTickets, verificationCodes } from '../infra/db/schema.ts';
import { DomainError } from '../domainError.ts';
import { accountOf, requireAccount } from '../http/requireAccount.ts';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from '../http/refreshCookie.ts';
import { startSession } from '../http/startSession.ts';
import { accountDetailsFor, endAllSessions, endPendingEmailChange, findAccountByEmail, issueIdToken } from '../domain/accounts.ts';
import { endRefreshFamilyOf, rotateRefreshToken } from '../domain/refreshTokens.ts';
import { pendingEmailChange } from '../domain/emailChanges.ts';
import { enqueueAccountMail } from '../domain/accountMail.ts';
import { hashPassword, verifyPassword } from '../infra/passwords.ts';
import { CODE_TTL_MINUTES, issueCode } from '../domain/verification.ts';
import { mailLocaleOf } from './account.ts';
import { perEmailLimit, perIpLimit, signInSlowdown } from './accountRateLimits.ts';

export const RESET_TICKET_TTL_MINUTES = 60;

const ticketHash = (ticket: string) => createHash('sha256').update(ticket).digest('base64url');

export function accountAuthRoutes(app: ZodApp, ctx: AppContext): void {
  const db = ctx.database.db;

  app.post(
    '/account/auth/native',
    { config: perIpLimit(ctx), ...signInSlowdown(ctx), schema: { body: nativeSignInRequest, response: { 200: idTokenResponse } } },
    async (request, reply) => {
      const { email, password } = request.body;
      const account = await findAccountByEmail(db, email);
      // Runs argon2 even without an account, so the answer time does not tell whether the email exists.
      const matches = await verifyPassword(account?.passwordHash, password);
      if (!account || !matches) throw new DomainError('INVALID_CREDENTIALS', 'The email or password is wrong');
      if (!account.isVerified) {
        try {
          const code = await issueCode(ctx, { accountId: account.id, kind: 'registration', email: account.email });
          await ctx.mail.sendMail('VERIFY_REGISTRATION', account.email, mailLocaleOf(account), { name: account.name, code, minutes: CODE_TTL_MINUTES, email: account.email });
        } catch (error) {
          // A code sent less than a minute ago is still good: no new one.
          if (!(error instanceof DomainError && error.code === 'RATE_LIMITED')) throw error;
        }
        throw new DomainError('ACCOUNT_NOT_VERIFIED', 'Verify your email first: we sent a 6-digit code to your inbox');
      }
      return startSession(ctx, reply, account);
    },
  );

  // The credential is the refresh cookie alone: an ID token, even a valid one, cannot buy a new one, so a stolen
  // ID token dies when it expires. Cross-site requests cannot use the cookie: it is SameSite=Strict, and every
  // route here also needs the signed x-request-token header, which a cross-site form or fetch cannot send
  // without a CORS preflight this server never grants; the answer is readable by the site's own scripts only.
  app.post('/account/auth/refresh', { schema: { body: refreshRequest.optional(), response: { 200: refreshResponse } } }, async (request, reply) => {
    const token = readRefreshCookie(request);
    if (!token) throw new DomainError('UNAUTHORIZED', 'Sign in to continue');
    const rotation = await rotateRefreshToken(db, token, { ttlSeconds: ctx.config.refreshTtlSeconds }).catch((error: unknown) => {
      // A refused cookie is of no use to the browser any more; an outage must not cost it a good one.
      if (error instanceof DomainError) clearRefreshCookie(reply);
      throw error;
    });
    const { account } = rotation;
    if (rotation.token) setRefreshCookie(reply, rotation.token, ctx.config.refreshTtlSeconds);
    const idToken = await issueIdToken(ctx, account);
    if (!request.body?.profile) return { data: { idToken } };
    const flag = { suspended: account.suspendedAt !== null, appealStatus: account.appealStatus, suspendedAt: account.suspendedAt?.getTime() ?? null };
    const profile = { flag, account: accountDetailsFor(account, ctx.storage), emailUpdate: await pendingEmailChange(db, account.id), applyMonetization: account.applyMonetization };
    return { data: { idToken, profile } };
  });

  // Sign-out on this device: its refresh family ends (the ID token it holds runs out within TOKEN_TTL_SECONDS).
  // No bearer needed: the ID token may have expired already. Answers the same with or without a cookie.
  app.post('/account/auth/logout', { schema: { response: { 200: logoutResponse } } }, async (request, reply) => {
    const token = readRefreshCookie(request);
    if (token) await endRefreshFamilyOf(db, token);
    clearRefreshCookie(reply);
    return { data: { signedOut: true as const } };
  });

  app.post(
    '/account/auth/logout-all',
    { preHandler: requireAccount(ctx, { allowSuspended: true }), schema: { response: { 200: logoutAllResponse } } },
    async (request, reply) => {
      // Ends every refresh family too: each remembers the token_version it started under.
      await endAllSessions(db, accountOf(request).id);
      clearRefreshCookie(reply);
      return { data: { signedOut: true as const } };
    },
  );

  app.post(
    '/account/forgot-password',
    { config: perIpLimit(ctx), preHandler: perEmailLimit(ctx, 'forgot-password'), schema: { body: forgotPasswordRequest, response: { 200: forgotPasswordResponse } } },
    async (request) => {
      const account = await findAccountByEmail(db, request.body.email);
      // Not awaited: the answer must take as long for an unknown address as for a known one, so the ticket write
      // and the mail (work only a known address causes) happen after it.
      if (account) {
        void (async () => {
          const ticket = randomBytes(32).toString('base64url');
          await db.insert(passwordResetTickets).values({
            ticketHash: ticketHash(ticket),
            accountId: account.id,
            expiresAt: new Date(Date.now() + RESET_TICKET_TTL_MINUTES * 60_000),
          });
          const link = `${ctx.config.publicUrl}/reset-password?ticket=${ticket}`;
          await ctx.mail.sendMail('RESET_PASSWORD', account.email, mailLocaleOf(account), { name: account.name, link, minutes: RESET_TICKET_TTL_MINUTES });
        })().catch((error: unknown) => request.log.error({ err: error }, 'password reset link not sent'));
      }
      return { data: { sent: true as const } };
    },
  );

  app.patch(
    '/account/forgot-password',
    { config: perIpLimit(ctx), schema: { body: resetPasswordRequest, response: { 200: resetPasswordResponse } } },
    async (request, reply) => {
      const { ticketId, newPassword } = request.body;
      const passwordHash = await hashPassword(newPassword);
      const account = await db.transaction(async (tx) => {
        const [ticket] = await tx
          .update(passwordResetTickets)
          .set({ usedAt: new Date() })
          .where(and(eq(passwordResetTickets.ticketHash, ticketHash(ticketId)), isNull(passwordResetTickets.usedAt), gt(passwordResetTickets.expiresAt, new Date())))
          .returning({ accountId: passwordResetTickets.accountId });
        if (!ticket) return undefined;
        // Every other open link dies too; the mailbox owner proved themselves, so the account counts as verified.
        await tx
          .update(passwordResetTickets)
          .set({ usedAt: new Date() })
          .where(and(eq(passwordResetTickets.accountId, ticket.accountId), isNull(passwordResetTickets.usedAt)));
        await tx.delete(verificationCodes).where(and(eq(verificationCodes.accountId, ticket.accountId), eq(verificationCodes.kind, 'registration')));
        // Sessions die below (ID tokens and refresh families both carry token_version); what one of them started dies with them.
        await endPendingEmailChange(tx, ticket.accountId);
        const [updated] = await tx
          .update(accounts)
          .set({ passwordHash, lastPasswordUpdate: new Date(), isVerified: true, tokenVersion: sql`${accounts.tokenVersion} + 1` })
          .where(eq(accounts.id, ticket.accountId))
          .returning();
        return updated;
      });
      if (!account) throw new DomainError('TICKET_INVALID', 'This reset link is invalid, expired or already used; ask for a new one', { ticketId: 'Invalid, expired or used reset link' });
      clearRefreshCookie(reply);
      // A notice, not what the person waits for: it goes out as a job, retried if SMTP fails.
      await enqueueAccountMail(ctx.jobs, { kind: 'PASSWORD_CHANGED', accountId: account.id }, request.log);
      return { data: { updated: true as const } };
    },
  );
}
