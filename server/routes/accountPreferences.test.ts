import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope } from '../../contract/errorEnvelope.ts';
import { accounts, preferences } from '../infra/db/schema.ts';
import { UnsubscribeSigner } from '../domain/unsubscribe.ts';
import { asAccount, createSocialTestApp, passwordAccount } from '../testing/socialApp.ts';
import { drivers, signedInject, TEST_SECRET, type TestApp } from '../testing/testApp.ts';

const allOn = { milestone: true, whatsNew: true, article: true, submission: true, campaignRecap: true, comments: true, trending: true };

describe.each(drivers)('account preferences (%s)', (driver) => {
  let t: TestApp;
  let close: () => Promise<void>;
  let ana: string;
  let budi: string;
  const signer = new UnsubscribeSigner(new TextEncoder().encode(TEST_SECRET));
  beforeAll(async () => {
    ({ t, close } = await createSocialTestApp(driver));
    ana = (await passwordAccount(t, { username: 'ana', email: 'ana@example.test' }))!;
    budi = (await passwordAccount(t, { username: 'budi', email: 'budi@example.test' }))!;
  });
  afterAll(() => close());

  const get = (token: string, query = 'general=true&notification=true') => asAccount(t, token, { method: 'GET', url: `/api/v2/account/preference/get?${query}` });
  const save = (token: string, body: unknown) => asAccount(t, token, { method: 'PATCH', url: '/api/v2/account/preference/update', body });
  const stored = () => t.database.db.select().from(preferences);
  const envelope = (response: { json(): unknown }) => errorEnvelope.parse(response.json());

  it('answers unsaved general parts as null and every notification on', async () => {
    const response = await get(ana);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { generalPreference: { country: null, language: null }, notificationPreference: allOn } });
    expect((await get(ana, 'general=true')).json()).toEqual({ data: { generalPreference: { country: null, language: null } } });
    expect((await get(ana, 'notification=1')).json().data).not.toHaveProperty('generalPreference');
  });

  it('saves only the fields sent and mirrors general ones on the account', async () => {
    const general = await save(ana, { type: 'general', country: 'ID' });
    expect(general.json()).toEqual({ data: { generalPreference: { country: 'ID', language: null } } });
    await save(ana, { type: 'general', language: 'id' });
    const notification = await save(ana, { type: 'notification', milestone: false, trending: false });
    expect(notification.json()).toEqual({ data: { notificationPreference: { ...allOn, milestone: false, trending: false } } });
    await save(ana, { type: 'notification', trending: true });
    expect((await get(ana)).json().data).toEqual({ generalPreference: { country: 'ID', language: 'id' }, notificationPreference: { ...allOn, milestone: false } });
    const [row] = await t.database.db.select().from(accounts).where(eq(accounts.email, 'ana@example.test'));
    expect(row).toMatchObject({ country: 'ID', language: 'id' });
    // Budi's preferences are untouched by Ana's.
    expect((await get(budi)).json().data).toEqual({ generalPreference: { country: null, language: null }, notificationPreference: allOn });
  });

  it('refuses bad updates and queries with field messages and stores nothing', async () => {
    const before = await stored();
    for (const body of [
      { type: 'general', milestone: false },
      { type: 'notification', country: 'ID' },
      { type: 'general', country: 'Indonesia' },
      { type: 'general', language: 'bahasa indonesia' },
      { type: 'notification', milestone: 'no' },
      { type: 'billing', country: 'ID' },
      { country: 'ID' },
      { type: 'general' },
    ]) {
      const response = await save(ana, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(envelope(response).fields ?? {}).length, JSON.stringify(body)).toBeGreaterThan(0);
    }
    expect((await get(ana, 'general=yes')).statusCode).toBe(400);
    expect((await get(ana, 'general=true&extra=1')).statusCode).toBe(400);
    expect(await stored()).toEqual(before);
  });

  it('needs a signed-in account', async () => {
    expect((await signedInject(t.app, { method: 'GET', url: '/api/v2/account/preference/get?general=true' })).statusCode).toBe(401);
    expect((await signedInject(t.app, { method: 'PATCH', url: '/api/v2/account/preference/update', body: { type: 'general', country: 'ID' } })).statusCode).toBe(401);
  });

  it('unsubscribes with the signed link from a mail, and refuses links for another address or type', async () => {
    const unsubscribe = (body: unknown) => signedInject(t.app, { method: 'POST', url: '/api/v2/account/preference/unsubscribe', body });
    const link = new URL(signer.link('https://bingkai.test', 'budi@example.test', 'whatsNew'));
    expect(link.pathname).toBe('/unsubscribe');
    const token = link.searchParams.get('token')!;
    const before = await stored();
    for (const body of [
      { email: 'ana@example.test', type: 'whatsNew', token },
      { email: 'budi@example.test', type: 'all', token },
      { email: 'budi@example.test', type: 'whatsNew', token: token.slice(0, -2) + 'xx' },
    ]) {
      const response = await unsubscribe(body);
      expect(response.statusCode).toBe(403);
      expect(envelope(response).message).toMatch(/unsubscribe link is not valid/);
    }
    for (const body of [{ email: 'budi@example.test', type: 'whatsNew' }, { email: 'budi@example.test', type: 'everything', token }, { email: 'x', type: 'all', token }]) {
      expect((await unsubscribe(body)).statusCode).toBe(400);
    }
    expect(await stored()).toEqual(before);

    const ok = await unsubscribe({ email: 'Budi@Example.test', type: 'whatsNew', token });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ data: { email: 'budi@example.test', type: 'whatsNew', unsubscribed: true } });
    expect((await get(budi, 'notification=true')).json().data.notificationPreference).toEqual({ ...allOn, whatsNew: false });
    const all = await unsubscribe({ email: 'budi@example.test', type: 'all', token: signer.token('budi@example.test', 'all') });
    expect(all.statusCode).toBe(200);
    expect(Object.values((await get(budi, 'notification=true')).json().data.notificationPreference)).toEqual(Object.values(allOn).map(() => false));
    // Ana was never touched.
    expect((await get(ana, 'notification=true')).json().data.notificationPreference.whatsNew).toBe(true);
  });
});
