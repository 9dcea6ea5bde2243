import { loggedIn, privateRoutes, publicRoutes } from '../testing/appRoutes.ts';
import { allowRejectedSeededToken, expect, seedStorage, test } from '../testing/pageFixture.ts';
import { expectRouteReady } from '../testing/routeReady.ts';

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
