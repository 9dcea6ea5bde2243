import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageViews } from '../infra/db/schema.ts';
import { createTestApp, drivers, signedInject, type TestApp } from '../testing/testApp.ts';

describe.each(drivers)('page views (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  it('stores a page view with fingerprint, route and referrer', async () => {
    const response = await signedInject(t.app, {
      method: 'POST',
      url: '/api/v2/analytics/page-view',
      fingerprint: 'visitor-9',
      body: { path: '/explore/campaign?q=merdeka', routeName: 'explore', referrer: 'https://example.com/' },
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const rows = await t.database.db.select().from(pageViews);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ fingerprint: 'visitor-9', path: '/explore/campaign?q=merdeka', routeName: 'explore', referrer: 'https://example.com/' });
    expect(rows[0]!.createdAt).toBeInstanceOf(Date);
  });

  it('refuses bad views and stores nothing', async () => {
    const bad = [{}, { path: '/', routeName: '' }, { path: '/', routeName: 'home', referrer: 'x'.repeat(2049) }, { path: '', routeName: 'home' }, []];
    for (const body of bad) {
      const response = await signedInject(t.app, { method: 'POST', url: '/api/v2/analytics/page-view', body });
      expect(response.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
    const empty = await signedInject(t.app, { method: 'POST', url: '/api/v2/analytics/page-view' });
    expect(empty.statusCode).toBe(400);
    expect(await t.database.db.select().from(pageViews)).toHaveLength(1);
  });
});
