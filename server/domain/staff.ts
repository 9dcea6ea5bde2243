import { asc, eq, isNotNull, or } from 'drizzle-orm';
import type { StaffAccount } from '../../contract/staff.ts';
import type { Db } from '../infra/db/database.ts';
import { accounts } from '../infra/db/schema.ts';
import { notFound } from '../domainError.ts';
import { normalizeEmail, type AccountRow } from './accounts.ts';

/** Whether the account (as read from the database for this request) holds the staff role. */
export function isStaff(account: Pick<AccountRow, 'staffRole' | 'suspendedAt'> | undefined): boolean {
  return account !== undefined && account.staffRole === 'staff' && account.suspendedAt === null;
}

export function toStaffAccount(row: AccountRow): StaffAccount {
  return {
    uuid: row.uuid,
    username: row.username,
    name: row.name,
    email: row.email,
    createdAt: row.createdAt.toISOString(),
    suspendedAt: row.suspendedAt?.toISOString() ?? null,
    appealStatus: row.appealStatus,
    staff: row.staffRole === 'staff',
  };
}

/** An account by email (any case) or username (with or without a leading @); 404 when none. */
export async function findAccountByEmailOrUsername(db: Db, query: string): Promise<AccountRow> {
  const q = query.trim();
  const username = q.replace(/^@/, '').toLowerCase();
  const [row] = await db
    .select()
    .from(accounts)
    .where(or(eq(accounts.email, normalizeEmail(q)), eq(accounts.username, username)))
    .limit(1);
  if (!row) throw notFound('No account has this email or username');
  return row;
}

export async function accountByUuid(db: Db, uuid: string): Promise<AccountRow> {
  const [row] = await db.select().from(accounts).where(eq(accounts.uuid, uuid)).limit(1);
  if (!row) throw notFound('No account has this id');
  return row;
}

/**
 * Grants or revokes the staff role by email (the command line's `npm run staff`; never the public API).
 * Returns whether anything changed; 404 when no account has the email.
 */
export async function setStaffRole(db: Db, email: string, staff: boolean): Promise<{ changed: boolean }> {
  const [row] = await db.select({ id: accounts.id, staffRole: accounts.staffRole }).from(accounts).where(eq(accounts.email, normalizeEmail(email))).limit(1);
  if (!row) throw notFound(`No account has the email ${normalizeEmail(email)}`);
  const role = staff ? ('staff' as const) : null;
  if (row.staffRole === role) return { changed: false };
  await db.update(accounts).set({ staffRole: role }).where(eq(accounts.id, row.id));
  return { changed: true };
}

/** Staff accounts by email. */
export async function listStaffAccounts(db: Db): Promise<{ email: string; username: string; suspended: boolean }[]> {
  const rows = await db
    .select({ email: accounts.email, username: accounts.username, suspendedAt: accounts.suspendedAt })
    .from(accounts)
    .where(isNotNull(accounts.staffRole))
    .orderBy(asc(accounts.email));
  return rows.map((row) => ({ email: row.email, username: row.username, suspended: row.suspendedAt !== null }));
}
