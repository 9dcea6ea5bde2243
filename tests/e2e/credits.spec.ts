/**
 * Issue 17's purchase on the result, in the browser, with the real pipeline and the built-in sandbox provider: a
 * signed-in supporter tops up credits on /credits, supports a free creator's campaign, removes the watermark from
 * the result with credits (the downloaded JPEG is decoded in Node and compared with the watermarked download of
 * the same placement), downloads it at 2× with credits, then pays once in the sandbox for another result: back
 * through /nowatermark-success-support/{uri}, the same placement is rendered again without the mark.
 */
import type { Page, TestInfo } from '@playwright/test';
import sharp from 'sharp';
import { registerAndVerify } from '../testing/accounts.ts';
import { CIRCLE_FRAME, NO_WATERMARK_MAX_PIXELS, WATERMARK_MIN_PIXELS, imageSize, newWhitePixelsPerBand, type NewWhitePixels } from '../testing/imageChecks.ts';
import { expect, seedStorage, test, uniqueId } from '../testing/pageFixture.ts';
import { publishCampaign } from '../testing/publishCampaign.ts';
import { expectRouteReady } from '../testing/routeReady.ts';

const FRAME = 'tests/fixtures/generated/frame-circle.png';
const PASSWORD = 'frame-it-2026';

test.beforeEach(async ({ page }) => {
  await seedStorage(page, { 'dark-mode-modal-closed': '1' });
});

/** The campaign's support page with this photo → Next → the result page. */
async function supportWithPhoto(page: Page, uri: string, photo: string): Promise<void> {
  await page.goto(`/${uri}/support`);
  await expectRouteReady(page, 'campaign-support');
  await page.getByLabel('Choose photo').setInputFiles(photo);
  await expect(page.getByRole('application', { name: 'Photo position' })).toBeVisible({ timeout: 90_000 });
  await expect(page.getByTestId('watermark-notice')).toBeVisible();
  const next = page.getByRole('button', { name: 'Next' });
  await expect(next).toBeEnabled({ timeout: 60_000 });
  await next.click();
  await expect(page).toHaveURL(new RegExp(`/${uri}/result$`), { timeout: 60_000 });
  await expect(page.getByRole('img', { name: 'Your photo in the campaign frame' })).toBeVisible();
}

async function download(page: Page, testInfo: TestInfo, link: string, name: string): Promise<string> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: link, exact: true }).click();
  const file = testInfo.outputPath(name);
  await (await downloading).saveAs(file);
  return file;
}

/** The band that carries the mark (near-white pixels the frame has not), and the other's count. */
async function markOf(file: string): Promise<{ band: 'top' | 'bottom'; mark: NewWhitePixels; other: number }> {
  const white = await newWhitePixelsPerBand(file, FRAME);
  return white.top.count >= white.bottom.count ? { band: 'top', mark: white.top, other: white.bottom.count } : { band: 'bottom', mark: white.bottom, other: white.top.count };
}

/** Pixels that differ (any channel by more than 40) inside and outside a box, as shares of each. */
async function differences(a: string, b: string, box: { x0: number; x1: number; y0: number; y1: number }): Promise<{ inside: number; outside: number }> {
  const [one, two] = await Promise.all([a, b].map((file) => sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true })));
  const { width, height } = one!.info;
  let inside = 0;
  let outside = 0;
  let insideTotal = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const differs = Math.max(Math.abs(one!.data[i]! - two!.data[i]!), Math.abs(one!.data[i + 1]! - two!.data[i + 1]!), Math.abs(one!.data[i + 2]! - two!.data[i + 2]!)) > 40;
      const within = x >= box.x0 && x <= box.x1 && y >= box.y0 && y <= box.y1;
      if (within) insideTotal++;
      if (differs && within) inside++;
      else if (differs) outside++;
    }
  }
  return { inside: inside / insideTotal, outside: outside / (width * height - insideTotal) };
}

