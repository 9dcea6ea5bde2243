import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../infra/db/database.ts';
import { refreshTokens } from '../infra/db/schema.ts';
import { DomainError } from '../domainError.ts';
import { findAccountById, type AccountRow } from './accounts.ts';

/**
 * Two tabs refreshing at once both send the same cookie: the second one, arriving this soon after the first
 * rotated it, gets a new access token (its browser already holds the successor cookie) instead of counting as reuse.
 */
export const REFRESH_RACE_SECONDS = 10;

export interface RefreshPolicy {
  /** Each token lives this long from its own issue; a refresh starts the clock again (idle limit). */
  ttlSeconds: number;
  now?: Date;
}

export interface Rotation {
  account: AccountRow;
  /** The successor to hand back; null when a concurrent refresh already rotated (the browser holds its successor). */
  token: string | null;
}

const sessionEnded = () => new DomainError('UNAUTHORIZED', 'Your session has ended; sign in again');

/** Only a hash is stored: a read of the table hands out no usable token. 32 random bytes need no salt or slow hash. */
export const refreshTokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

async function insertToken(db: Db, row: { familyId: string; accountId: string; tokenVersion: number }, policy: RefreshPolicy): Promise<{ id: string; token: string }> {
  const token = randomBytes(32).toString('base64url');
  const now = policy.now ?? new Date();
  const [inserted] = await db
    .insert(refreshTokens)
    .values({ ...row, tokenHash: refreshTokenHash(token), expiresAt: new Date(now.getTime() + policy.ttlSeconds * 1000) })
    .returning({ id: refreshTokens.id });
  return { id: inserted!.id, token };
}

/** A sign-in: a new family whose first token is returned. Expired rows of the account are dropped on the way. */
export async function startRefreshFamily(db: Db, account: Pick<AccountRow, 'id' | 'tokenVersion'>, policy: RefreshPolicy): Promise<string> {
  await db.delete(refreshTokens).where(and(eq(refreshTokens.accountId, account.id), lt(refreshTokens.expiresAt, policy.now ?? new Date())));
  const { token } = await insertToken(db, { familyId: randomUUID(), accountId: account.id, tokenVersion: account.tokenVersion }, policy);
  return token;
}

export async function revokeRefreshFamily(db: Db, familyId: string, now = new Date()): Promise<void> {
  await db.update(refreshTokens).set({ revokedAt: now }).where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/**
 * Trades a refresh token for its successor (OAuth 2.0 Security BCP §4.14: rotation with reuse detection).
 * Refused with 401 UNAUTHORIZED: an unknown, expired or revoked token, a family started before the account's
 * last password reset or sign-out everywhere, a deleted account, and a token already traded in — which also
 * revokes its family, since either the owner or a thief holds a copy and the server cannot tell which.
 */
export async function rotateRefreshToken(db: Db, token: string, policy: RefreshPolicy): Promise<Rotation> {
  const now = policy.now ?? new Date();
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, refreshTokenHash(token))).limit(1);
  if (!row || row.revokedAt || row.expiresAt <= now) throw sessionEnded();
  const account = await findAccountById(db, row.accountId);
  if (!account || account.tokenVersion !== row.tokenVersion) {
    await revokeRefreshFamily(db, row.familyId, now);
    throw sessionEnded();
  }
  const successor = await db.transaction(async (tx) => {
    // Claiming the row and inserting its successor in one step: of two refreshes racing with one token, one wins.
    const [claimed] = await tx
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
      .returning({ id: refreshTokens.id });
    if (!claimed) return null;
    const next = await insertToken(tx as unknown as Db, { familyId: row.familyId, accountId: row.accountId, tokenVersion: row.tokenVersion }, policy);
    await tx.update(refreshTokens).set({ replacedBy: next.id }).where(eq(refreshTokens.id, row.id));
    return next.token;
  });
  if (successor) return { account, token: successor };
  // Already traded in. Read again: the winner of a race set used_at after our first read.
  const [used] = await db
    .select({ usedAt: refreshTokens.usedAt, revokedAt: refreshTokens.revokedAt })
    .from(refreshTokens)
    .where(eq(refreshTokens.id, row.id))
    .limit(1);
  const racing = used?.usedAt && !used.revokedAt && now.getTime() - used.usedAt.getTime() <= REFRESH_RACE_SECONDS * 1000;
  if (racing) return { account, token: null };
  await revokeRefreshFamily(db, row.familyId, now);
  throw sessionEnded();
}

/** Sign-out on one device: the family of the presented token (current or already traded in) ends. Unknown tokens are ignored. */
export async function endRefreshFamilyOf(db: Db, token: string): Promise<void> {
  const [row] = await db.select({ familyId: refreshTokens.familyId }).from(refreshTokens).where(eq(refreshTokens.tokenHash, refreshTokenHash(token))).limit(1);
  if (row) await revokeRefreshFamily(db, row.familyId);
}

