import { and, asc, count, eq } from 'drizzle-orm';
import type { StaffAccount, StaffAppealList } from '../../contract/staff.ts';
import type { Db } from '../infra/db/database.ts';
import { accounts, appeals } from '../infra/db/schema.ts';
import type { FileStorage } from '../infra/storage/storage.ts';
import { DomainError, notFound } from '../domainError.ts';
import type { AccountRow } from './accounts.ts';
import { toStaffAccount } from './staff.ts';
import { recordStaffAction } from './staffAudit.ts';

/** How long the link to an appeal's evidence lives: long enough to look at it, short enough not to leak. */
const EVIDENCE_LINK_SECONDS = 10 * 60;

async function lockedAccount(tx: Db, uuid: string): Promise<AccountRow> {
  const [row] = await tx.select().from(accounts).where(eq(accounts.uuid, uuid)).for('update').limit(1);
  if (!row) throw notFound('No account has this id');
  return row;
}

/**
 * Suspends an account with a reason: it is confined to /appeal (every other account API answers 403
 * ACCOUNT_SUSPENDED) and may appeal this suspension once (appealStatus back to NOT_YET).
 */
export async function suspendWithReason(db: Db, staff: AccountRow, uuid: string, reason: string, at = new Date()): Promise<StaffAccount> {
  return db.transaction(async (tx) => {
    const account = await lockedAccount(tx, uuid);
    if (account.id === staff.id) throw new DomainError('CONFLICT', 'You cannot suspend your own account');
    if (account.suspendedAt) throw new DomainError('CONFLICT', 'This account is already suspended');
    const [updated] = await tx.update(accounts).set({ suspendedAt: at, appealStatus: 'NOT_YET' }).where(eq(accounts.id, account.id)).returning();
    await recordStaffAction(tx, staff, { action: 'suspend', targetType: 'account', targetId: uuid, reason, data: { username: account.username } });
    return toStaffAccount(updated!);
  });
}

/** Pending appeals, oldest first, each with its account and a short-lived link to its evidence. */
export async function listPendingAppeals(db: Db, storage: FileStorage, page: number, limit: number): Promise<StaffAppealList> {
  const pending = and(eq(appeals.status, 'PENDING'), eq(accounts.appealStatus, 'PENDING'));
  const [rows, totals] = await Promise.all([
    db
      .select({ appeal: appeals, account: accounts })
      .from(appeals)
      .innerJoin(accounts, eq(accounts.id, appeals.accountId))
      .where(pending)
      .orderBy(asc(appeals.createdAt), asc(appeals.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(appeals).innerJoin(accounts, eq(accounts.id, appeals.accountId)).where(pending),
  ]);
  const items = await Promise.all(
    rows.map(async ({ appeal, account }) => ({
      account: toStaffAccount(account),
      message: appeal.message,
      fileUrl: appeal.fileKey ? await storage.signedReadUrl(appeal.fileKey, { expiresInSeconds: EVIDENCE_LINK_SECONDS }) : null,
      createdAt: appeal.createdAt.toISOString(),
    })),
  );
  return { items, page, limit, total: totals[0]?.total ?? 0 };
}

/** Rules on a pending appeal: lift (ACCEPTED, suspension cleared) or keep (REJECTED, stays suspended). */
export async function decidePendingAppeal(db: Db, staff: AccountRow, uuid: string, decision: 'lift' | 'keep', reason: string): Promise<StaffAccount> {
  return db.transaction(async (tx) => {
    const account = await lockedAccount(tx, uuid);
    if (account.appealStatus !== 'PENDING') throw new DomainError('CONFLICT', `This account has no pending appeal (status ${account.appealStatus})`);
    const status = decision === 'lift' ? ('ACCEPTED' as const) : ('REJECTED' as const);
    const [updated] = await tx
      .update(accounts)
      .set({ appealStatus: status, ...(decision === 'lift' ? { suspendedAt: null } : {}) })
      .where(eq(accounts.id, account.id))
      .returning();
    await tx.update(appeals).set({ status }).where(and(eq(appeals.accountId, account.id), eq(appeals.status, 'PENDING')));
    await recordStaffAction(tx, staff, { action: decision, targetType: 'account', targetId: uuid, reason, data: { username: account.username, appealStatus: status } });
    return toStaffAccount(updated!);
  });
}
