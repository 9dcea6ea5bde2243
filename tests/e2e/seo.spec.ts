import { expect, seedStorage, test } from '../testing/pageFixture.ts';
import { expectRouteReady } from '../testing/routeReady.ts';

/**
 * SEO and brand pages on the demo seed (scripts/seed.ts): the sitemap and robots.txt as crawlers read them, the
 * head tags of the built pages, the brand kit's downloads and the for-creators page's real examples.
 */
test.beforeEach(async ({ page }) => {
  await seedStorage(page, { 'dark-mode-modal-closed': '1' });
});

const locs = (xml: string) => Array.from(xml.matchAll(/<loc>([^<]+)<\/loc>/g), ([, loc]) => loc!);

test('the sitemap index leads to a page that lists a seeded campaign; robots.txt keeps crawlers off private pages', async ({ request, baseURL }) => {
  const index = await request.get('/sitemap.xml');
  expect(index.status()).toBe(200);
  expect(index.headers()['content-type']).toBe('application/xml; charset=utf-8');
  const sitemaps = locs(await index.text());
  expect(sitemaps).toContain(`${baseURL}/sitemap-pages-1.xml`);
  const campaignSitemaps = sitemaps.filter((loc) => loc.includes('/sitemap-campaigns-'));
  expect(campaignSitemaps.length).toBeGreaterThan(0);
  const urls: string[] = [];
  for (const sitemap of campaignSitemaps) {
    const page = await request.get(new URL(sitemap).pathname);
    expect(page.status()).toBe(200);
    const xml = await page.text();
    expect(xml).toMatch(/<lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ<\/lastmod>/);
    urls.push(...locs(xml));
  }
  expect(urls).toContain(`${baseURL}/merdeka-80`);
  const creators = await request.get('/sitemap-creators-1.xml');
  expect(locs(await creators.text())).toContain(`${baseURL}/u/bingkai`);

  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(robots.headers()['content-type']).toBe('text/plain; charset=utf-8');
  const lines = (await robots.text()).split('\n');
  expect(lines).toContain('Disallow: /profile$');
  expect(lines).toContain('Disallow: /api/');
  expect(lines).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test('built pages carry their canonical link, language alternates and JSON-LD; ?lang= picks the language', async ({ page, request, baseURL, watch }) => {
  void watch;
  const campaign = await (await request.get('/merdeka-80?utm_source=wa', { headers: { accept: 'text/html' } })).text();
  expect(campaign).toContain(`<link rel="canonical" href="${baseURL}/merdeka-80" />`);
  expect(campaign).toContain(`<link rel="alternate" hreflang="id" href="${baseURL}/merdeka-80?lang=id" />`);
  expect(campaign).toContain(`<link rel="alternate" hreflang="x-default" href="${baseURL}/merdeka-80" />`);
  const data = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(campaign)![1]!) as { '@type': string; creator: { url: string } };
  expect(data['@type']).toBe('CreativeWork');
  expect(data.creator.url).toBe(`${baseURL}/u/bingkai`);
  const home = await (await request.get('/', { headers: { accept: 'text/html' } })).text();
  expect(home).toContain('"@type":"SearchAction"');

  // The app honours the URL's language over the browser's.
  await page.goto('/for-creators?lang=id');
  const root = await expectRouteReady(page, 'creators');
  await expect(root.getByRole('heading', { level: 1 })).toHaveText('Jalankan kampanye bingkai foto yang senang dibagikan orang');
  await expect(page.locator('html')).toHaveAttribute('lang', 'id');
});

test('the media assets page downloads the logo as SVG and PNG, served with their content types', async ({ page, request, watch }) => {
  void watch;
  await page.goto('/media-assets');
  const root = await expectRouteReady(page, 'media-assets');
  await expect(root.getByRole('heading', { level: 1 })).toHaveText('Media assets');
  await expect(root.getByRole('img', { name: 'Preview of the Logo for light backgrounds' })).toBeVisible();

  const svgLink = root.getByRole('link', { name: 'Download the Logo for light backgrounds, SVG' });
  const [svgDownload] = await Promise.all([page.waitForEvent('download'), svgLink.click()]);
  expect(svgDownload.suggestedFilename()).toBe('bingkai-logo.svg');
  const pngLink = root.getByRole('link', { name: 'Download the App icon, PNG · 512 × 512' });
  const [pngDownload] = await Promise.all([page.waitForEvent('download'), pngLink.click()]);
  expect(pngDownload.suggestedFilename()).toBe('bingkai-icon-512.png');

  const svg = await request.get((await svgLink.getAttribute('href'))!);
  expect(svg.status()).toBe(200);
  expect(svg.headers()['content-type']).toContain('image/svg+xml');
  expect(await svg.text()).toContain('<svg xmlns="http://www.w3.org/2000/svg"');
  const png = await request.get((await pngLink.getAttribute('href'))!);
  expect(png.status()).toBe(200);
  expect(png.headers()['content-type']).toBe('image/png');
  expect((await png.body()).subarray(1, 4).toString('latin1')).toBe('PNG');
});

test('for creators shows real campaigns with their supporters and leads to creating one', async ({ page, watch }) => {
  void watch;
  await page.goto('/for-creators');
  const root = await expectRouteReady(page, 'creators');
  await expect(root.getByRole('heading', { level: 1 })).toHaveText('Run a photo-frame campaign people love to share');
  const examples = root.getByRole('region', { name: 'Campaigns that took off' });
  const merdeka = examples.getByRole('link', { name: /Dirgahayu Republik Indonesia ke-80/ });
  await expect(merdeka).toHaveAttribute('href', '/merdeka-80');
  await expect(merdeka).toContainText(/[\d,]+ supporters/);
  await expect(root.getByRole('link', { name: 'Create a campaign' }).first()).toHaveAttribute('href', '/create/frame');
  await root.getByRole('link', { name: 'Design a frame' }).first().click();
  await expect(page).toHaveURL(/\/create\/frame$/);
});
