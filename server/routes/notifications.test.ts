/**
 * The notification routes over HTTP (inject, signed like the client): signed-in only, the contract's validation,
 * one's own notifications only, marking read; a refused request changes nothing.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope } from '../../contract/errorEnvelope.ts';
import { notificationListResponse, unreadCountResponse } from '../../contract/notification.ts';
import { accounts, notifications } from '../infra/db/schema.ts';
import { createNotification, notifyMilestone } from '../domain/notifications.ts';
import { insertCampaign } from '../testing/fixtures.ts';
import { asAccount, passwordAccount } from '../testing/socialApp.ts';
import { createTestApp, drivers, signedInject, type TestApp } from '../testing/testApp.ts';

describe.each(drivers)('notification routes (%s)', (driver) => {
  let t: TestApp;
  let ana: string;
  let budi: string;
  let anaId: string;
  let budiId: string;
  let campaignUri: string;

  beforeAll(async () => {
    t = await createTestApp(driver);
    ana = (await passwordAccount(t, { username: 'ana', email: 'ana@example.test' }))!;
    budi = (await passwordAccount(t, { username: 'budi', email: 'budi@example.test' }))!;
    const idOf = async (email: string) => (await t.database.db.select().from(accounts).where(eq(accounts.email, email)))[0]!.id;
    anaId = await idOf('ana@example.test');
    budiId = await idOf('budi@example.test');
    const campaign = await insertCampaign(t.database.db, anaId, { uri: 'ana-campaign' });
    campaignUri = campaign.uri;
    await notifyMilestone(t.database.db, campaign.id, 10);
    await notifyMilestone(t.database.db, campaign.id, 100);
    await createNotification(t.database.db, { accountId: anaId, type: 'trending', dedupeKey: 'trending:x', campaignId: campaign.id, data: { rank: 2, week: '2026-W48' } });
    await createNotification(t.database.db, { accountId: budiId, type: 'whatsNew', dedupeKey: 'whatsNew:1', data: { title: 'Collections', path: '/explore' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const envelope = (response: { json(): unknown }) => errorEnvelope.parse(response.json());
  const state = () => t.database.db.select().from(notifications).orderBy(notifications.dedupeKey);

  it('needs an account: 401 with the error envelope, nothing changed', async () => {
    const before = await state();
    for (const request of [
      { method: 'GET', url: '/api/v2/notifications' },
      { method: 'GET', url: '/api/v2/notifications/unread-count' },
      { method: 'POST', url: '/api/v2/notifications/read-all' },
      { method: 'POST', url: `/api/v2/notifications/${before[0]!.id}/read` },
    ] as const) {
      const response = await signedInject(t.app, request);
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(401);
      expect(envelope(response).code).toBe('UNAUTHORIZED');
      const wrongToken = await signedInject(t.app, { ...request, headers: { authorization: 'Bearer not-a-token' } });
      expect(wrongToken.statusCode).toBe(401);
    }
    expect(await state()).toEqual(before);
  });

  it('lists the account’s own notifications, newest first, with the unread count', async () => {
    const response = await asAccount(t, ana, { method: 'GET', url: '/api/v2/notifications' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const { data } = notificationListResponse.parse(response.json());
    expect(data).toMatchObject({ page: 1, limit: 10, total: 3, unread: 3 });
    expect(data.items.map((item) => item.type).sort()).toEqual(['milestone', 'milestone', 'trending']);
    const milestone = data.items.find((item) => item.data.milestone === 100)!;
    expect(milestone).toMatchObject({ read: false, campaign: { uri: campaignUri, title: `Title ${campaignUri}` }, data: { milestone: 100 } });
    // Only the contract's fields leave the server (not the campaign id stored with it).
    expect(Object.keys(milestone.data)).toEqual(['milestone']);

    const paged = notificationListResponse.parse((await asAccount(t, ana, { method: 'GET', url: '/api/v2/notifications?page=2&limit=2' })).json()).data;
    expect(paged).toMatchObject({ page: 2, limit: 2, total: 3 });
    expect(paged.items).toHaveLength(1);

    const budis = notificationListResponse.parse((await asAccount(t, budi, { method: 'GET', url: '/api/v2/notifications' })).json()).data;
    expect(budis.items).toEqual([expect.objectContaining({ type: 'whatsNew', campaign: null, data: { title: 'Collections', path: '/explore' } })]);
  });

  it('refuses a bad page, limit or id with 400 VALIDATION_FAILED', async () => {
    for (const url of ['/api/v2/notifications?page=0', '/api/v2/notifications?limit=51', '/api/v2/notifications?limit=abc', '/api/v2/notifications?sort=old']) {
      const response = await asAccount(t, ana, { method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(envelope(response).code).toBe('VALIDATION_FAILED');
    }
    const before = await state();
    const response = await asAccount(t, ana, { method: 'POST', url: '/api/v2/notifications/not-a-uuid/read' });
    expect(response.statusCode).toBe(400);
    expect(envelope(response).code).toBe('VALIDATION_FAILED');
    expect(await state()).toEqual(before);
  });

  it('marks one read (404 for someone else’s or an unknown one), then all', async () => {
    const unread = async (token: string) => unreadCountResponse.parse((await asAccount(t, token, { method: 'GET', url: '/api/v2/notifications/unread-count' })).json()).data.unread;
    expect(await unread(ana)).toBe(3);
    const [budisOwn] = await t.database.db.select().from(notifications).where(eq(notifications.accountId, budiId));
    const before = await state();
    for (const id of [budisOwn!.id, '00000000-0000-4000-8000-000000000000']) {
      const response = await asAccount(t, ana, { method: 'POST', url: `/api/v2/notifications/${id}/read` });
      expect(response.statusCode).toBe(404);
      expect(envelope(response).code).toBe('NOT_FOUND');
    }
    expect(await state()).toEqual(before);

    const [first] = await t.database.db.select().from(notifications).where(eq(notifications.accountId, anaId));
    const marked = await asAccount(t, ana, { method: 'POST', url: `/api/v2/notifications/${first!.id}/read` });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(unreadCountResponse.parse(marked.json()).data.unread).toBe(2);
    const list = notificationListResponse.parse((await asAccount(t, ana, { method: 'GET', url: '/api/v2/notifications' })).json()).data;
    expect(list.items.find((item) => item.id === first!.id)!.read).toBe(true);

    const all = await asAccount(t, ana, { method: 'POST', url: '/api/v2/notifications/read-all' });
    expect(all.statusCode).toBe(200);
    expect(unreadCountResponse.parse(all.json()).data.unread).toBe(0);
    expect(await unread(ana)).toBe(0);
    // Budi's are untouched.
    expect(await unread(budi)).toBe(1);
  });
});
