import { expect, test } from '../testing/pageFixture.ts';
import { expectRouteReady } from '../testing/routeReady.ts';

const PHONE = { width: 412, height: 823 };

/** Where the frame and the title sit on the screen, to compare the server's first view with the app's page. */
async function layoutOf(page: import('@playwright/test').Page, scope: string) {
  const box = async (selector: string) => {
    const found = await page.locator(`${scope} ${selector}`).first().boundingBox();
    expect(found, `${scope} ${selector}`).not.toBeNull();
    return found!;
  };
  return { frame: await box('img[fetchpriority="high"], [data-route="campaign"] img'), title: await box('h1') };
}

test('a campaign page paints its frame and title before the app, and the app takes over in place', async ({ browser, page, watch }) => {
  void watch;
  // Without scripts: what the visitor sees before the app has loaded.
  const bare = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
  const barePage = await bare.newPage();
  await barePage.goto('/merdeka-80');
  await expect(barePage.locator('#first-view h1')).toHaveText('Dirgahayu Republik Indonesia ke-80');
  const frame = barePage.locator('#first-view img[fetchpriority="high"]');
  await expect.poll(() => frame.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);
  // A phone gets the frame at display size (WebP), not the full PNG.
  expect(await frame.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/frame-display\.webp$/);
  const before = await layoutOf(barePage, '#first-view');
  await bare.close();

  await page.setViewportSize(PHONE);
  await page.goto('/merdeka-80');
  await expectRouteReady(page, 'campaign');
  await expect(page.locator('#first-view')).toHaveCount(0);
  await expect(page.locator('h1')).toHaveCount(1);
  const after = await layoutOf(page, '[data-route="campaign"]');
  // The app's img offers the same sources, so it shows the file the first view had loaded.
  await expect.poll(() => page.locator('[data-route="campaign"] img').first().evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/frame-display\.webp$/);
  // The app's page draws the frame and the title where the first view had them: nothing jumps.
  for (const key of ['frame', 'title'] as const) {
    expect(after[key].x, key).toBeCloseTo(before[key].x, 0);
    expect(after[key].y, key).toBeCloseTo(before[key].y, 0);
    expect(after[key].width, key).toBeCloseTo(before[key].width, 0);
  }
});
