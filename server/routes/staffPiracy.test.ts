import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffPiracyFlagResponse, staffPiracyListResponse } from '../../contract/staffPiracy.ts';
import { accounts, campaignFrames, piracyFlags, staffActions } from '../infra/db/schema.ts';
import { fingerprintFrames } from '../domain/framePiracy.ts';
import { setStaffRole } from '../domain/staff.ts';
import { insertCampaign } from '../testing/fixtures.ts';
import { sampleFrame } from '../testing/sampleFrame.ts';
import { asAccount, createSocialTestApp, passwordAccount } from '../testing/socialApp.ts';
import { drivers, signedInject, type TestApp } from '../testing/testApp.ts';

const reason = 'The same frame as an earlier campaign';

describe.each(drivers)('staff frame matches (%s)', (driver) => {
  let t: TestApp;
  let close: () => Promise<void>;
  let staff: string;
  let creator: string;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    ({ t, close } = await createSocialTestApp(driver));
    staff = (await passwordAccount(t, { username: 'penjaga', email: 'penjaga@example.test' }))!;
    await setStaffRole(t.database.db, 'penjaga@example.test', true);
    creator = (await passwordAccount(t, { username: 'asli', email: 'asli@example.test' }))!;
    for (const username of ['asli', 'peniru', 'lain']) {
      await passwordAccount(t, { username, email: `${username}@example.test` }).catch(() => undefined);
      ids[username] = (await t.database.db.select().from(accounts).where(eq(accounts.username, username)))[0]!.id;
    }
  });
  afterAll(() => close());

  const db = () => t.database.db;
  const asStaff = (request: Parameters<typeof asAccount>[2]) => asAccount(t, staff, request);
  /** A campaign whose one frame is sample design `n`, fingerprinted as the campaign writes do. */
  async function campaignWithFrame(username: string, uri: string, n: number): Promise<void> {
    const campaign = await insertCampaign(db(), ids[username]!, { uri });
    const [frame] = await db().select().from(campaignFrames).where(eq(campaignFrames.campaignId, campaign.id));
    await fingerprintFrames(db(), campaign.id, ids[username]!, [{ id: frame!.id, png: await sampleFrame(n, 400) }]);
  }
  const openFlags = async () => staffPiracyListResponse.parse((await asStaff({ method: 'GET', url: '/api/v2/staff/piracy' })).json()).data.items;
  const flagOf = async (uri: string) => (await openFlags()).find((flag) => flag.copy.campaignUri === uri)!;

  it('answers 404 to visitors and to accounts that are not staff; 400 to bad input from staff', async () => {
    const requests = [
      { method: 'GET' as const, url: '/api/v2/staff/piracy' },
      { method: 'POST' as const, url: '/api/v2/staff/piracy/00000000-0000-4000-8000-000000000000/dismiss', body: { reason } },
      { method: 'POST' as const, url: '/api/v2/staff/piracy/nope/takedown', body: {} },
    ];
    for (const request of requests) {
      expect((await signedInject(t.app, request)).statusCode).toBe(404);
      expect((await asAccount(t, creator, request)).statusCode).toBe(404);
    }
    expect((await asStaff({ method: 'POST', url: '/api/v2/staff/piracy/nope/dismiss', body: { reason } })).statusCode).toBe(400);
    expect((await asStaff({ method: 'POST', url: '/api/v2/staff/piracy/00000000-0000-4000-8000-000000000000/dismiss', body: { reason: '' } })).statusCode).toBe(400);
    expect((await asStaff({ method: 'GET', url: '/api/v2/staff/piracy?limit=0' })).statusCode).toBe(400);
    expect((await asStaff({ method: 'POST', url: '/api/v2/staff/piracy/00000000-0000-4000-8000-000000000000/dismiss', body: { reason } })).statusCode).toBe(404);
  });

  it('lists a copy beside its original; take down hides the copy (404 to visitors), warns its creator, closes the flag', async () => {
    await campaignWithFrame('asli', 'bingkai-asli', 1);
    await campaignWithFrame('peniru', 'bingkai-tiruan', 1);
    const flag = await flagOf('bingkai-tiruan');
    expect(flag).toMatchObject({ status: 'open', distance: 0, copy: { campaignUri: 'bingkai-tiruan', creatorUsername: 'peniru', hidden: false }, original: { campaignUri: 'bingkai-asli', creatorUsername: 'asli' } });
    expect(flag.copy.frameUrl).toMatch(/\/files\/public\/campaigns\/bingkai-tiruan\/frame-0\.png$/);

    const taken = await asStaff({ method: 'POST', url: `/api/v2/staff/piracy/${flag.id}/takedown`, body: { reason } });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(staffPiracyFlagResponse.parse(taken.json()).data).toMatchObject({ status: 'actioned', copy: { hidden: true } });
    expect((await signedInject(t.app, { method: 'GET', url: '/api/v2/campaigns/bingkai-tiruan' })).statusCode).toBe(404);
    expect((await signedInject(t.app, { method: 'GET', url: '/api/v2/campaigns/bingkai-asli' })).statusCode).toBe(200);
    const audit = await db().select().from(staffActions).orderBy(staffActions.id);
    expect(audit.map((row) => [row.action, row.targetType])).toEqual([['hide', 'campaign'], ['warn', 'account'], ['hide', 'piracyFlag']]);
    expect(await openFlags()).toEqual([]);
    expect((await asStaff({ method: 'POST', url: `/api/v2/staff/piracy/${flag.id}/dismiss`, body: { reason } })).statusCode).toBe(409);
  });

  it('dismisses a match, or suspends the copying creator', async () => {
    await campaignWithFrame('asli', 'desain-dua', 2);
    await campaignWithFrame('lain', 'desain-dua-juga', 2);
    await campaignWithFrame('peniru', 'desain-dua-lagi', 2);
    const dismissed = await asStaff({ method: 'POST', url: `/api/v2/staff/piracy/${(await flagOf('desain-dua-juga')).id}/dismiss`, body: { reason: 'Licensed from the original creator' } });
    expect(staffPiracyFlagResponse.parse(dismissed.json()).data).toMatchObject({ status: 'dismissed', copy: { hidden: false } });
    const suspended = await asStaff({ method: 'POST', url: `/api/v2/staff/piracy/${(await flagOf('desain-dua-lagi')).id}/suspend`, body: { reason } });
    expect(staffPiracyFlagResponse.parse(suspended.json()).data).toMatchObject({ status: 'actioned', copy: { creatorSuspended: true } });
    const flags = await db().select().from(piracyFlags).where(and(eq(piracyFlags.status, 'open')));
    expect(flags).toEqual([]);
  });
});
