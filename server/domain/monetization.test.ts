import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MonetizationApplyBody } from '../../contract/monetization.ts';
import { accounts, monetizationApplications, staffActions } from '../infra/db/schema.ts';
import { insertCampaign, insertCreator } from '../testing/fixtures.ts';
import { createTestDatabase, drivers, type TestDatabase } from '../testing/testApp.ts';
import { applyForMonetization, decideApplication, listPendingApplications, monetizationOf } from './monetization.ts';

const application = (campaigns: string[]): MonetizationApplyBody => ({
  legalName: 'Sri Wulandari',
  country: 'ID',
  payoutMethod: { type: 'bank', bankName: 'BCA', accountName: 'Sri Wulandari', accountNumber: '1234 5678 90' },
  campaigns,
  agreeToTerms: true,
});

describe.each(drivers)('monetization applications (%s)', (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(() => database.dispose());
  const db = () => database.db;
  const reload = async (id: string) => (await db().select().from(accounts).where(eq(accounts.id, id)))[0]!;

  it('moves FORM → PENDING → REJECTED (with the reason) → PENDING again → APPROVED, one audit row per decision', async () => {
    const creator = await insertCreator(db(), 'ayu');
    const staff = await insertCreator(db(), 'moderator1');
    await insertCampaign(db(), creator.id, { uri: 'ayu-one' });
    await insertCampaign(db(), creator.id, { uri: 'ayu-two' });

    expect(await monetizationOf(db(), creator)).toEqual({ state: 'FORM', application: null });
    const sent = await applyForMonetization(db(), creator.id, application(['ayu-two', 'ayu-one']));
    expect(sent.state).toBe('PENDING');
    expect(sent.application).toMatchObject({ legalName: 'Sri Wulandari', country: 'ID', campaigns: [{ uri: 'ayu-two' }, { uri: 'ayu-one' }], reason: null });

    // Only FORM or REJECTED may apply: a second application while pending is refused and changes nothing.
    await expect(applyForMonetization(db(), creator.id, { ...application(['ayu-one']), legalName: 'Someone Else' })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect((await monetizationOf(db(), await reload(creator.id))).application?.legalName).toBe('Sri Wulandari');

    const queue = await listPendingApplications(db(), 1, 20);
    expect(queue.total).toBe(1);
    expect(queue.items[0]).toMatchObject({ account: { username: 'ayu' }, state: 'PENDING' });

    const rejected = await decideApplication(db(), staff, creator.uuid, 'reject', 'The legal name does not match the bank account');
    expect(rejected).toMatchObject({ state: 'REJECTED', reason: 'The legal name does not match the bank account' });
    // Only PENDING may be decided.
    await expect(decideApplication(db(), staff, creator.uuid, 'approve', 'Looks fine')).rejects.toMatchObject({ code: 'CONFLICT' });
    const shown = await monetizationOf(db(), await reload(creator.id));
    expect(shown).toMatchObject({ state: 'REJECTED', application: { reason: 'The legal name does not match the bank account' } });

    const again = await applyForMonetization(db(), creator.id, application(['ayu-one']));
    expect(again).toMatchObject({ state: 'PENDING', application: { reason: null, decidedAt: null, campaigns: [{ uri: 'ayu-one' }] } });
    const approved = await decideApplication(db(), staff, creator.uuid, 'approve', 'Verified the bank account');
    expect(approved.state).toBe('APPROVED');
    expect((await reload(creator.id)).applyMonetization).toBe('APPROVED');
    await expect(applyForMonetization(db(), creator.id, application(['ayu-one']))).rejects.toMatchObject({ code: 'CONFLICT' });

    const audit = await db().select().from(staffActions).where(eq(staffActions.targetId, creator.uuid));
    expect(audit.map((row) => [row.action, row.targetType, row.staffId])).toEqual([
      ['reject', 'application', staff.id],
      ['approve', 'application', staff.id],
    ]);
    expect((await listPendingApplications(db(), 1, 20)).total).toBe(0);
  });

  it('refuses bad input and campaigns of someone else, writing nothing', async () => {
    const creator = await insertCreator(db(), 'bima');
    const other = await insertCreator(db(), 'citra');
    await insertCampaign(db(), creator.id, { uri: 'bima-own' });
    await insertCampaign(db(), other.id, { uri: 'citra-own' });
    await expect(applyForMonetization(db(), creator.id, application(['bima-own', 'citra-own']))).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(applyForMonetization(db(), creator.id, application(['no-such-campaign']))).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(applyForMonetization(db(), creator.id, { ...application(['bima-own']), agreeToTerms: false as true })).rejects.toThrow();
    await expect(applyForMonetization(db(), creator.id, { ...application(['bima-own']), country: 'Indonesia' })).rejects.toThrow();
    await expect(applyForMonetization(db(), creator.id, application([]))).rejects.toThrow();
    expect(await db().select().from(monetizationApplications).where(eq(monetizationApplications.accountId, creator.id))).toEqual([]);
    expect((await reload(creator.id)).applyMonetization).toBe('FORM');
  });

  it('lists pending applications oldest first, a page at a time', async () => {
    const before = (await listPendingApplications(db(), 1, 50)).total;
    const names = ['dewi', 'eko', 'fajar'];
    for (const [index, name] of names.entries()) {
      const creator = await insertCreator(db(), name);
      await insertCampaign(db(), creator.id, { uri: `${name}-c` });
      await applyForMonetization(db(), creator.id, application([`${name}-c`]), new Date(Date.UTC(2026, 0, 1 + index)));
    }
    const first = await listPendingApplications(db(), 1, 2);
    expect(first.total).toBe(before + 3);
    expect(first.items.map((item) => item.account.username)).toEqual(['dewi', 'eko']);
    expect((await listPendingApplications(db(), 2, 2)).items.map((item) => item.account.username)).toEqual(['fajar']);
  });
});
