import { afterEach, describe, expect, it, vi } from 'vitest';
import { noticeResponse } from '../../contract/notice.ts';
import { freePort, startSmtp, type TestSmtp } from '../testing/accountApp.ts';
import { createTestApp, drivers, signedInject, type TestApp } from '../testing/testApp.ts';

const notice = async (t: TestApp) => {
  const response = await signedInject(t.app, { method: 'GET', url: '/api/v2/notice' });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return noticeResponse.parse(response.json()).data;
};

describe.each(drivers)('GET /api/v2/notice (%s)', (driver) => {
  const open: Array<TestApp | TestSmtp> = [];
  afterEach(async () => {
    for (const item of open.splice(0)) await item.close();
  });

  it('raises the maintenance notice when the SMTP server is unreachable', async () => {
    const t = await createTestApp(driver, { smtpUrl: `smtp://127.0.0.1:${await freePort()}` });
    open.push(t);
    // The start-up check runs in the background; the notice follows it.
    await vi.waitFor(async () => expect(await notice(t)).toEqual({ maintenance: true }), { timeout: 5000, interval: 50 });
  });

  it('shows no notice with a working SMTP server or in .eml file mode, and is signed like the rest of /api/v2', async () => {
    const smtp = await startSmtp();
    open.push(smtp);
    const withSmtp = await createTestApp(driver, { smtpUrl: smtp.url });
    open.push(withSmtp);
    // After the start-up check has talked to the server.
    await vi.waitFor(() => expect(smtp.closedSessions()).toBeGreaterThan(0), { timeout: 5000, interval: 20 });
    expect(await notice(withSmtp)).toEqual({ maintenance: false });
    const files = await createTestApp(driver);
    open.push(files);
    expect(await notice(files)).toEqual({ maintenance: false });
    const unsigned = await files.app.inject({ method: 'GET', url: '/api/v2/notice', headers: { 'x-fingerprint': 'fp' } });
    expect(unsigned.statusCode).toBe(401);
  });
});
