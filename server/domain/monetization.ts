import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { MonetizationApplication, MonetizationApplyBody, MonetizationView, PayoutMethod, StaffApplication, StaffApplicationList } from '../../contract/monetization.ts';
import { monetizationApplyBody } from '../../contract/monetization.ts';
import { DomainError, notFound } from '../domainError.ts';
import type { Db } from '../infra/db/database.ts';
import { accounts, campaigns, monetizationApplications } from '../infra/db/schema.ts';
import type { AccountRow } from './accounts.ts';
import { toStaffAccount } from './staff.ts';
import { recordStaffAction } from './staffAudit.ts';

type ApplicationRow = typeof monetizationApplications.$inferSelect;

/** The states from which a creator may (re)apply: never applied, or rejected. */
const MAY_APPLY = new Set(['FORM', 'REJECTED']);

async function campaignRefs(db: Db, ids: string[]): Promise<{ uri: string; title: string }[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: campaigns.id, uri: campaigns.uri, title: campaigns.title }).from(campaigns).where(inArray(campaigns.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  // In the order the creator chose them; deleted campaigns drop out.
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ uri: row.uri, title: row.title }] : [];
  });
}

async function toApplication(db: Db, row: ApplicationRow): Promise<MonetizationApplication> {
  return {
    legalName: row.legalName,
    country: row.country,
    payoutMethod: row.payoutMethod as PayoutMethod,
    campaigns: await campaignRefs(db, row.campaignIds),
    submittedAt: row.submittedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    reason: row.reason,
  };
}

/** The account's monetization state and the application it sent (the latest), if any. */
export async function monetizationOf(db: Db, account: AccountRow): Promise<MonetizationView> {
  const [row] = await db.select().from(monetizationApplications).where(eq(monetizationApplications.accountId, account.id));
  return { state: account.applyMonetization, application: row ? await toApplication(db, row) : null };
}

/** The payout method of an approved creator (payouts go there), or undefined. */
export async function payoutMethodOf(db: Db, accountId: string): Promise<PayoutMethod | undefined> {
  const [row] = await db.select({ method: monetizationApplications.payoutMethod }).from(monetizationApplications).where(eq(monetizationApplications.accountId, accountId));
  return row?.method as PayoutMethod | undefined;
}

/**
 * Sends (or, after a rejection, sends again) the application: FORM or REJECTED → PENDING, in one transaction under
 * the account's row lock. The campaigns must be the applicant's own; anything else is refused and nothing is written.
 */
export async function applyForMonetization(db: Db, accountId: string, input: MonetizationApplyBody, now = new Date()): Promise<MonetizationView> {
  const body = monetizationApplyBody.parse(input);
  const uris = [...new Set(body.campaigns)];
  return db.transaction(async (tx) => {
    const [account] = await tx.select().from(accounts).where(eq(accounts.id, accountId)).for('update');
    if (!account) throw notFound('No account');
    if (!MAY_APPLY.has(account.applyMonetization)) {
      throw new DomainError('CONFLICT', `An application cannot be sent now (state ${account.applyMonetization})`, { state: account.applyMonetization });
    }
    const owned = await tx
      .select({ id: campaigns.id, uri: campaigns.uri })
      .from(campaigns)
      .where(and(eq(campaigns.creatorId, account.id), inArray(campaigns.uri, uris)));
    if (owned.length !== uris.length) {
      throw new DomainError('VALIDATION_FAILED', 'Choose only campaigns of your own', { campaigns: 'Choose only campaigns of your own' });
    }
    const byUri = new Map(owned.map((row) => [row.uri, row.id]));
    const values = {
      legalName: body.legalName,
      country: body.country,
      payoutMethod: body.payoutMethod,
      campaignIds: uris.map((uri) => byUri.get(uri)!),
      agreedAt: now,
      submittedAt: now,
      decidedAt: null,
      decidedBy: null,
      reason: null,
    };
    await tx
      .insert(monetizationApplications)
      .values({ accountId: account.id, ...values })
      .onConflictDoUpdate({ target: monetizationApplications.accountId, set: values });
    const [updated] = await tx.update(accounts).set({ applyMonetization: 'PENDING' }).where(eq(accounts.id, account.id)).returning();
    return monetizationOf(tx, updated!);
  });
}

async function toStaffApplication(db: Db, account: AccountRow, row: ApplicationRow): Promise<StaffApplication> {
  return { account: toStaffAccount(account), state: account.applyMonetization, ...(await toApplication(db, row)) };
}

/** Pending applications, oldest first. */
export async function listPendingApplications(db: Db, page: number, limit: number): Promise<StaffApplicationList> {
  const pending = eq(accounts.applyMonetization, 'PENDING');
  const [rows, totals] = await Promise.all([
    db
      .select({ application: monetizationApplications, account: accounts })
      .from(monetizationApplications)
      .innerJoin(accounts, eq(accounts.id, monetizationApplications.accountId))
      .where(pending)
      .orderBy(asc(monetizationApplications.submittedAt), asc(monetizationApplications.accountId))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(monetizationApplications).innerJoin(accounts, eq(accounts.id, monetizationApplications.accountId)).where(pending),
  ]);
  const items = await Promise.all(rows.map(({ application, account }) => toStaffApplication(db, account, application)));
  return { items, page, limit, total: totals[0]?.total ?? 0 };
}

/** Approves or rejects a PENDING application (any other state: CONFLICT), with its audit row in the same transaction. */
export async function decideApplication(
  db: Db,
  staff: Pick<AccountRow, 'id' | 'email'>,
  uuid: string,
  decision: 'approve' | 'reject',
  reason: string,
  now = new Date(),
): Promise<StaffApplication> {
  return db.transaction(async (tx) => {
    const [account] = await tx.select().from(accounts).where(eq(accounts.uuid, uuid)).for('update');
    if (!account) throw notFound('No account has this id');
    if (account.applyMonetization !== 'PENDING') {
      throw new DomainError('CONFLICT', `This account has no pending application (state ${account.applyMonetization})`, { state: account.applyMonetization });
    }
    const state = decision === 'approve' ? ('APPROVED' as const) : ('REJECTED' as const);
    const [application] = await tx
      .update(monetizationApplications)
      .set({ decidedAt: now, decidedBy: staff.id, reason: decision === 'reject' ? reason : null })
      .where(eq(monetizationApplications.accountId, account.id))
      .returning();
    if (!application) throw notFound('This account has no application');
    const [updated] = await tx.update(accounts).set({ applyMonetization: state }).where(eq(accounts.id, account.id)).returning();
    await recordStaffAction(tx, staff, { action: decision, targetType: 'application', targetId: uuid, reason, data: { username: account.username, state } });
    return toStaffApplication(tx, updated!, application);
  });
}
