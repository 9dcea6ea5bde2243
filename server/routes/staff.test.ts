import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope } from '../../contract/errorEnvelope.ts';
import { apiRoutes } from '../../contract/routes.ts';
import { staffAppealListResponse, staffAuditListResponse, staffReportListResponse } from '../../contract/staff.ts';
import { accounts, posts, reports, staffActions } from '../infra/db/schema.ts';
import { setStaffRole } from '../domain/staff.ts';
import { solveCaptcha } from '../testing/accountApp.ts';
import { insertCampaign } from '../testing/fixtures.ts';
import { asAccount, claimsOf, createSocialTestApp, passwordAccount } from '../testing/socialApp.ts';
import { fetchFile, putUpload, uploadAccepted } from '../testing/storageRequests.ts';
import { drivers, signedInject, type TestApp } from '../testing/testApp.ts';

const reason = 'Breaks the community rules';
const appealMessage = 'I did nothing wrong; the campaign was for our school reunion.';
/** Past the campaign read cache (CAMPAIGN_READ_CACHE_MS), so a change shows on the next read. */
const pastReadCache = () => new Promise((resolve) => setTimeout(resolve, 1100));

describe.each(drivers)('staff console (%s)', (driver) => {
  let t: TestApp;
  let close: () => Promise<void>;
  let staff: string;
  let creator: string;
  let creatorId: string;
  beforeAll(async () => {
    ({ t, close } = await createSocialTestApp(driver));
    staff = (await passwordAccount(t, { username: 'moderator', email: 'mod@example.test' }))!;
    await setStaffRole(t.database.db, 'mod@example.test', true);
    creator = (await passwordAccount(t, { username: 'kreator', email: 'kreator@example.test' }))!;
    creatorId = (await t.database.db.select().from(accounts).where(eq(accounts.email, 'kreator@example.test')))[0]!.id;
  });
  afterAll(() => close());

  const db = () => t.database.db;
  const envelope = (response: { json(): unknown }) => errorEnvelope.parse(response.json());
  const auditRows = () => db().select().from(staffActions).orderBy(staffActions.id);
  const asStaff = (request: Parameters<typeof asAccount>[2]) => asAccount(t, staff, request);
  let fingerprints = 0;
  async function report(target: 'campaign' | 'post', targetId: string, why: string, details = '') {
    await db()
      .insert(reports)
      .values({ target, targetId, reason: why, details, fingerprint: `fp-${++fingerprints}` });
  }

  it('answers 404 on every staff route to visitors, signed-in accounts and a revoked staff member', async () => {
    const plain = (await passwordAccount(t, { username: 'biasa', email: 'biasa@example.test' }))!;
    const keys = Object.keys(apiRoutes).filter((key) => key.split(' ')[1]!.startsWith('/staff'));
    expect(keys.length).toBeGreaterThanOrEqual(11);
    const requestOf = (key: string) => {
      const [method, path] = key.split(' ') as ['GET' | 'POST', string];
      const url = `/api/v2${path.replace(':target', 'campaign').replace(':uri', 'nothing').replace(':uuid', claimsOf(plain).sub)}${method === 'GET' ? '?q=biasa' : ''}`;
      return { method, url, ...(method === 'POST' ? { body: { reason } } : {}) };
    };
    for (const key of keys) {
      expect((await signedInject(t.app, requestOf(key))).statusCode, key).toBe(404);
      // The session probe answers every signed-in account (whether to show the console link); the rest is 404.
      if (key === 'GET /staff/session') expect((await asAccount(t, plain, requestOf(key))).json(), key).toEqual({ data: { staff: false } });
      else expect((await asAccount(t, plain, requestOf(key))).statusCode, key).toBe(404);
    }
    expect((await asStaff({ method: 'GET', url: '/api/v2/staff/session' })).json()).toEqual({ data: { staff: true } });
    // The role is read on every request: a revoke counts at once, with the same token.
    await setStaffRole(db(), 'mod@example.test', false);
    expect((await asStaff({ method: 'GET', url: '/api/v2/staff/session' })).json()).toEqual({ data: { staff: false } });
    expect((await asStaff(requestOf('GET /staff/reports'))).statusCode).toBe(404);
    await setStaffRole(db(), 'mod@example.test', true);
    expect((await asStaff({ method: 'GET', url: '/api/v2/staff/session' })).json()).toEqual({ data: { staff: true } });
    expect(await auditRows()).toEqual([]);
  });

  it('groups open reports by target; hide takes a campaign down for everyone but staff and out of every list; restore brings it back', async () => {
    const hideMe = await insertCampaign(db(), creatorId, { uri: 'hide-me' });
    const [post] = await db()
      .insert(posts)
      .values({ uri: 'p-hide-me', campaignId: hideMe.id, authorId: creatorId, imageKey: 'public/posts/p-hide-me.jpg', width: 10, height: 10 })
      .returning();
    await report('campaign', hideMe.id, 'spam');
    await report('campaign', hideMe.id, 'spam', 'Selling followers');
    await report('campaign', hideMe.id, 'hate', 'Insults a group');
    await report('post', post!.id, 'sexual');

    const queue = staffReportListResponse.parse((await asStaff({ method: 'GET', url: '/api/v2/staff/reports' })).json()).data;
    expect(queue.total).toBe(2);
    expect(queue.items[0]).toMatchObject({
      target: 'campaign',
      uri: 'hide-me',
      title: 'Title hide-me',
      owner: 'kreator',
      hidden: false,
      count: 3,
      reasons: [
        { reason: 'spam', count: 2 },
        { reason: 'hate', count: 1 },
      ],
    });
    expect([...queue.items[0]!.details].sort()).toEqual(['Insults a group', 'Selling followers']);
    expect(queue.items[1]).toMatchObject({ target: 'post', uri: 'p-hide-me', count: 1, reasons: [{ reason: 'sexual', count: 1 }] });
    const paged = staffReportListResponse.parse((await asStaff({ method: 'GET', url: '/api/v2/staff/reports?page=2&limit=1' })).json()).data;
    expect(paged).toMatchObject({ page: 2, limit: 1, total: 2, items: [{ uri: 'p-hide-me' }] });

    // Bad input changes nothing.
    for (const [url, body, status] of [
      ['/api/v2/staff/reports/campaign/hide-me/hide', {}, 400],
      ['/api/v2/staff/reports/campaign/hide-me/hide', { reason: ' x ' }, 400],
      ['/api/v2/staff/reports/campaign/hide-me/hide', { reason, extra: 1 }, 400],
      ['/api/v2/staff/reports/account/hide-me/hide', { reason }, 400],
      ['/api/v2/staff/reports/campaign/no-such-campaign/hide', { reason }, 404],
      ['/api/v2/staff/reports/campaign/hide-me/restore', { reason }, 409],
    ] as const) {
      expect((await asStaff({ method: 'POST', url, body })).statusCode, `${url} ${JSON.stringify(body)}`).toBe(status);
    }
    expect(await auditRows()).toEqual([]);
    expect((await signedInject(t.app, { method: 'GET', url: '/api/v2/campaigns' })).json().data.items.map((c: { uri: string }) => c.uri)).toContain('hide-me');
    expect((await signedInject(t.app, { method: 'GET', url: '/api/v2/explore/campaign' })).json().data.items.map((c: { uri: string }) => c.uri)).toContain('hide-me');
    expect((await t.app.inject({ method: 'GET', url: '/sitemap-campaigns-1.xml' })).body).toContain('hide-me');

    const hidden = await asStaff({ method: 'POST', url: '/api/v2/staff/reports/campaign/hide-me/hide', body: { reason } });
    expect(hidden.json()).toEqual({ data: { target: 'campaign', uri: 'hide-me', hidden: true, reportsClosed: 3 } });
    expect((await asStaff({ method: 'POST', url: '/api/v2/staff/reports/campaign/hide-me/hide', body: { reason } })).statusCode).toBe(409);
    expect(await auditRows()).toMatchObject([{ action: 'hide', targetType: 'campaign', targetId: 'hide-me', reason, staffEmail: 'mod@example.test', data: { reportsClosed: 3 } }]);
    expect((await db().select().from(reports).where(eq(reports.targetId, hideMe.id))).map((row) => row.status)).toEqual(['actioned', 'actioned', 'actioned']);

    await pastReadCache();
    expect((await signedInject(t.app, { method: 'GET', url: '/api/v2/campaigns/hide-me' })).statusCode).toBe(404);
    expect((await asAccount(t, creator, { method: 'GET', url: '/api/v2/campaigns/hide-me' })).statusCode).toBe(404);
    expect((await asStaff({ method: 'GET', url: '/api/v2/campaigns/hide-me' })).statusCode).toBe(200);
    // Its posts go with it; the lists leave it out; its creator sees it as taken down.
    expect((await signedInject(t.app, { method: 'GET', url: '/api/v2/posts/p-hide-me' })).statusCode).toBe(404);
    expect((await signedInject(t.app, { method: 'GET', url: '/api/v2/campaigns' })).json().data.items.map((c: { uri: string }) => c.uri)).not.toContain('hide-me');
    expect((await signedInject(t.app, { method: 'GET', url: '/api/v2/profiles/kreator/campaigns' })).json().data.total).toBe(0);
    expect((await signedInject(t.app, { method: 'GET', url: '/api/v2/profiles/kreator/posts' })).json().data.total).toBe(0);
    expect((await signedInject(t.app, { method: 'GET', url: '/api/v2/explore/campaign' })).json().data.items.map((c: { uri: string }) => c.uri)).not.toContain('hide-me');
    expect((await t.app.inject({ method: 'GET', url: '/sitemap-campaigns-1.xml' })).body).not.toContain('hide-me');
    const own = (await asAccount(t, creator, { method: 'GET', url: '/api/v2/account/campaigns' })).json().data.items;
    expect(own).toMatchObject([{ uri: 'hide-me', takenDown: true }]);
    expect(staffReportListResponse.parse((await asStaff({ method: 'GET', url: '/api/v2/staff/reports' })).json()).data.items.map((g) => g.uri)).toEqual(['p-hide-me']);

    const restored = await asStaff({ method: 'POST', url: '/api/v2/staff/reports/campaign/hide-me/restore', body: { reason: 'Reviewed again: fine' } });
    expect(restored.json()).toEqual({ data: { target: 'campaign', uri: 'hide-me', hidden: false, reportsClosed: 0 } });
    await pastReadCache();
    expect((await signedInject(t.app, { method: 'GET', url: '/api/v2/campaigns/hide-me' })).statusCode).toBe(200);
    expect((await signedInject(t.app, { method: 'GET', url: '/api/v2/posts/p-hide-me' })).statusCode).toBe(200);

    // A post alone.
    expect((await asStaff({ method: 'POST', url: '/api/v2/staff/reports/post/p-hide-me/hide', body: { reason } })).json().data).toMatchObject({ hidden: true, reportsClosed: 1 });
    expect((await signedInject(t.app, { method: 'GET', url: '/api/v2/posts/p-hide-me' })).statusCode).toBe(404);
    expect((await asStaff({ method: 'GET', url: '/api/v2/posts/p-hide-me' })).statusCode).toBe(200);
    expect((await signedInject(t.app, { method: 'GET', url: '/api/v2/profiles/kreator/posts' })).json().data.total).toBe(0);
    expect((await auditRows()).map((row) => row.action)).toEqual(['hide', 'restore', 'hide']);
  });

  it('dismiss closes the open reports and hides nothing; the audit log is paginated, newest first, and append-only', async () => {
    const keep = await insertCampaign(db(), creatorId, { uri: 'keep-me' });
    await report('campaign', keep.id, 'copyright');
    expect((await asStaff({ method: 'POST', url: '/api/v2/staff/reports/campaign/keep-me/dismiss', body: { reason: 'Not a copy' } })).json()).toEqual({
      data: { target: 'campaign', uri: 'keep-me', hidden: false, reportsClosed: 1 },
    });
    expect((await db().select().from(reports).where(eq(reports.targetId, keep.id)))[0]!.status).toBe('dismissed');
    expect((await asStaff({ method: 'POST', url: '/api/v2/staff/reports/campaign/keep-me/dismiss', body: { reason: 'Again' } })).statusCode).toBe(409);
    expect((await signedInject(t.app, { method: 'GET', url: '/api/v2/campaigns/keep-me' })).statusCode).toBe(200);

    const audit = staffAuditListResponse.parse((await asStaff({ method: 'GET', url: '/api/v2/staff/audit?limit=2' })).json()).data;
    expect(audit.total).toBe(4);
    expect(audit.items.map((row) => [row.action, row.targetId])).toEqual([
      ['dismiss', 'keep-me'],
      ['hide', 'p-hide-me'],
    ]);
    // Nobody changes the log, not even through the database.
    await expect(db().update(staffActions).set({ reason: 'rewritten' })).rejects.toThrow();
    await expect(db().delete(staffActions)).rejects.toThrow();
    await expect(db().execute(sql`truncate staff_actions`)).rejects.toThrow();
    expect(await auditRows()).toHaveLength(4);
  });

  it('suspends an account with a reason (confined to its appeal), shows the appeal with its evidence, and keeps or lifts', async () => {
    const sari = (await passwordAccount(t, { username: 'sari', email: 'sari@example.test' }))!;
    const tono = (await passwordAccount(t, { username: 'tono', email: 'tono@example.test' }))!;
    const found = await asStaff({ method: 'GET', url: '/api/v2/staff/accounts?q=SARI@example.test' });
    expect(found.json().data).toMatchObject({ uuid: claimsOf(sari).sub, username: 'sari', suspendedAt: null, appealStatus: 'NOT_YET', staff: false });
    expect((await asStaff({ method: 'GET', url: '/api/v2/staff/accounts?q=@tono' })).json().data.uuid).toBe(claimsOf(tono).sub);
    expect((await asStaff({ method: 'GET', url: '/api/v2/staff/accounts?q=nobody' })).statusCode).toBe(404);
    expect((await asStaff({ method: 'POST', url: `/api/v2/staff/accounts/${claimsOf(staff).sub}/suspend`, body: { reason } })).statusCode).toBe(409);

    for (const who of [sari, tono]) {
      const suspended = await asStaff({ method: 'POST', url: `/api/v2/staff/accounts/${claimsOf(who).sub}/suspend`, body: { reason } });
      expect(suspended.statusCode, suspended.body).toBe(200);
      expect(suspended.json().data).toMatchObject({ appealStatus: 'NOT_YET', suspendedAt: expect.any(String) });
    }
    expect((await asStaff({ method: 'POST', url: `/api/v2/staff/accounts/${claimsOf(sari).sub}/suspend`, body: { reason } })).statusCode).toBe(409);
    // Confined: every account API but the appeal answers 403 ACCOUNT_SUSPENDED.
    const notifications = await asAccount(t, sari, { method: 'GET', url: '/api/v2/notifications' });
    expect(notifications.statusCode).toBe(403);
    expect(envelope(notifications).code).toBe('ACCOUNT_SUSPENDED');
    expect((await asAccount(t, sari, { method: 'GET', url: '/api/v2/account/appeal' })).json().data).toMatchObject({ isSuspended: true, appealStatus: 'NOT_YET' });
    // Nothing to rule on before an appeal.
    expect((await asStaff({ method: 'POST', url: `/api/v2/staff/appeals/${claimsOf(sari).sub}/lift`, body: { reason } })).statusCode).toBe(409);

    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#884422' } }).jpeg().toBuffer();
    const grant = await asAccount(t, sari, { method: 'POST', url: '/api/v2/account/presigned/appeal', body: { contentType: 'image/jpeg' } });
    const put = await putUpload(t, grant.json().data, photo);
    expect(put.statusCode, put.text()).toBe(uploadAccepted(t));
    for (const [who, file] of [
      [sari, grant.json().data.key],
      [tono, undefined],
    ] as const) {
      const appealed = await asAccount(t, who, {
        method: 'POST',
        url: '/api/v2/account/appeal',
        body: { message: appealMessage, ...(file ? { file } : {}) },
        headers: { 'x-altcha': await solveCaptcha(t.app) },
      });
      expect(appealed.statusCode, appealed.body).toBe(200);
    }

    const appeals = staffAppealListResponse.parse((await asStaff({ method: 'GET', url: '/api/v2/staff/appeals' })).json()).data;
    expect(appeals.total).toBe(2);
    expect(appeals.items.map((item) => [item.account.username, item.message, item.account.appealStatus])).toEqual([
      ['sari', appealMessage, 'PENDING'],
      ['tono', appealMessage, 'PENDING'],
    ]);
    expect(appeals.items[1]!.fileUrl).toBeNull();
    const evidence = await fetchFile(t, appeals.items[0]!.fileUrl!);
    expect(evidence.statusCode).toBe(200);
    expect((await sharp(evidence.body).metadata()).width).toBe(40);

    expect((await asStaff({ method: 'POST', url: `/api/v2/staff/appeals/${claimsOf(tono).sub}/keep`, body: {} })).statusCode).toBe(400);
    const kept = await asStaff({ method: 'POST', url: `/api/v2/staff/appeals/${claimsOf(tono).sub}/keep`, body: { reason: 'The evidence does not hold' } });
    expect(kept.json().data).toMatchObject({ appealStatus: 'REJECTED', suspendedAt: expect.any(String) });
    expect((await asAccount(t, tono, { method: 'GET', url: '/api/v2/notifications' })).statusCode).toBe(403);
    const lifted = await asStaff({ method: 'POST', url: `/api/v2/staff/appeals/${claimsOf(sari).sub}/lift`, body: { reason: 'A mistake' } });
    expect(lifted.json().data).toMatchObject({ appealStatus: 'ACCEPTED', suspendedAt: null });
    expect((await asAccount(t, sari, { method: 'GET', url: '/api/v2/notifications' })).statusCode).toBe(200);
    expect((await asStaff({ method: 'POST', url: `/api/v2/staff/appeals/${claimsOf(sari).sub}/lift`, body: { reason } })).statusCode).toBe(409);
    expect(staffAppealListResponse.parse((await asStaff({ method: 'GET', url: '/api/v2/staff/appeals' })).json()).data.total).toBe(0);

    const log = (await auditRows()).slice(4).map((row) => [row.action, row.targetId, row.reason]);
    expect(log).toEqual([
      ['suspend', claimsOf(sari).sub, reason],
      ['suspend', claimsOf(tono).sub, reason],
      ['keep', claimsOf(tono).sub, 'The evidence does not hold'],
      ['lift', claimsOf(sari).sub, 'A mistake'],
    ]);
    const [row] = await db().select().from(accounts).where(and(eq(accounts.email, 'tono@example.test')));
    expect(row!.appealStatus).toBe('REJECTED');
  });
});
