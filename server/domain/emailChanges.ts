import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { EmailUpdate } from '../../contract/accountProfile.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../infra/db/database.ts';
import { accounts, emailChanges, verificationCodes } from '../infra/db/schema.ts';
import { DomainError } from '../domainError.ts';
import type { AccountRow } from './accounts.ts';
import { CODE_TTL_MINUTES, issueCode } from './verification.ts';

/** How long the old address can cancel, and the new one can confirm, a change. */
export const EMAIL_CHANGE_TTL_HOURS = 24;

export function hashTicket(ticket: string): string {
  return createHash('sha256').update(ticket).digest('base64url');
}

/** Refuses an address another account uses. */
export async function assertEmailFree(db: Db, email: string, accountId: string): Promise<void> {
  const [owner] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, email)).limit(1);
  if (owner && owner.id !== accountId) throw new DomainError('EMAIL_TAKEN', 'This email address is used by another account', { email: 'Already in use' });
}

export interface PreparedEmailChange {
  update: EmailUpdate;
  code: string;
  ticket: string;
}

/**
 * Records (or restarts) a pending email change inside the caller's transaction: the email_changes row with a
 * hashed cancel ticket, and a verification code for the new address (429 during the resend cooldown).
 */
export async function prepareEmailChange(ctx: Pick<AppContext, 'signingSecret' | 'database'>, tx: Db, account: AccountRow, newEmail: string): Promise<PreparedEmailChange> {
  const ticket = randomBytes(32).toString('base64url');
  const requestedAt = new Date();
  const expiresAt = new Date(requestedAt.getTime() + EMAIL_CHANGE_TTL_HOURS * 3_600_000);
  const values = { accountId: account.id, newEmail, ticketHash: hashTicket(ticket), expiresAt, createdAt: requestedAt };
  await tx.insert(emailChanges).values(values).onConflictDoUpdate({ target: emailChanges.accountId, set: values });
  const code = await issueCode(ctx, { accountId: account.id, kind: 'email_update', email: newEmail }, tx);
  return { update: { email: newEmail, requestedAt: requestedAt.getTime(), expiresAt: expiresAt.getTime() }, code, ticket };
}

/** After commit: the code to the new address, the cancel link to the old one. Failures are logged; the user can resend. */
export async function mailEmailChange(ctx: Pick<AppContext, 'mail' | 'config'>, account: AccountRow, change: PreparedEmailChange, log: { warn(obj: object, msg: string): void }): Promise<void> {
  const locale = account.locale ?? account.language;
  const newEmail = change.update.email;
  const cancelLink = `${ctx.config.publicUrl}/reset-email/${encodeURIComponent(change.ticket)}?uuid=${account.uuid}`;
  await Promise.all([
    ctx.mail.sendMail('VERIFY_EMAIL_UPDATE', newEmail, locale, { name: account.name, code: change.code, minutes: CODE_TTL_MINUTES, email: newEmail }),
    ctx.mail.sendMail('EMAIL_CHANGE_CANCEL', account.email, locale, { name: account.name, link: cancelLink, email: newEmail }),
  ]).catch((error: unknown) => log.warn({ err: error }, 'email change mail failed'));
}

/** Cancels a pending change with the ticket from the mail to the old address; returns the address that was pending. */
export async function cancelEmailChange(db: Db, accountUuid: string, ticket: string): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ accountId: emailChanges.accountId, newEmail: emailChanges.newEmail })
      .from(emailChanges)
      .innerJoin(accounts, eq(accounts.id, emailChanges.accountId))
      .where(and(eq(accounts.uuid, accountUuid), eq(emailChanges.ticketHash, hashTicket(ticket))))
      .limit(1);
    if (!row) throw new DomainError('TICKET_INVALID', 'This link is not valid, or the email change was already cancelled or completed');
    await tx.delete(emailChanges).where(eq(emailChanges.accountId, row.accountId));
    await tx.delete(verificationCodes).where(and(eq(verificationCodes.accountId, row.accountId), eq(verificationCodes.kind, 'email_update')));
    return row.newEmail;
  });
}

/** Cancels the account's own pending change (signed in, no ticket); returns the address that was pending. */
export async function cancelOwnEmailChange(db: Db, accountId: string): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(emailChanges).where(eq(emailChanges.accountId, accountId)).returning({ newEmail: emailChanges.newEmail, expiresAt: emailChanges.expiresAt });
    // An expired change is not pending (the rollback keeps this call free of side effects).
    if (!row || row.expiresAt.getTime() < Date.now()) throw new DomainError('NOT_FOUND', 'No email change is pending');
    await tx.delete(verificationCodes).where(and(eq(verificationCodes.accountId, accountId), eq(verificationCodes.kind, 'email_update')));
    return row.newEmail;
  });
}

/** The pending change of an account, if any and not expired. */
export async function pendingEmailChange(db: Db, accountId: string): Promise<EmailUpdate | null> {
  const [row] = await db.select().from(emailChanges).where(eq(emailChanges.accountId, accountId)).limit(1);
  if (!row || row.expiresAt.getTime() < Date.now()) return null;
  return { email: row.newEmail, requestedAt: row.createdAt.getTime(), expiresAt: row.expiresAt.getTime() };
}
