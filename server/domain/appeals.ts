import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { AppealResponse, AppealStatus } from '../../contract/accountProfile.ts';
import type { Db } from '../infra/db/database.ts';
import { accounts, appeals } from '../infra/db/schema.ts';
import { DomainError } from '../domainError.ts';
import type { FileStorage } from '../infra/storage/storage.ts';
import type { AccountRow } from './accounts.ts';

/** What the appeal page shows: the account's flag and its latest appeal. */
export async function appealState(db: Db, storage: FileStorage, account: AccountRow): Promise<AppealResponse['data']> {
  const [latest] = await db.select().from(appeals).where(eq(appeals.accountId, account.id)).orderBy(desc(appeals.createdAt)).limit(1);
  return {
    appealStatus: account.appealStatus,
    isSuspended: account.suspendedAt !== null,
    suspendedAt: account.suspendedAt?.getTime() ?? null,
    appeal: latest
      ? {
          message: latest.message,
          // Evidence is private: a short-lived signed link for its owner.
          fileUrl: latest.fileKey ? await storage.signedReadUrl(latest.fileKey, { expiresInSeconds: 10 * 60 }) : null,
          createdAt: latest.createdAt.getTime(),
        }
      : null,
  };
}

/** Refuses an appeal unless the account is suspended and has not appealed this suspension yet. */
export function assertCanAppeal(account: AccountRow): void {
  if (!account.suspendedAt) throw new DomainError('CONFLICT', 'Your account is not suspended; there is nothing to appeal');
  if (account.appealStatus === 'PENDING') throw new DomainError('CONFLICT', 'Your appeal is already being reviewed');
  if (account.appealStatus === 'REJECTED') throw new DomainError('CONFLICT', 'Your appeal was reviewed and rejected; the suspension stands');
}

/** NOT_YET → PENDING: stores the appeal and flips the account's status in one transaction. */
export async function submitAppeal(db: Db, account: AccountRow, appeal: { message: string; fileKey: string | null }): Promise<void> {
  await db.transaction(async (tx) => {
    // The status guard in the WHERE clause makes two concurrent submissions store one appeal.
    const updated = await tx
      .update(accounts)
      .set({ appealStatus: 'PENDING' })
      .where(and(eq(accounts.id, account.id), eq(accounts.appealStatus, 'NOT_YET'), isNotNull(accounts.suspendedAt)))
      .returning({ id: accounts.id });
    if (updated.length === 0) throw new DomainError('CONFLICT', 'Your appeal is already being reviewed');
    await tx.insert(appeals).values({ accountId: account.id, message: appeal.message, fileKey: appeal.fileKey, status: 'PENDING' });
  });
}

/**
 * Staff decision on a pending appeal (no admin UI yet; call it from a script or the database console):
 * ACCEPTED lifts the suspension, REJECTED keeps it. Returns the account's new status.
 */
export async function decideAppeal(db: Db, accountUuid: string, decision: 'ACCEPTED' | 'REJECTED'): Promise<AppealStatus> {
  return db.transaction(async (tx) => {
    const [account] = await tx.select().from(accounts).where(eq(accounts.uuid, accountUuid)).limit(1);
    if (!account) throw new DomainError('NOT_FOUND', 'No account has this id');
    if (account.appealStatus !== 'PENDING') throw new DomainError('CONFLICT', `The account has no pending appeal (status ${account.appealStatus})`);
    await tx
      .update(accounts)
      .set({ appealStatus: decision, ...(decision === 'ACCEPTED' ? { suspendedAt: null } : {}) })
      .where(eq(accounts.id, account.id));
    await tx.update(appeals).set({ status: decision }).where(and(eq(appeals.accountId, account.id), eq(appeals.status, 'PENDING')));
    return decision;
  });
}

/** Suspends an account (staff action); a fresh suspension can be appealed again. */
export async function suspendAccount(db: Db, accountUuid: string, at = new Date()): Promise<void> {
  const updated = await db.update(accounts).set({ suspendedAt: at, appealStatus: 'NOT_YET' }).where(eq(accounts.uuid, accountUuid)).returning({ id: accounts.id });
  if (updated.length === 0) throw new DomainError('NOT_FOUND', 'No account has this id');
}
