/**
 * Issue 16's journey in the browser, on the built-in sandbox provider (on by default without keys): a free
 * creator meets a plan lock, follows it to pricing and the checkout, pays on the sandbox's hosted page, waits on
 * the loading page for the webhook, and finds the lock gone and no watermark on a free campaign; then reads and
 * downloads the invoice, cancels, and is back on the free plan once the period has ended.
 */
import { readFile } from 'node:fs/promises';
import { newestMail, registerAndVerify } from '../testing/accounts.ts';
import { expect, seedStorage, test, uniqueId } from '../testing/pageFixture.ts';
import { expectRouteReady } from '../testing/routeReady.ts';
import { testHooksHeaders } from '../testing/testHooks.ts';

const PASSWORD = 'frame-it-2026';
const DAY = 24 * 3600 * 1000;

test.beforeEach(async ({ page }) => {
  await seedStorage(page, { 'dark-mode-modal-closed': '1' });
});

test('a free creator buys the creator plan through the sandbox: the locks go, an invoice comes, and a cancelled plan ends @full', async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  const id = uniqueId(testInfo);
  const email = `e2e-buyer-${id}@example.com`;
  const started = Date.now();
  await registerAndVerify(page, 'Pembeli Paket', email, PASSWORD);

  // A free campaign of the seed carries the watermark for a free supporter.
  await page.goto('/');
  await expectRouteReady(page, 'home');
  const uri = await page.locator('[data-route="home"] a[data-campaign-uri]').first().getAttribute('data-campaign-uri');
  expect(uri).toBeTruthy();
  await page.goto(`/${uri}/support`);
  await expectRouteReady(page, 'campaign-support');
  await expect(page.getByTestId('watermark-notice')).toBeVisible();

  // The plan lock leads to the creator plan's pricing, and on to its checkout.
  await page.goto('/create/frame');
  await expectRouteReady(page, 'create-campaign');
  await page.getByTestId('plan-lock-frames').getByRole('link', { name: 'See the creator plan' }).click();
  await expect(page).toHaveURL(/\/pricing\/creators\?plan=creator$/);
  await expectRouteReady(page, 'pricing-creators');
  await page.getByRole('link', { name: 'Choose Creator, billed monthly' }).click();
  await expect(page).toHaveURL(/\/checkout\?plan=creator&period=monthly&currency=USD$/);
  await expectRouteReady(page, 'checkout');

  // The checkout: the test provider is marked, the terms must be accepted.
  await expect(page.getByText('Test payment — no real money').first()).toBeVisible();
  await page.getByRole('radio', { name: /Sandbox payment/ }).check();
  const pay = page.getByRole('button', { name: /^Pay / });
  await pay.click();
  await expect(page.getByText('Please accept the terms to continue.')).toBeVisible();
  await page.getByRole('checkbox', { name: /I accept the terms/ }).check();
  await pay.click();

  // The sandbox's hosted page, then back through the webhook to the loading page.
  await expect(page).toHaveURL(/\/sandbox-pay\/[^/]+$/);
  await expect(page.getByText(/TEST PAYMENT/)).toBeVisible();
  await page.getByRole('button', { name: /^Pay .* \(test\)$/ }).click();
  await expect(page).toHaveURL(/\/checkout\/loading\/[0-9a-f-]{36}$/);
  const orderId = /\/checkout\/loading\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
  await expectRouteReady(page, 'checkout-loading');
  await expect(page.getByText('Payment received. Your Creator plan is active.')).toBeVisible({ timeout: 30_000 });
  expect(await newestMail('BILLING_RECEIPT', email, started)).toContain('BK-');

  // Without signing out: several frames and restricted visibility are open, and no watermark for this supporter.
  await page.goto('/create/frame');
  await expectRouteReady(page, 'create-campaign');
  await expect(page.getByRole('radio', { name: /^Private/ })).toBeEnabled();
  await expect(page.getByTestId('plan-lock-frames')).toHaveCount(0);
  await page.goto(`/${uri}/support`);
  await expectRouteReady(page, 'campaign-support');
  await expect(page.getByRole('button', { name: /Choose photo/i }).first()).toBeVisible();
  await expect(page.getByTestId('watermark-notice')).toHaveCount(0);

  // The invoice, on the page and as a PDF.
  await page.goto(`/invoice/${orderId}`);
  await expectRouteReady(page, 'invoice');
  await expect(page.getByText(/BK-\d{6}/).first()).toBeVisible();
  await expect(page.getByText('TEST PAYMENT - no money was taken').first()).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const pdf = await download;
  expect(pdf.suggestedFilename()).toMatch(/^BK-\d{6}\.pdf$/);
  expect((await readFile((await pdf.path())!)).subarray(0, 5).toString()).toBe('%PDF-');

  // Cancel at the period's end from the billing tab; the plan stays until then.
  await page.goto('/profile/profile-settings?tab=billing');
  await expectRouteReady(page, 'profile-settings');
  await page.getByRole('button', { name: 'Cancel plan' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel plan' }).click();
  await expect(page.getByText(/^Cancelled: your plan stays active until/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resume plan' })).toBeVisible();
  await expect(page.getByRole('link', { name: /View invoice BK-\d{6}/ })).toBeVisible();

  // The period ends (the billing job, run as if 32 days had passed): back to the free plan.
  const run = await request.post('/api/test/billing/run', { data: { now: Date.now() + 32 * DAY }, headers: testHooksHeaders() });
  expect(run.status()).toBe(200);
  expect((await run.json()).data.ended).toBeGreaterThanOrEqual(1);
  await page.reload();
  await expectRouteReady(page, 'profile-settings');
  await expect(page.getByText('You are on the free plan.')).toBeVisible();
  expect(await newestMail('BILLING_PLAN_ENDED', email, started)).toBeTruthy();
});
