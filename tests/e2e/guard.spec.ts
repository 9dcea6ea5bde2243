import { accountState, allowRejectedSeededToken, expect, seedStorage, test } from '../testing/pageFixture.ts';
import { expectRouteReady } from '../testing/routeReady.ts';

const base = { name: 'Ayu', username: 'ayu', verifyPayload: { otp: '', email: '', request: '' } };

test.beforeEach(async ({ page }) => {
  await seedStorage(page, { 'dark-mode-modal-closed': '1' });
});

for (const path of ['/profile', '/profile/profile-settings', '/campaign/some-campaign', '/checkout', '/checkout/loading/order-1']) {
  test(`${path} sends a signed-out visitor home`, async ({ page, watch }) => {
    void watch;
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
    await expectRouteReady(page, 'home');
  });
}

test('a suspended account is confined to /appeal', async ({ page, watch }) => {
  allowRejectedSeededToken(watch);
  await seedStorage(page, { 'bingkai-account': accountState({ ...base, uuid: 'user-2', isSuspended: true }), 'bingkai-token': 't' });
  for (const path of ['/', '/explore', '/about', '/profile']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/appeal$/);
    await expectRouteReady(page, 'appeal');
  }
});

test('verification with an empty pending request goes home; with one it stays', async ({ page, watch }) => {
  void watch;
  await page.goto('/verification');
  await expect(page).toHaveURL(/\/$/);
  await seedStorage(page, {
    'bingkai-account': accountState({ ...base, uuid: '', verifyPayload: { otp: '', email: 'a@example.com', request: 'VERIFY_REGISTRATION' } }),
  });
  await page.goto('/verification');
  await expect(page).toHaveURL(/\/verification$/);
  await expectRouteReady(page, 'verification');
});

test('page views are tracked on every navigation except the campaign route', async ({ page, watch }) => {
  void watch;
  const tracked: Array<{ routeName: string; path: string }> = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/v2/analytics/page-view') && request.method() === 'POST') tracked.push(request.postDataJSON());
  });
  await page.goto('/about');
  await expectRouteReady(page, 'about');
  await expect.poll(() => tracked.map((t) => t.routeName)).toContain('about');

  await page.goto('/');
  const card = page.locator('[data-campaign-uri]').first();
  await expect(card).toBeVisible();
  await card.click();
  await expectRouteReady(page, 'campaign');
  await page.getByRole('link', { name: /explore/i }).first().click();
  await expectRouteReady(page, 'explore');
  await expect.poll(() => tracked.map((t) => t.routeName)).toContain('explore');
  expect(tracked.map((t) => t.routeName)).not.toContain('campaign');
});
