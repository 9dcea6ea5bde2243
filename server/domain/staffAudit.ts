import { count, desc } from 'drizzle-orm';
import type { StaffActionKind, StaffAuditList, StaffTargetType } from '../../contract/staff.ts';
import type { Db } from '../infra/db/database.ts';
import { staffActions } from '../infra/db/schema.ts';
import type { AccountRow } from './accounts.ts';

export interface StaffActionInput {
  action: StaffActionKind;
  targetType: StaffTargetType;
  /** The target's public id: a campaign or post URI, an account's uuid. */
  targetId: string;
  reason: string;
  data?: Record<string, unknown>;
}

/**
 * Appends one row to the audit log. Call it with the transaction of the action itself, so the action and its
 * record commit or fail together; the table refuses UPDATE and DELETE (migration 0011).
 */
export async function recordStaffAction(tx: Db, staff: Pick<AccountRow, 'id' | 'email'>, input: StaffActionInput): Promise<void> {
  await tx.insert(staffActions).values({
    staffId: staff.id,
    staffEmail: staff.email,
    action: input.action,
    targetType: input.targetType,
    targetId: input.targetId,
    reason: input.reason,
    data: input.data ?? {},
  });
}

/** The audit log, newest first. */
export async function listStaffActions(db: Db, page: number, limit: number): Promise<StaffAuditList> {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(staffActions)
      .orderBy(desc(staffActions.createdAt), desc(staffActions.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(staffActions),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      staffEmail: row.staffEmail,
      action: row.action,
      targetType: row.targetType,
      targetId: row.targetId,
      reason: row.reason,
      data: row.data,
      createdAt: row.createdAt.toISOString(),
    })),
    page,
    limit,
    total: totals[0]?.total ?? 0,
  };
}
