import { expect, seedStorage, test } from '../testing/pageFixture.ts';
import { expectRouteReady } from '../testing/routeReady.ts';

const SEEDED = ['merdeka-80', 'wisuda-2026', 'garuda-fc-juara', 'lari-amal-jakarta'];
const html = { accept: 'text/html,application/xhtml+xml' };

test.beforeEach(async ({ page }) => {
  await seedStorage(page, { 'dark-mode-modal-closed': '1' });
});

test('a creator’s profile shows who they are and their public campaigns, linked both ways', async ({ page, watch }) => {
  void watch;
  await page.goto('/u/bingkai');
  const root = await expectRouteReady(page, 'public-profile');
  await expect(root.getByRole('heading', { level: 1 })).toHaveText('Bingkai');
  await expect(root.getByText('@bingkai')).toBeVisible();
  // No banner of its own: the site's default one, loaded.
  const banner = root.getByTestId('profile-banner');
  await expect(banner).toHaveAttribute('src', '/images/default-banner.svg');
  await expect.poll(() => banner.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);
  await expect(root.locator('[data-stat="campaigns"]')).toHaveText('4');
  await expect(root.getByText(/^Joined/)).toBeVisible();

  const section = root.getByRole('region', { name: 'Campaigns' });
  const cards = section.locator('a[data-campaign-uri]');
  await expect(cards).toHaveCount(4);
  expect(await cards.evaluateAll((links) => links.map((link) => link.getAttribute('data-campaign-uri')))).toEqual(SEEDED);

  // Every campaign page names its creator with a link back here.
  await cards.first().click();
  const campaign = await expectRouteReady(page, 'campaign');
  const creator = campaign.getByRole('link', { name: 'by Bingkai' });
  await expect(creator).toHaveAttribute('href', '/u/bingkai');
  await creator.click();
  await expectRouteReady(page, 'public-profile');
  await expect(page).toHaveURL(/\/u\/bingkai$/);
});

test('an unknown username, and a link that is no username at all, are the 404 page', async ({ page, watch }) => {
  watch.allow(/status of 404 \(Not Found\) \[[^\]]*\/api\/v2\/profiles\/nobody\.here\]/);
  watch.allow(/status of 400 \(Bad Request\) \[[^\]]*\/api\/v2\/profiles\/not-a-username\]/);
  // The server answers the page itself with 404 too (its link preview knows no such creator).
  watch.allow(/status of 404 \(Not Found\) \[[^\]]*\/u\/(nobody\.here|not-a-username)\]/);
  await page.goto('/u/nobody.here');
  await expectRouteReady(page, 'not-found');
  await page.goto('/u/not-a-username');
  await expectRouteReady(page, 'not-found');
});

test('the server HTML of a profile carries its link preview, a missing one answers 404', async ({ request, baseURL }) => {
  const response = await request.get('/u/bingkai', { headers: html });
  expect(response.status()).toBe(200);
  const body = await response.text();
  const meta = (key: string) => new RegExp(`<meta (?:name|property)="${key.replace(':', '\\:')}" content="([^"]*)"`).exec(body)?.[1];
  expect(body).toContain('<title>Bingkai (@bingkai) · Bingkai</title>');
  expect(meta('og:title')).toBe('Bingkai (@bingkai)');
  expect(meta('og:description')).toMatch(/^Bingkai on Bingkai: 4 campaigns, [\d]+ supporters\.$/);
  expect(meta('og:url')).toBe(`${baseURL}/u/bingkai`);
  expect(meta('og:image')).toBe(`${baseURL}/images/default-banner.jpg`);
  expect(meta('twitter:card')).toBe('summary_large_image');
  expect(body).toContain(`<link rel="canonical" href="${baseURL}/u/bingkai" />`);
  const image = await request.get('/images/default-banner.jpg');
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toContain('image/jpeg');

  expect((await request.get('/u/nobody.here', { headers: html })).status()).toBe(404);
  expect((await request.get('/u/not-a-username', { headers: html })).status()).toBe(404);
});
