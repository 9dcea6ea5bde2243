/**
 * Issue 13 §1 in the browser: a private campaign's images live outside public/, so the page shows them through the
 * signed URLs the API hands to a code holder, the support page loads its frame the same way, and the bare file URL
 * is refused.
 */
import { registerAndVerify, signInWithPassword, signOut } from '../testing/accounts.ts';
import { expect, seedStorage, test, uniqueId } from '../testing/pageFixture.ts';
import { expectRouteReady } from '../testing/routeReady.ts';
import { setPlan } from '../testing/testHooks.ts';

const FRAME = 'tests/fixtures/generated/frame-circle.png';
const PHOTO = 'tests/fixtures/generated/sample1.jpg';
const PASSWORD = 'frame-it-2026';
const CODE = 'kode-rahasia-13';

test.beforeEach(async ({ page }) => {
  await seedStorage(page, { 'dark-mode-modal-closed': '1' });
});

test('a private campaign: a code holder sees its frame through a signed link and supports it; the bare link is refused', async ({ page, browser, baseURL, request }, testInfo) => {
  test.setTimeout(240_000);
  const id = uniqueId(testInfo);
  const creator = { name: 'Rahasia Kreator', email: `e2e-private-${id}@example.com` };
  const campaign = { title: `Reuni ${id}`, uri: `reuni-${id}` };

  const creatorContext = await browser.newContext({ ...(baseURL ? { baseURL } : {}) });
  const creatorPage = await creatorContext.newPage();
  await seedStorage(creatorPage, { 'dark-mode-modal-closed': '1' });
  await registerAndVerify(creatorPage, creator.name, creator.email, PASSWORD);
  expect((await setPlan(request, creator.email, 'diamond-monthly')).status()).toBe(204);
  await signOut(creatorPage, creator.name);
  await signInWithPassword(creatorPage, creator.name, creator.email, PASSWORD);
  await creatorPage.goto('/create/frame');
  await expectRouteReady(creatorPage, 'create-campaign');
  await creatorPage.getByLabel('Choose PNG frames').setInputFiles(FRAME);
  await expect(creatorPage.getByText('1 hole found')).toBeVisible({ timeout: 60_000 });
  await creatorPage.getByLabel('Title', { exact: true }).fill(campaign.title);
  await creatorPage.getByLabel('Link', { exact: true }).fill(campaign.uri);
  await expect(creatorPage.getByTestId('uri-status')).toHaveText('This link is available.');
  await creatorPage.getByRole('radio', { name: /^Private/ }).check();
  await creatorPage.getByLabel('Access code', { exact: true }).fill(CODE);
  await creatorPage.getByRole('button', { name: 'Publish campaign' }).click();
  await expect(creatorPage).toHaveURL(new RegExp(`/${campaign.uri}$`), { timeout: 30_000 });
  await creatorContext.close();

  // A visitor with the code.
  await page.goto(`/${campaign.uri}`);
  await expect(page.getByRole('heading', { level: 1, name: 'This campaign is private' })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Access code', { exact: true }).fill(CODE);
  await page.getByRole('button', { name: 'Open campaign' }).click();
  await expectRouteReady(page, 'campaign');
  const frame = page.getByRole('img', { name: `Frame of the campaign “${campaign.title}”` });
  await expect(frame).toBeVisible();
  await expect.poll(() => frame.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  const src = new URL((await frame.getAttribute('src'))!, baseURL);
  expect(src.pathname).toMatch(/^\/files\/private\/campaigns\//);
  expect(src.searchParams.get('sig')).toBeTruthy();
  // The same file without its signature: refused, whoever asks.
  expect((await request.get(src.pathname)).status()).toBe(403);
  expect((await request.get(src.toString())).headers()['cache-control']).toMatch(/^private, max-age=\d+$/);

  // The support page loads the frame through the signed link too, and the editor comes up.
  await page.getByRole('link', { name: 'Choose photo' }).click();
  await expectRouteReady(page, 'campaign-support');
  await page.getByLabel('Choose photo').setInputFiles(PHOTO);
  await expect(page.getByRole('application', { name: 'Photo position' })).toBeVisible({ timeout: 90_000 });
  await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled({ timeout: 60_000 });
});
