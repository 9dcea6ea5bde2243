import { accountState, allowRejectedSeededToken, expect, seedStorage, test } from '../testing/pageFixture.ts';
import { expectRouteReady } from '../testing/routeReady.ts';

/** One concrete path per seed §2 route and the route name its page must render. */
const publicRoutes: Array<[path: string, name: string]> = [
  ['/', 'home'],
  ['/twibbo/merdeka-80', 'twibbo'],
  ['/create/frame', 'create-campaign'],
  ['/create/background/abc', 'create-campaign'],
  ['/explore', 'explore'],
  ['/explore/campaign', 'explore'],
  ['/explore/collection', 'explore'],
  ['/explore/creator', 'explore'],
  ['/leaderboard', 'leaderboard'],
  ['/for-creators', 'creators'],
  ['/u/bingkai', 'public-profile'],
  ['/reset-email/ticket123', 'cancel-reset-email'],
  ['/use-cases', 'use-cases'],
  ['/use-cases/schools', 'use-case'],
  ['/testimonials', 'testimonials'],
  ['/testimonials/a-story', 'testimonial'],
  ['/blog', 'blog'],
  ['/blog/1/hello', 'blog-post'],
  ['/pricing', 'pricing'],
  ['/pricing/supporters', 'pricing-supporters'],
  ['/pricing/creators', 'pricing-creators'],
  ['/checkout/failed/order-1', 'checkout-failed'],
  ['/contact-us', 'contact-us'],
  ['/about', 'about'],
  ['/about/personnel', 'personnel'],
  ['/terms', 'terms'],
  ['/privacy-policy', 'privacy-policy'],
  ['/cookie-policy', 'cookie-policy'],
  ['/csae', 'csae'],
  ['/forgot-password', 'forgot-password'],
  ['/reset-password', 'reset-password'],
  ['/what-is-a-twibbon', 'what-is-a-twibbon'],
  ['/unsubscribe', 'unsubscribe'],
  ['/maintenance', 'maintenance'],
  ['/coming-soon', 'coming-soon'],
  ['/media-assets', 'media-assets'],
  ['/notifications', 'notifications'],
  ['/site-map', 'site-map'],
  ['/ai-twibbon', 'ai-twibbon'],
  ['/test/test/test', 'test'],
  ['/appeal', 'appeal'],
  ['/apply-monetization', 'apply-monetization'],
  ['/credits', 'credits'],
  ['/delete-account/facebook', 'delete-account-facebook'],
  ['/403', 'unavailable'],
  ['/404', 'not-found'],
];

const loggedIn = accountState({ uuid: 'user-1', name: 'Ayu', username: 'ayu', isSuspended: false, verifyPayload: { otp: '', email: '', request: '' } });

/** Routes the guard keeps for signed-in users. */
const privateRoutes: Array<[path: string, name: string]> = [
  ['/profile', 'profile-own'],
  ['/profile/profile-settings', 'profile-settings'],
  ['/campaign/some-campaign', 'edit-campaign'],
  ['/campaign/some-campaign/2', 'edit-campaign'],
  ['/checkout', 'checkout'],
  ['/checkout/loading/order-1', 'checkout-loading'],
];

async function expectPage(page: import('@playwright/test').Page, name: string) {
  const root = await expectRouteReady(page, name);
  await expect(root.locator('h1')).toHaveCount(1);
  await expect(root.locator('h1')).not.toBeEmpty();
  await expect(page.locator('body')).not.toContainText(/\bTODO\b|lorem ipsum/i);
}

test.beforeEach(async ({ page }) => {
  // The dark-mode modal would cover pages; its own rules are tested in theme.spec.ts.
  await seedStorage(page, { 'dark-mode-modal-closed': '1' });
});

// The sweep of every route (about 55 page loads, 2–3 minutes on the 2-core CI machine) runs with test:e2e:full; the
// fast default keeps the seeded campaign and the 404s below, and src/app/pages.test.tsx renders every page each run.
for (const [path, name] of publicRoutes) {
  test(`${path} renders ${name} @full`, async ({ page, watch }) => {
    void watch;
    await page.goto(path);
    await expectPage(page, name);
  });
}

for (const [path, name] of privateRoutes) {
  test(`${path} renders ${name} when signed in @full`, async ({ page, watch }) => {
    allowRejectedSeededToken(watch);
    // The edit page asks the server, which refuses the seeded token too.
    watch.allow(/401 \(Unauthorized\) \[[^\]]*\/api\/v2\/campaigns\/[^/]+\/manage\]/);
    await seedStorage(page, { 'bingkai-account': loggedIn, 'bingkai-token': 'e2e-token' });
    await page.goto(path);
    await expectPage(page, name);
  });
}

test('a seeded campaign renders at /:uri with its frame and /:uri/support; /:uri/result without a result goes back to support', async ({ page, request, watch }) => {
  void watch;
  const health = await request.get('/api/health');
  expect(health.ok()).toBe(true);
  await page.goto('/');
  await expectRouteReady(page, 'home');
  const firstCard = page.locator('[data-route="home"] a[href^="/"][data-campaign-uri]').first();
  await expect(firstCard).toBeVisible();
  const uri = await firstCard.getAttribute('data-campaign-uri');
  expect(uri).toBeTruthy();
  await page.goto(`/${uri}`);
  await expectPage(page, 'campaign');
  const frame = page.locator('[data-route="campaign"] img').first();
  await expect(frame).toBeVisible();
  await expect.poll(() => frame.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);
  await page.goto(`/${uri}/support`);
  await expectPage(page, 'campaign-support');
  await page.goto(`/${uri}/result`);
  await expect(page).toHaveURL(new RegExp(`/${uri}/support$`));
  await expectPage(page, 'campaign-support');
});

for (const path of ['/no-such-campaign-here', '/twibbo/no-such-campaign-here', '/p/no-such-post', '/c/no-such-collection']) {
  test(`an unknown campaign, post or collection (${path}) shows the not-found page with status 404`, async ({ page, watch }) => {
    watch.allow(/404/);
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expectPage(page, 'not-found');
  });
}

test('a client route served directly gets the app shell and an API miss gets JSON', async ({ request }) => {
  const html = await request.get('/about/personnel', { headers: { accept: 'text/html' } });
  expect(html.status()).toBe(200);
  expect(html.headers()['content-type']).toContain('text/html');
  const csp = html.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("connect-src 'self'");
  const api = await request.get('/api/v2/definitely-not-a-route');
  expect(api.status()).toBe(404);
  expect(await api.json()).toMatchObject({ code: 'NOT_FOUND' });
});
