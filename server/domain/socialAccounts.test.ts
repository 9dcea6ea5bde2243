import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountIdentities, accounts } from '../infra/db/schema.ts';
import { DomainError } from '../domainError.ts';
import { statusOf } from '../testing/refusal.ts';
import { createTestDatabase, drivers, type TestDatabase } from '../testing/testApp.ts';
import type { FileStorage } from '../infra/storage/storage.ts';
import { removeSocialData, unlinkIdentity } from './socialAccounts.ts';

describe.each(drivers)('unlinking social identities (%s)', (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(() => database.dispose());

  it('never lets two concurrent unlinks remove the last two ways to sign in', async () => {
    const db = database.db;
    for (let round = 0; round < 5; round++) {
      // A social-only account (no password) with Google and Facebook linked: either may go, not both.
      const [account] = await db.insert(accounts).values({ name: 'Dua', username: `dua${round}`, email: `dua${round}@example.test`, isVerified: true }).returning();
      await db.insert(accountIdentities).values([
        { accountId: account!.id, provider: 'google', subject: `g-${round}`, name: 'Dua', email: account!.email },
        { accountId: account!.id, provider: 'facebook', subject: `f-${round}`, name: 'Dua', email: account!.email },
      ]);
      const results = await Promise.allSettled([unlinkIdentity(db, account!, 'google'), unlinkIdentity(db, account!, 'facebook')]);
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      const refused = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
      expect(refused).toHaveLength(1);
      expect(refused[0]).toBeInstanceOf(DomainError);
      expect(statusOf(refused[0] as DomainError)).toBe(409);
      expect(await db.select().from(accountIdentities).where(eq(accountIdentities.accountId, account!.id))).toHaveLength(1);
    }
  });

  it("never lets Facebook's deletion callback and an unlink together leave an account no way to sign in", async () => {
    const db = database.db;
    const storage = { delete: async () => undefined } as unknown as FileStorage;
    for (let round = 0; round < 20; round++) {
      const [account] = await db.insert(accounts).values({ name: 'Tiga', username: `tiga${round}`, email: `tiga${round}@example.test`, isVerified: true }).returning();
      await db.insert(accountIdentities).values([
        { accountId: account!.id, provider: 'google', subject: `tg-${round}`, name: 'Tiga', email: account!.email },
        { accountId: account!.id, provider: 'facebook', subject: `tf-${round}`, name: 'Tiga', email: account!.email },
      ]);
      await Promise.allSettled([removeSocialData({ database, storage }, account!.id, 'facebook'), unlinkIdentity(db, account!, 'google')]);
      // Either the account still has one provider, or it was deleted as a whole.
      const [left] = await db.select().from(accounts).where(eq(accounts.id, account!.id));
      const identities = await db.select().from(accountIdentities).where(eq(accountIdentities.accountId, account!.id));
      expect(left === undefined || identities.length === 1, `account ${left ? 'kept' : 'deleted'} with ${identities.length} identities`).toBe(true);
    }
  });
});
