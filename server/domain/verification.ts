import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../infra/db/database.ts';
import { verificationCodes, type VerificationKind } from '../infra/db/schema.ts';
import { DomainError } from '../domainError.ts';

export const CODE_TTL_MINUTES = 15;
export const CODE_MAX_ATTEMPTS = 5;
export const RESEND_COOLDOWN_SECONDS = 60;

export type VerificationRow = typeof verificationCodes.$inferSelect;

interface CodeContext {
  database: { db: Db };
  signingSecret: Uint8Array;
}

/** Keyed hash: a plain SHA-256 of a 6-digit code would fall to a million guesses if the table leaked. */
function codeHash(secret: Uint8Array, accountId: string, kind: VerificationKind, code: string): string {
  return createHmac('sha256', secret).update(`verification:${accountId}:${kind}:${code}`).digest('base64url');
}

export function generateCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/** Seconds until a new code may be sent for this row (0 when it may be sent now). */
export function cooldownLeft(lastSentAt: Date, now = Date.now()): number {
  return Math.max(0, Math.ceil((lastSentAt.getTime() + RESEND_COOLDOWN_SECONDS * 1000 - now) / 1000));
}

/**
 * Stores a new code for (account, kind), replacing the previous one and resetting its attempts, and returns it
 * for mailing. Refuses with 429 while the previous code is younger than the cooldown.
 */
export async function issueCode(ctx: CodeContext, input: { accountId: string; kind: VerificationKind; email: string }, db: Db = ctx.database.db): Promise<string> {
  const code = generateCode();
  const values = {
    accountId: input.accountId,
    kind: input.kind,
    email: input.email,
    codeHash: codeHash(ctx.signingSecret, input.accountId, input.kind, code),
    attempts: 0,
    expiresAt: new Date(Date.now() + CODE_TTL_MINUTES * 60_000),
    lastSentAt: new Date(),
  };
  // The cooldown check and the replacement are one statement, so two concurrent resends cannot both pass.
  const stored = await db
    .insert(verificationCodes)
    .values(values)
    .onConflictDoUpdate({
      target: [verificationCodes.accountId, verificationCodes.kind],
      set: { email: values.email, codeHash: values.codeHash, attempts: 0, expiresAt: values.expiresAt, lastSentAt: values.lastSentAt },
      setWhere: sql`${verificationCodes.lastSentAt} <= now() - make_interval(secs => ${RESEND_COOLDOWN_SECONDS})`,
    })
    .returning({ id: verificationCodes.id });
  if (stored.length === 0) {
    const [current] = await db
      .select({ lastSentAt: verificationCodes.lastSentAt })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.accountId, input.accountId), eq(verificationCodes.kind, input.kind)));
    const seconds = Math.max(1, current ? cooldownLeft(current.lastSentAt) : RESEND_COOLDOWN_SECONDS);
    throw new DomainError('RATE_LIMITED', `A code was sent recently; you can ask for a new one in ${seconds} s`);
  }
  return code;
}

/** The live code row for (account, kind), if any. */
export async function pendingCode(db: Db, accountId: string, kind: VerificationKind): Promise<VerificationRow | undefined> {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.accountId, accountId), eq(verificationCodes.kind, kind)));
  return row;
}

/**
 * Checks a code: counts the attempt first (committed on its own, so parallel or failed guesses cannot exceed the
 * limit), compares in constant time, then consumes the row and runs `apply` in one transaction: if `apply` fails the
 * code stays usable. Returns what `apply` returns.
 */
export async function checkCode<T>(
  ctx: CodeContext,
  input: { accountId: string; kind: VerificationKind; code: string },
  apply: (tx: Db, row: VerificationRow) => Promise<T>,
): Promise<T> {
  const db = ctx.database.db;
  const row = await pendingCode(db, input.accountId, input.kind);
  if (!row) throw new DomainError('CODE_INVALID', 'There is no pending code; ask for a new code');
  if (row.expiresAt.getTime() <= Date.now()) throw new DomainError('CODE_EXPIRED', 'This code has expired; ask for a new code');
  const [counted] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(and(eq(verificationCodes.id, row.id), sql`${verificationCodes.attempts} < ${CODE_MAX_ATTEMPTS}`))
    .returning({ attempts: verificationCodes.attempts });
  if (!counted) throw new DomainError('CODE_TOO_MANY_ATTEMPTS', 'Too many wrong codes; this code no longer works, ask for a new code');
  const expected = Buffer.from(row.codeHash);
  const given = Buffer.from(codeHash(ctx.signingSecret, input.accountId, input.kind, input.code));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    const left = CODE_MAX_ATTEMPTS - counted.attempts;
    throw left > 0
      ? new DomainError('CODE_INVALID', `The code is wrong; ${left} ${left === 1 ? 'attempt' : 'attempts'} left`)
      : new DomainError('CODE_TOO_MANY_ATTEMPTS', 'Too many wrong codes; this code no longer works, ask for a new code');
  }
  return db.transaction(async (tx) => {
    const consumed = await tx.delete(verificationCodes).where(eq(verificationCodes.id, row.id)).returning({ id: verificationCodes.id });
    // A parallel right answer already used it.
    if (consumed.length === 0) throw new DomainError('CODE_INVALID', 'There is no pending code; ask for a new code');
    return apply(tx, row);
  });
}
