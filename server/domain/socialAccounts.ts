import { and, eq, ne, sql } from 'drizzle-orm';
import type { SocialProvider } from '../../contract/accountProfile.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../infra/db/database.ts';
import { accountIdentities, accounts, type IdentityProvider } from '../infra/db/schema.ts';
import { DomainError } from '../domainError.ts';
import { deleteAccount, uniqueUsername, type AccountRow } from './accounts.ts';
import type { SocialIdentity } from '../infra/social/socialIdentity.ts';
import { isUniqueViolation } from '../infra/db/uniqueViolation.ts';

const providerName: Record<IdentityProvider, string> = { google: 'Google', facebook: 'Facebook', apple: 'Apple' };

/**
 * Signs in with a verified provider identity: the linked account; else the account with that verified email
 * (linking it); else a new verified account. Returns the account row.
 */
export async function signInWithIdentity(db: Db, identity: SocialIdentity): Promise<AccountRow> {
  const label = providerName[identity.provider];
  const [linked] = await db
    .select({ account: accounts })
    .from(accountIdentities)
    .innerJoin(accounts, eq(accounts.id, accountIdentities.accountId))
    .where(and(eq(accountIdentities.provider, identity.provider), eq(accountIdentities.subject, identity.subject)))
    .limit(1);
  if (linked) {
    await db
      .update(accountIdentities)
      .set({ name: identity.name ?? '', email: identity.email ?? '' })
      .where(and(eq(accountIdentities.provider, identity.provider), eq(accountIdentities.subject, identity.subject)));
    return linked.account;
  }
  if (!identity.email) throw new DomainError('BAD_REQUEST', `Your ${label} account shares no email address; allow email access or sign up with email`);
  if (!identity.emailVerified) throw new DomainError('BAD_REQUEST', `${label} has not verified your email address; verify it there or sign up with email`);
  const email = identity.email;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const [existing] = await tx.select().from(accounts).where(eq(accounts.email, email)).limit(1);
        if (existing) {
          const [sameProvider] = await tx
            .select({ id: accountIdentities.id })
            .from(accountIdentities)
            .where(and(eq(accountIdentities.accountId, existing.id), eq(accountIdentities.provider, identity.provider)))
            .limit(1);
          if (sameProvider) throw new DomainError('CONFLICT', `The Bingkai account with this email is linked to a different ${label} account; sign in with that one`);
          // The provider proved the address. An unverified account with it was never proven to be this person's:
          // drop its password so whoever registered it cannot sign in (pre-hijack defence).
          const account = existing.isVerified
            ? existing
            : (await tx.update(accounts).set({ isVerified: true, passwordHash: null, tokenVersion: sql`${accounts.tokenVersion} + 1` }).where(eq(accounts.id, existing.id)).returning())[0]!;
          await tx.insert(accountIdentities).values({ accountId: account.id, provider: identity.provider, subject: identity.subject, name: identity.name ?? '', email });
          return account;
        }
        const [created] = await tx
          .insert(accounts)
          .values({ username: await uniqueUsername(tx as unknown as Db, identity.name || email.split('@')[0]!), name: identity.name?.slice(0, 60) || email.split('@')[0]!.slice(0, 60), email, isVerified: true })
          .returning();
        await tx.insert(accountIdentities).values({ accountId: created!.id, provider: identity.provider, subject: identity.subject, name: identity.name ?? '', email });
        return created!;
      });
    } catch (error) {
      // A concurrent sign-in created the row first (or took the username): retry, which finds it.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new DomainError('CONFLICT', `Signing in with ${label} collided with another request; try again`);
}

/** Links a provider identity to the signed-in account; refuses one linked elsewhere or a second one of a provider. */
export async function linkIdentity(db: Db, account: AccountRow, identity: SocialIdentity): Promise<void> {
  const label = providerName[identity.provider];
  const [owner] = await db
    .select({ accountId: accountIdentities.accountId })
    .from(accountIdentities)
    .where(and(eq(accountIdentities.provider, identity.provider), eq(accountIdentities.subject, identity.subject)))
    .limit(1);
  if (owner && owner.accountId !== account.id) throw new DomainError('CONFLICT', `This ${label} account is already linked to another Bingkai account`);
  if (owner) return;
  const [current] = await db
    .select({ id: accountIdentities.id })
    .from(accountIdentities)
    .where(and(eq(accountIdentities.accountId, account.id), eq(accountIdentities.provider, identity.provider)))
    .limit(1);
  if (current) throw new DomainError('CONFLICT', `Another ${label} account is linked already; unlink it first`);
  try {
    await db.insert(accountIdentities).values({ accountId: account.id, provider: identity.provider, subject: identity.subject, name: identity.name ?? '', email: identity.email ?? '' });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('CONFLICT', `This ${label} account is already linked to another Bingkai account`);
    throw error;
  }
}

/** Unlinks a provider, refusing to remove the last way to sign in (no password and no other provider). */
export async function unlinkIdentity(db: Db, account: AccountRow, provider: IdentityProvider): Promise<void> {
  const label = providerName[provider];
  await db.transaction(async (tx) => {
    // Locks the account: two concurrent unlinks would each see the other's identity and remove both.
    const [locked] = await tx.select({ passwordHash: accounts.passwordHash }).from(accounts).where(eq(accounts.id, account.id)).for('update');
    if (!locked) throw new DomainError('NOT_FOUND', `No ${label} account is linked to your account`);
    const [identity] = await tx
      .select({ id: accountIdentities.id })
      .from(accountIdentities)
      .where(and(eq(accountIdentities.accountId, account.id), eq(accountIdentities.provider, provider)))
      .limit(1);
    if (!identity) throw new DomainError('NOT_FOUND', `No ${label} account is linked to your account`);
    const [others] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(accountIdentities)
      .where(and(eq(accountIdentities.accountId, account.id), ne(accountIdentities.provider, provider)));
    if (!locked.passwordHash && (others?.count ?? 0) === 0) {
      throw new DomainError('CONFLICT', `${label} is your only way to sign in; set a password or link another account before unlinking it`);
    }
    await tx.delete(accountIdentities).where(eq(accountIdentities.id, identity.id));
  });
}

/**
 * Facebook's deletion callback: removes what came from the provider. An account that can still sign in
 * otherwise keeps existing without the link; one that only had this provider is deleted with its files.
 */
export async function removeSocialData(ctx: Pick<AppContext, 'database' | 'storage'>, accountId: string, provider: SocialProvider): Promise<'UNLINKED' | 'ACCOUNT_DELETED'> {
  const outcome = await ctx.database.db.transaction(async (tx) => {
    // Locked like unlinkIdentity, so a concurrent unlink cannot leave the account with no way to sign in.
    const [account] = await tx.select({ passwordHash: accounts.passwordHash }).from(accounts).where(eq(accounts.id, accountId)).for('update');
    if (!account) return { result: 'ACCOUNT_DELETED' as const, files: [] };
    const [others] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(accountIdentities)
      .where(and(eq(accountIdentities.accountId, accountId), ne(accountIdentities.provider, provider)));
    if (account.passwordHash || (others?.count ?? 0) > 0) {
      await tx.delete(accountIdentities).where(and(eq(accountIdentities.accountId, accountId), eq(accountIdentities.provider, provider)));
      return { result: 'UNLINKED' as const, files: [] };
    }
    return { result: 'ACCOUNT_DELETED' as const, files: await deleteAccount(tx as unknown as Db, accountId) };
  });
  for (const key of outcome.files) await ctx.storage.delete(key).catch(() => undefined);
  return outcome.result;
}