test('a supporter tops up credits, removes the watermark and downloads at 2× with them, then pays once for another result @full', async ({ page }, testInfo) => {
  test.setTimeout(420_000);
  const id = uniqueId(testInfo);
  const email = `e2e-credits-${id}@example.com`;
  const uri = `kredit-${id}`;
  await registerAndVerify(page, 'Sinta Kredit', email, PASSWORD);
  // A free creator's campaign: its results carry the mark for a supporter without the supporter plan.
  await publishCampaign(page, `Kredit ${id}`, uri);

  // Top up 10 credits in the sandbox.
  await page.goto('/credits');
  await expectRouteReady(page, 'credits');
  await expect(page.getByTestId('credit-balance')).toHaveText('0 credits');
  await page.getByRole('checkbox', { name: /I accept the terms of sale/ }).check();
  await page.getByRole('button', { name: /^Buy 10 credits for / }).click();
  await expect(page).toHaveURL(/\/sandbox-pay\/[^/]+$/);
  await page.getByRole('button', { name: /^Pay .* \(test\)$/ }).click();
  await expect(page.getByText('Payment received: your credits were added.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('credit-balance')).toHaveText('10 credits');

  // The result carries the mark; the panel offers its removal for 5 credits.
  await supportWithPhoto(page, uri, 'tests/fixtures/generated/sample1.jpg');
  const marked = await download(page, testInfo, 'Download', 'marked.jpg');
  const { band, mark, other } = await markOf(marked);
  expect(mark.count).toBeGreaterThan(WATERMARK_MIN_PIXELS);
  expect(other).toBeLessThan(NO_WATERMARK_MAX_PIXELS);
  const offer = page.getByTestId('nowatermark-offer');
  await expect(page.getByTestId('result-balance')).toContainText('Your balance: 10 credits.');
  await offer.getByRole('button', { name: 'Remove the watermark for 5 credits' }).click();
  await expect(offer.getByText('Spend 5 credits? 5 will be left.')).toBeVisible();
  await offer.getByRole('button', { name: 'Spend 5 credits' }).click();
  await expect(page.getByText('Done: the watermark is gone. Download your result above.')).toBeVisible({ timeout: 90_000 });
  await expect(page.getByTestId('nowatermark-offer')).toHaveCount(0);
  await expect(page.getByTestId('result-balance')).toContainText('Your balance: 5 credits.');

  // The same placement without the mark: the mark's box differs, the rest matches.
  const clean = await download(page, testInfo, 'Download', 'clean.jpg');
  expect(await imageSize(clean)).toEqual({ width: CIRCLE_FRAME.width, height: CIRCLE_FRAME.height });
  const cleanWhite = await newWhitePixelsPerBand(clean, FRAME);
  expect(cleanWhite.top.count + cleanWhite.bottom.count, JSON.stringify(cleanWhite)).toBeLessThan(NO_WATERMARK_MAX_PIXELS);
  const bandHeight = Math.round(CIRCLE_FRAME.height * 0.1);
  const margin = 24;
  const box = { x0: mark.minX - margin, x1: mark.maxX + margin, y0: band === 'top' ? 0 : CIRCLE_FRAME.height - bandHeight - margin, y1: band === 'top' ? bandHeight + margin : CIRCLE_FRAME.height };
  const diff = await differences(marked, clean, box);
  testInfo.annotations.push({ type: 'pixels that differ', description: JSON.stringify({ box, ...diff }) });
  expect(diff.inside).toBeGreaterThan(0.02);
  expect(diff.outside).toBeLessThan(0.001);

  // Twice the frame's size for 3 credits.
  const hires = page.getByTestId('high-resolution-offer');
  await hires.getByRole('button', { name: 'Download at 2× for 3 credits' }).click();
  await hires.getByRole('button', { name: 'Spend 3 credits' }).click();
  await expect(page.getByText('Done: your picture at twice the size is ready to download.')).toBeVisible({ timeout: 90_000 });
  const large = await download(page, testInfo, 'Download the 2× picture', 'large.jpg');
  expect(await imageSize(large)).toEqual({ width: CIRCLE_FRAME.width * 2, height: CIRCLE_FRAME.height * 2 });
  await expect(page.getByTestId('result-balance')).toContainText('Your balance: 2 credits.');

  // Another photo is another result; 2 credits do not cover it: the one-off payment in the sandbox.
  await supportWithPhoto(page, uri, 'tests/fixtures/generated/sample2.jpg');
  const oneOff = page.getByTestId('nowatermark-one-off');
  await expect(page.getByText('This costs 5 credits and your balance does not cover it', { exact: false }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Top up credits' })).toHaveAttribute('href', '/credits');
  await oneOff.getByRole('checkbox', { name: /I accept the terms of sale/ }).check();
  await oneOff.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/sandbox-pay\/[^/]+$/);
  const landed = page.waitForRequest((request) => request.isNavigationRequest() && request.url().includes(`/nowatermark-success-support/${uri}`));
  await page.getByRole('button', { name: /^Pay .* \(test\)$/ }).click();
  expect((await landed).url()).toMatch(/\?order=[0-9a-f-]{36}$/);
  // Redirected to the support page, which waits for the payment and renders the same placement again.
  await expect(page).toHaveURL(new RegExp(`/${uri}/result$`), { timeout: 120_000 });
  await expect(page.getByTestId('nowatermark-offer')).toHaveCount(0);
  const paid = await download(page, testInfo, 'Download', 'paid.jpg');
  const paidWhite = await newWhitePixelsPerBand(paid, FRAME);
  expect(paidWhite.top.count + paidWhite.bottom.count, JSON.stringify(paidWhite)).toBeLessThan(NO_WATERMARK_MAX_PIXELS);
});
