import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { AccountDetails, IdTokenClaims } from '../../contract/account.ts';
import { RESERVED_USERNAMES } from '../../contract/accountProfile.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../infra/db/database.ts';
import { accountIdentities, accounts, campaignFrames, campaigns, emailChanges, verificationCodes } from '../infra/db/schema.ts';
import type { FileStorage } from '../infra/storage/storage.ts';
import type { TokenBody } from '../infra/tokens.ts';
import { DomainError } from '../domainError.ts';
import { previewKeyFields, previewKeyList } from './campaignAssets.ts';

export const USERNAME_MAX = 30;

export type AccountRow = typeof accounts.$inferSelect;
export type IdentityRow = typeof accountIdentities.$inferSelect;

export const accountSuspended = () => new DomainError('ACCOUNT_SUSPENDED', 'This account is suspended; only the appeal page is available');

/**
 * The account a verified token names. Refuses a deleted account, a token issued before a password change or
 * "sign out everywhere" (its version is behind), and a suspended account unless `allowSuspended`.
 */
export async function accountForToken(db: Db, claims: Pick<IdTokenClaims, 'sub' | 'ver'>, options: { allowSuspended?: boolean } = {}): Promise<AccountRow> {
  const [account] = await db.select().from(accounts).where(eq(accounts.uuid, claims.sub)).limit(1);
  if (!account || account.tokenVersion !== claims.ver) throw new DomainError('UNAUTHORIZED', 'Your session has ended; sign in again');
  if (account.suspendedAt && !options.allowSuspended) throw accountSuspended();
  return account;
}

/** Emails are stored trimmed and lower-cased; the contract normalizes the same way. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** "Siti Nurhaliza Ö." → "sitinurhalizao"; letters and digits only, never empty. */
export function usernameBase(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, USERNAME_MAX - 5);
  return base.length >= 3 ? base : `user${base}`;
}

/** A free, unreserved username derived from the name: the base itself, else the base plus random digits. */
export async function uniqueUsername(db: Db, name: string): Promise<string> {
  const base = usernameBase(name);
  for (let attempt = 0; attempt < 20; attempt++) {
    const candidate = attempt === 0 ? base : `${base}${randomInt(10 ** Math.min(2 + attempt, 4), 10 ** Math.min(3 + attempt, 5))}`;
    // A reserved word would shadow a page (/explore) or look official (admin).
    if (RESERVED_USERNAMES.has(candidate)) continue;
    const [taken] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.username, candidate)).limit(1);
    if (!taken) return candidate;
  }
  throw new Error(`no free username for ${base}`);
}

export async function findAccountByEmail(db: Db, email: string): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(accounts).where(eq(accounts.email, normalizeEmail(email))).limit(1);
  return row;
}

export async function findAccountById(db: Db, id: string): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
  return row;
}

export function tokenBodyFor(account: AccountRow, identities: IdentityRow[], storage: Pick<FileStorage, 'publicUrl'>): TokenBody {
  return {
    sub: account.uuid,
    name: account.name,
    username: account.username,
    email: account.email,
    createdAt: account.createdAt.getTime(),
    avatar: account.avatarKey ? storage.publicUrl(account.avatarKey) : null,
    subscription: account.subscription ?? null,
    isPassword: account.passwordHash !== null,
    isVerified: account.isVerified,
    lastPasswordUpdate: account.lastPasswordUpdate?.getTime() ?? null,
    associatedAccount: identities.map((identity) => ({ provider: identity.provider, name: identity.name, email: identity.email })),
    ver: account.tokenVersion,
  };
}

/** The profile fields the token does not carry, for the refresh profile and update answers. */
export function accountDetailsFor(account: AccountRow, storage: Pick<FileStorage, 'publicUrl'>): AccountDetails {
  return {
    bio: account.bio,
    banner: account.bannerKey ? storage.publicUrl(account.bannerKey) : null,
    websiteLink: account.websiteLink,
    country: account.country,
    language: account.language,
  };
}

/** A fresh ID token for the account as stored now (pass the row read after any update). */
export async function issueIdToken(ctx: Pick<AppContext, 'database' | 'storage' | 'tokens'>, account: AccountRow, db: Db = ctx.database.db): Promise<string> {
  const identities = await db.select().from(accountIdentities).where(eq(accountIdentities.accountId, account.id)).orderBy(accountIdentities.createdAt);
  return ctx.tokens.issue(tokenBodyFor(account, identities, ctx.storage));
}

/** Kills every token issued so far for the account; returns the updated row. */
export async function bumpTokenVersion(db: Db, accountId: string): Promise<AccountRow> {
  const [row] = await db
    .update(accounts)
    .set({ tokenVersion: sql`${accounts.tokenVersion} + 1` })
    .where(eq(accounts.id, accountId))
    .returning();
  if (!row) throw new Error(`account ${accountId} not found`);
  return row;
}

/**
 * Drops what a session started and could still finish without a token: a pending email change and its code (its
 * confirmation answers a fresh token, so a stolen session could otherwise take the account over after being ended).
 * Run inside the transaction that ends the sessions.
 */
export async function endPendingEmailChange(tx: Db, accountId: string): Promise<void> {
  await tx.delete(emailChanges).where(eq(emailChanges.accountId, accountId));
  await tx.delete(verificationCodes).where(and(eq(verificationCodes.accountId, accountId), eq(verificationCodes.kind, 'email_update')));
}

/** Sign out everywhere: every ID token and refresh family dies (both carry token_version), and so does a pending email change. */
export async function endAllSessions(db: Db, accountId: string): Promise<AccountRow> {
  return db.transaction(async (tx) => {
    const row = await bumpTokenVersion(tx as unknown as Db, accountId);
    await endPendingEmailChange(tx as unknown as Db, accountId);
    return row;
  });
}

/**
 * Deletes the account in one transaction; identities, codes, email changes, reset tickets, refresh tokens, preferences,
 * appeals and campaigns (with their frames) go with it by cascade. Returns the storage keys of its images and campaign files so
 * the caller can remove them once the data is gone.
 */
export async function deleteAccount(db: Db, accountId: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    const campaignFiles = await tx
      .select({ ...previewKeyFields, frameKey: campaignFrames.storageKey })
      .from(campaigns)
      .leftJoin(campaignFrames, eq(campaignFrames.campaignId, campaigns.id))
      .where(eq(campaigns.creatorId, accountId));
    const [deleted] = await tx.delete(accounts).where(eq(accounts.id, accountId)).returning({ avatarKey: accounts.avatarKey, bannerKey: accounts.bannerKey });
    if (!deleted) return [];
    const keys = [deleted.avatarKey, deleted.bannerKey, ...campaignFiles.flatMap((row) => [...previewKeyList(row), row.frameKey])];
    return [...new Set(keys.filter((key): key is string => Boolean(key)))];
  });
}
