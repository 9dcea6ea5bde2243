import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope } from '../../contract/errorEnvelope.ts';
import { REPORT_DETAILS_MAX } from '../../contract/report.ts';
import { FINGERPRINT_HEADER, REQUEST_TOKEN_HEADER, signRequest } from '../../contract/requestSignature.ts';
import { accounts, posts, reports } from '../infra/db/schema.ts';
import { fingerprintHash } from '../infra/fingerprintHash.ts';
import { insertCampaign, insertCreator } from '../testing/fixtures.ts';
import { bearer, passwordAccount } from '../testing/socialApp.ts';
import { createTestApp, drivers, fetchRequestKey, TEST_SECRET, type TestApp } from '../testing/testApp.ts';
import { REPORTS_PER_HOUR } from './reports.ts';

describe.each(drivers)('reports (%s)', (driver) => {
  let t: TestApp;
  let ana: string;
  let anaId: string;
  let postUri: string;
  // Each test reports from its own address, so the per-IP limit of one test does not spill into another.
  let nextAddress = 1;

  beforeAll(async () => {
    t = await createTestApp(driver);
    ana = (await passwordAccount(t, { username: 'ana', email: 'ana@example.test' }))!;
    anaId = (await t.database.db.select().from(accounts).where(eq(accounts.email, 'ana@example.test')))[0]!.id;
    const creator = await insertCreator(t.database.db, 'creator');
    const campaign = await insertCampaign(t.database.db, creator.id, { uri: 'merdeka' });
    await insertCampaign(t.database.db, creator.id, { uri: 'secret', visibility: 'private' });
    postUri = 'PostUri123';
    await t.database.db.insert(posts).values({ uri: postUri, campaignId: campaign.id, authorId: creator.id, imageKey: `public/posts/${postUri}.jpg`, width: 1080, height: 1080 });
  });
  afterAll(() => t.close());

  const envelope = (response: { json(): unknown }) => errorEnvelope.parse(response.json());
  const allReports = () => t.database.db.select().from(reports).orderBy(reports.createdAt, reports.id);

  /** A signed POST /reports from a given fingerprint and client address. */
  async function report(body: unknown, options: { fingerprint?: string; address?: string; token?: string } = {}) {
    const fingerprint = options.fingerprint ?? 'fp-visitor';
    const key = await fetchRequestKey(t.app, fingerprint);
    const payload = JSON.stringify(body);
    const token = await signRequest(key, { method: 'POST', pathAndQuery: '/api/v2/reports', body: payload });
    return t.app.inject({
      method: 'POST',
      url: '/api/v2/reports',
      remoteAddress: options.address ?? '10.0.0.1',
      headers: { [FINGERPRINT_HEADER]: fingerprint, [REQUEST_TOKEN_HEADER]: token, 'content-type': 'application/json', ...(options.token ? bearer(options.token) : {}) },
      payload,
    });
  }

  const address = () => `10.0.1.${nextAddress++}`;

  it('takes a visitor’s report of a campaign, storing only a keyed hash of the fingerprint', async () => {
    const ip = address();
    const response = await report({ target: 'campaign', uri: 'merdeka', reason: 'spam', details: '  Ads everywhere  ' }, { fingerprint: 'fp-1', address: ip });
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json().data.id as string;
    const [row] = await t.database.db.select().from(reports).where(eq(reports.id, id));
    expect(row).toMatchObject({ target: 'campaign', reason: 'spam', details: 'Ads everywhere', accountId: null, status: 'open' });
    expect(row!.fingerprint).not.toContain('fp-1');
    expect(row!.fingerprint).toBe(fingerprintHash(new TextEncoder().encode(TEST_SECRET), 'report', 'fp-1'));
  });

  it('answers 409 ALREADY_REPORTED to the same person reporting the same target again, and changes nothing', async () => {
    const ip = address();
    expect((await report({ target: 'campaign', uri: 'merdeka', reason: 'hate' }, { fingerprint: 'fp-2', address: ip })).statusCode).toBe(201);
    const before = await allReports();
    const again = await report({ target: 'campaign', uri: 'merdeka', reason: 'violence', details: 'changed my mind' }, { fingerprint: 'fp-2', address: ip });
    expect(again.statusCode).toBe(409);
    expect(envelope(again).code).toBe('ALREADY_REPORTED');
    expect(await allReports()).toEqual(before);
    // Someone else may still report it, and the same person may report another target.
    expect((await report({ target: 'campaign', uri: 'merdeka', reason: 'hate' }, { fingerprint: 'fp-3', address: ip })).statusCode).toBe(201);
    expect((await report({ target: 'post', uri: postUri, reason: 'hate' }, { fingerprint: 'fp-2', address: ip })).statusCode).toBe(201);
  });

  it('records the signed-in reporter and accepts reports of private campaigns and posts', async () => {
    const ip = address();
    const byAna = await report({ target: 'post', uri: postUri, reason: 'other', details: 'Not my photo' }, { fingerprint: 'fp-ana', address: ip, token: ana });
    expect(byAna.statusCode, byAna.body).toBe(201);
    const [row] = await t.database.db.select().from(reports).where(eq(reports.id, byAna.json().data.id));
    expect(row).toMatchObject({ target: 'post', accountId: anaId, reason: 'other', details: 'Not my photo' });
    expect((await report({ target: 'campaign', uri: 'secret', reason: 'misinformation' }, { fingerprint: 'fp-ana', address: ip })).statusCode).toBe(201);
  });

  it('refuses unknown targets and invalid reports, and changes nothing', async () => {
    const ip = address();
    const before = await allReports();
    const cases: Array<[body: unknown, status: number, code: string]> = [
      [{ target: 'campaign', uri: 'no-such-campaign', reason: 'spam' }, 404, 'NOT_FOUND'],
      [{ target: 'post', uri: 'NoSuchPost1', reason: 'spam' }, 404, 'NOT_FOUND'],
      // A post's link names no campaign, and the other way round.
      [{ target: 'post', uri: 'merdeka', reason: 'spam' }, 404, 'NOT_FOUND'],
      [{ target: 'campaign', uri: postUri, reason: 'spam' }, 404, 'NOT_FOUND'],
      [{ target: 'campaign', uri: 'merdeka', reason: 'other' }, 400, 'VALIDATION_FAILED'],
      [{ target: 'campaign', uri: 'merdeka', reason: 'boring' }, 400, 'VALIDATION_FAILED'],
      [{ target: 'user', uri: 'merdeka', reason: 'spam' }, 400, 'VALIDATION_FAILED'],
      [{ target: 'campaign', uri: 'merdeka', reason: 'spam', details: 'x'.repeat(REPORT_DETAILS_MAX + 1) }, 400, 'VALIDATION_FAILED'],
      [{ target: 'campaign', uri: 'merdeka', reason: 'spam', accountId: anaId }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [body, status, code] of cases) {
      const response = await report(body, { fingerprint: 'fp-refused', address: ip });
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(envelope(response).code, JSON.stringify(body)).toBe(code);
    }
    const badToken = await report({ target: 'campaign', uri: 'merdeka', reason: 'spam' }, { fingerprint: 'fp-refused', address: address(), token: 'not-a-token' });
    expect(badToken.statusCode).toBe(401);
    expect(await allReports()).toEqual(before);
  });

  it(`limits reports to ${REPORTS_PER_HOUR} per hour per IP`, async () => {
    const ip = address();
    for (let i = 0; i < REPORTS_PER_HOUR; i++) {
      expect((await report({ target: 'campaign', uri: 'merdeka', reason: 'spam' }, { fingerprint: `fp-flood-${i}`, address: ip })).statusCode).toBe(201);
    }
    const before = await allReports();
    const limited = await report({ target: 'campaign', uri: 'merdeka', reason: 'spam' }, { fingerprint: 'fp-flood-last', address: ip });
    expect(limited.statusCode).toBe(429);
    expect(envelope(limited).code).toBe('RATE_LIMITED');
    expect(await allReports()).toEqual(before);
    // Another address is not affected.
    expect((await report({ target: 'campaign', uri: 'merdeka', reason: 'spam' }, { fingerprint: 'fp-flood-last', address: address() })).statusCode).toBe(201);
  });
});
