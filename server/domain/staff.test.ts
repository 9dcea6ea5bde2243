import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, campaigns, reports, staffActions } from '../infra/db/schema.ts';
import { insertCampaign, insertCreator } from '../testing/fixtures.ts';
import { createTestDatabase, drivers, type TestDatabase } from '../testing/testApp.ts';
import { listOpenReports, moderate } from './moderation.ts';
import { findAccountByEmailOrUsername, isStaff, listStaffAccounts, setStaffRole } from './staff.ts';
import { suspendWithReason } from './staffAppeals.ts';

describe.each(drivers)('staff domain (%s)', (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(() => database.dispose());
  const db = () => database.db;
  const account = async (email: string) => (await db().select().from(accounts).where(eq(accounts.email, email)))[0]!;

  it('grants and revokes the role by email; a suspended staff member is not staff', async () => {
    await insertCreator(db(), 'wulan');
    expect(await setStaffRole(db(), 'WULAN@example.test', true)).toEqual({ changed: true });
    expect(isStaff(await account('wulan@example.test'))).toBe(true);
    expect(await listStaffAccounts(db())).toEqual([{ email: 'wulan@example.test', username: 'wulan', suspended: false }]);
    await db().update(accounts).set({ suspendedAt: new Date() }).where(eq(accounts.email, 'wulan@example.test'));
    expect(isStaff(await account('wulan@example.test'))).toBe(false);
    expect(await setStaffRole(db(), 'wulan@example.test', false)).toEqual({ changed: true });
    expect(await listStaffAccounts(db())).toEqual([]);
    await expect(setStaffRole(db(), 'nobody@example.test', true)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // The database refuses any other role.
    await expect(db().update(accounts).set({ staffRole: 'admin' as 'staff' })).rejects.toThrow();
  });

  it('finds an account by email or @username, and nothing else', async () => {
    await insertCreator(db(), 'yanto');
    expect((await findAccountByEmailOrUsername(db(), ' Yanto@Example.test ')).username).toBe('yanto');
    expect((await findAccountByEmailOrUsername(db(), '@yanto')).username).toBe('yanto');
    await expect(findAccountByEmailOrUsername(db(), 'yan%')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('leaves reports of deleted targets out of the queue, and a failed action writes no audit row', async () => {
    const creator = await insertCreator(db(), 'zaki');
    const gone = await insertCampaign(db(), creator.id, { uri: 'gone-soon' });
    const kept = await insertCampaign(db(), creator.id, { uri: 'stays' });
    await db().insert(reports).values([
      { target: 'campaign', targetId: gone.id, reason: 'spam', fingerprint: 'a' },
      { target: 'campaign', targetId: kept.id, reason: 'other', details: 'Looks copied', fingerprint: 'b' },
    ]);
    await db().delete(campaigns).where(eq(campaigns.id, gone.id));
    const queue = await listOpenReports(db(), 1, 20);
    expect(queue.total).toBe(1);
    expect(queue.items.map((item) => [item.uri, item.reasons, item.details])).toEqual([['stays', [{ reason: 'other', count: 1 }], ['Looks copied']]]);

    const staff = await account('zaki@example.test');
    await expect(moderate(db(), staff, 'restore', 'campaign', 'stays', 'Nothing to restore')).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(suspendWithReason(db(), staff, staff.uuid, 'Myself')).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await db().select().from(staffActions)).toEqual([]);
    // A report status outside open → actioned | dismissed is refused.
    await expect(db().update(reports).set({ status: 'closed' })).rejects.toThrow();
  });
});
