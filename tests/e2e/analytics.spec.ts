/**
 * The creator's analytics end to end against the real server: a published campaign gets visits (the owner's, a
 * visitor's in a fresh browser and one arriving from Facebook), a copied link and two supports through the real
 * routes; its manage page's Analytics tab shows exactly those counts in the chart's table, and the CSV download
 * holds the same numbers.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIRequestContext } from '@playwright/test';
import { registerAndVerify } from '../testing/accounts.ts';
import { expect, seedStorage, test, uniqueId } from '../testing/pageFixture.ts';
import { publishCampaign } from '../testing/publishCampaign.ts';
import { expectRouteReady } from '../testing/routeReady.ts';

const PASSWORD = 'frame-it-2026';

interface Signing {
  signRequest(key: { epoch: number; key: string }, request: { method: string; pathAndQuery: string; body: string }): Promise<string>;
}

/** contract/requestSignature.ts, loaded by path as bench/apiLoad.ts does (the tools project does not compile contract/). */
const signing = () => import(pathToFileURL(resolve('contract/requestSignature.ts')).href) as Promise<Signing>;

/** A signed API call as the app's client makes it, for a device with this fingerprint. */
async function signedCall(request: APIRequestContext, fingerprint: string, method: 'GET' | 'POST', path: string, body?: unknown) {
  const keyAnswer = await request.get('/api/v2/request-key', { headers: { 'x-fingerprint': fingerprint } });
  const { data: key } = (await keyAnswer.json()) as { data: { epoch: number; key: string } };
  const text = body === undefined ? '' : JSON.stringify(body);
  const token = await (await signing()).signRequest(key, { method, pathAndQuery: `/api/v2${path}`, body: text });
  const headers = { 'x-fingerprint': fingerprint, 'x-request-token': token, ...(text ? { 'content-type': 'application/json' } : {}) };
  const response = method === 'GET' ? await request.get(`/api/v2${path}`, { headers }) : await request.post(`/api/v2${path}`, { headers, data: text });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return response;
}

/** An anonymous support through the real routes: the page token, then the support. */
async function supportAs(request: APIRequestContext, uri: string, fingerprint: string): Promise<void> {
  const tokenAnswer = await signedCall(request, fingerprint, 'GET', `/campaigns/${uri}/support-token`);
  const { data } = (await tokenAnswer.json()) as { data: { token: string } };
  const support = await signedCall(request, fingerprint, 'POST', `/campaigns/${uri}/supports`, { pageToken: data.token });
  expect(((await support.json()) as { data: { counted: boolean } }).data.counted).toBe(true);
}

test('the owner sees the counted visits, supports and shares in the Analytics tab and downloads them as CSV @full', async ({ page, browser, baseURL, request }, testInfo) => {
  test.setTimeout(180_000);
  const id = uniqueId(testInfo);
  const uri = `analitik-${id}`;
  await seedStorage(page, { 'dark-mode-modal-closed': '1' });
  await registerAndVerify(page, 'Analitik Kreator', `e2e-analytics-${id}@example.com`, PASSWORD);
  // Visit 1: the owner lands on the published campaign (reached inside the app: direct).
  const ownerVisit = page.waitForResponse((response) => response.url().endsWith(`/api/v2/campaigns/${uri}/visits`));
  await publishCampaign(page, `Analitik ${id}`, uri);
  expect((await ownerVisit).status()).toBe(204);

  // Visit 2 and a copied link: a visitor in a fresh browser.
  const visitor = await browser.newContext({ ...(baseURL ? { baseURL } : {}), permissions: ['clipboard-read', 'clipboard-write'] });
  const visitorPage = await visitor.newPage();
  await seedStorage(visitorPage, { 'dark-mode-modal-closed': '1' });
  const visitorVisit = visitorPage.waitForResponse((response) => response.url().endsWith(`/api/v2/campaigns/${uri}/visits`));
  await visitorPage.goto(`/${uri}`);
  await expectRouteReady(visitorPage, 'campaign');
  expect((await visitorVisit).status()).toBe(204);
  const shared = visitorPage.waitForResponse((response) => response.url().endsWith(`/api/v2/campaigns/${uri}/shares`));
  await visitorPage.getByRole('button', { name: 'Copy link' }).click();
  expect((await shared).status()).toBe(204);
  await visitor.close();

  // Visit 3 arrives from Facebook, and two devices support, through the real routes.
  await signedCall(request, `e2e-analytics-fb-${id}`, 'POST', `/campaigns/${uri}/visits`, { referrer: 'https://m.facebook.com/story.php?id=123' });
  await supportAs(request, uri, `e2e-analytics-s1-${id}`);
  await supportAs(request, uri, `e2e-analytics-s2-${id}`);

  await page.goto(`/campaign/${uri}`);
  await expectRouteReady(page, 'edit-campaign');
  await expect(page.getByTestId('campaign-stats').locator('[data-stat="visits"]')).toHaveText('3');
  await page.getByRole('tab', { name: 'Analytics' }).click();
  await expect(page).toHaveURL(new RegExp(`/campaign/${uri}\\?tab=analytics$`));
  const table = page.getByTestId('analytics-series');
  await expect(table).toBeVisible({ timeout: 30_000 });
  // The last 30 days by day: 30 rows, today's holds every counted row, the others 0.
  const today = new Date().toISOString().slice(0, 10);
  await expect(table.locator('tbody tr')).toHaveCount(30);
  const todayRow = table.locator(`tr[data-period="${today}"]`);
  await expect(todayRow.locator('td[data-series="supporters"]')).toHaveText('2');
  await expect(todayRow.locator('td[data-series="visits"]')).toHaveText('3');
  await expect(todayRow.locator('td[data-series="posts"]')).toHaveText('0');
  await expect(table.locator('td[data-total="visits"]')).toHaveText('3');
  await expect(page.getByTestId('analytics-summary').locator('[data-summary="conversion"]')).toHaveText('66.7%');
  await expect(page.getByTestId('analytics-referrers').getByRole('row', { name: 'm.facebook.com 1' })).toBeVisible();
  await expect(page.getByTestId('analytics-referrers').getByRole('row', { name: 'Direct or this site 2' })).toBeVisible();
  await expect(page.getByTestId('analytics-shares').getByRole('row', { name: 'Copied link 1' })).toBeVisible();
  // uPlot drew the chart (its canvas), loaded only now.
  await expect(page.getByTestId('analytics-chart').locator('canvas')).toHaveCount(1);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`bingkai-${uri}-analytics-30d-day.csv`);
  const lines = (await readFile((await file.path())!, 'utf8')).split('\r\n');
  expect(lines[0]).toBe('period_start,supporters,visits,posts');
  expect(lines).toHaveLength(32);
  expect(lines[30]).toBe(`${today},2,3,0`);
  expect(lines.slice(1, 30).every((line) => line.endsWith(',0,0,0'))).toBe(true);

  // By month, the same rows in one bucket.
  await page.getByLabel('Group by').selectOption('month');
  await expect(table.locator('tbody tr').last().locator('td[data-series="visits"]')).toHaveText('3');
  await expect(table.locator('td[data-total="supporters"]')).toHaveText('2');
});
