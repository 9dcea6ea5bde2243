import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { AppealResponse } from '../../contract/accountProfile.ts';
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
