/**
 * Right to left (issue 19, docs/I18N.md): the seeded campaign page in Arabic and in English against golden
 * screenshots, the Arabic one mirrored (navbar logo on the right, back arrows pointing right), and the photo
 * adjuster's stage kept left to right, in each language's own words (locales/ar.json, locales/en.json).
 *
 * New goldens (look at them before committing): `npx playwright test tests/e2e/rtl.spec.ts --update-snapshots`,
 * on this machine's Debian Chromium (fonts and anti-aliasing are the machine's).
 */
import type { Page } from '@playwright/test';
import { expect, seedStorage, test, type PageWatch } from '../testing/pageFixture.ts';
import { message } from '../testing/messages.ts';
import { expectRouteReady } from '../testing/routeReady.ts';

const CAMPAIGN = 'merdeka-80';
/** A face-api sample (three people). */
const PHOTO = 'tests/fixtures/generated/sample1.jpg';
const VIEWPORT = { width: 1280, height: 800 };

test.use({ viewport: VIEWPORT });

/** Opens the page in `locale` (as a returning visitor who chose it) and waits until nothing is loading. */
async function open(page: Page, watch: PageWatch, locale: 'ar' | 'en', path: string, route: string): Promise<void> {
  void watch;
  await seedStorage(page, { 'dark-mode-modal-closed': '1', 'user-locale': locale });
  await page.goto(path);
  await expectRouteReady(page, route);
  await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
}

/** Waits for the web fonts and every image on the page, so the screenshot holds the finished page. */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await expect.poll(() => page.locator('img').evaluateAll((images) => images.every((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0))).toBe(true);
}

/** The horizontal middle of the navbar's logo link, as a share of the viewport's width. */
async function logoPosition(page: Page, locale: 'ar' | 'en'): Promise<number> {
  const box = await page.getByRole('link', { name: message(locale, 'nav.homeLabel') }).boundingBox();
  if (!box) throw new Error('the logo is not laid out');
  return (box.x + box.width / 2) / VIEWPORT.width;
}

/** The support page's link back to the campaign, by the words before the title in its label. */
function backLink(page: Page, locale: 'ar' | 'en') {
  const before = message(locale, 'support.back').split('{{title}}')[0]!;
  return page.getByRole('link', { name: new RegExp(`^${before.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });
}

/** The campaign page as a golden: the supporter count is masked, since other specs may add supports meanwhile. */
async function expectCampaignGolden(page: Page, name: string): Promise<void> {
  await settled(page);
  await expect(page).toHaveScreenshot(name, {
    animations: 'disabled',
    caret: 'hide',
    maxDiffPixelRatio: 0.01,
    mask: [page.locator('[data-route="campaign"] p').filter({ has: page.locator('svg.lucide-users') })],
  });
}

test('the campaign page in Arabic is mirrored: logo on the right, back arrow pointing right, and matches its golden', async ({ page, watch }) => {
  await open(page, watch, 'ar', `/${CAMPAIGN}`, 'campaign');
  expect(await logoPosition(page, 'ar')).toBeGreaterThan(0.8);
  await expectCampaignGolden(page, 'campaign-ar.png');

  await page.getByRole('link', { name: message('ar', 'pages.campaign.choosePhoto') }).click();
  await expectRouteReady(page, 'campaign-support');
  // DirectionalIcon mirrors with `scale`, the individual transform property: -1 on x in a right-to-left page.
  const arrow = backLink(page, 'ar').locator('svg');
  await expect.poll(() => arrow.evaluate((svg) => getComputedStyle(svg).scale)).toBe('-1 1');
});

test('the campaign page in English keeps its left-to-right layout and matches its golden', async ({ page, watch }) => {
  await open(page, watch, 'en', `/${CAMPAIGN}`, 'campaign');
  expect(await logoPosition(page, 'en')).toBeLessThan(0.2);
  await expectCampaignGolden(page, 'campaign-en.png');

  await page.getByRole('link', { name: message('en', 'pages.campaign.choosePhoto') }).click();
  await expectRouteReady(page, 'campaign-support');
  const arrow = backLink(page, 'en').locator('svg');
  expect(await arrow.evaluate((svg) => getComputedStyle(svg).scale)).toBe('none');
});

test('in Arabic the photo adjuster’s stage stays left to right while its page is right to left @full', async ({ page, watch }) => {
  test.setTimeout(120_000);
  await open(page, watch, 'ar', `/${CAMPAIGN}/support`, 'campaign-support');
  await page.getByLabel(message('ar', 'support.picker.choose')).setInputFiles(PHOTO);
  const stage = page.getByRole('application', { name: message('ar', 'support.adjuster.label') });
  await expect(stage).toBeVisible({ timeout: 90_000 });
  expect(await stage.evaluate((element) => getComputedStyle(element).direction)).toBe('ltr');
  expect(await stage.evaluate((element) => getComputedStyle(element.parentElement ?? element).direction)).toBe('rtl');
  await expect(page.getByRole('button', { name: message('ar', 'support.next') })).toBeEnabled({ timeout: 60_000 });
});
