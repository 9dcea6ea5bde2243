/**
 * A two-hole frame end to end (issue 12 §2 and §3), against the real server and the real in-browser
 * pipeline: a creator publishes the two-window fixture, a visitor puts one photo in both windows,
 * another photo in the right window only, zooms the left photo out below cover with a see-through
 * fill, and the downloaded PNG is decoded in Node.
 */
import type { Page, TestInfo } from '@playwright/test';
import sharp from 'sharp';
import { registerAndVerify } from '../testing/accounts.ts';
import { expect, seedStorage, test } from '../testing/pageFixture.ts';
import { expectRouteReady } from '../testing/routeReady.ts';

/** 1080², a round window centred (300, 500) r 230 and a rounded one (620, 310) 360 × 380 (tests/fixtures/README.md). */
const FRAME = 'tests/fixtures/generated/frame-two-holes.png';
const LEFT = { x: 300, y: 500 };
const RIGHT = { x: 800, y: 500 };
const PASSWORD = 'frame-it-2026';
const BLUE = [37, 99, 235];
const ORANGE = [245, 158, 11];
const GREEN = [22, 163, 74];

test.beforeEach(async ({ page }) => {
  await seedStorage(page, { 'dark-mode-modal-closed': '1' });
});

/** A face-less 4:3 JPEG: blue on the left half, orange on the right. */
async function halvesPhoto(): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const half = (color: number[]) => ({ create: { width: 400, height: 600, channels: 3 as const, background: { r: color[0]!, g: color[1]!, b: color[2]! } } });
  const buffer = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#000000' } })
    .composite([
      { input: await sharp(half(BLUE)).png().toBuffer(), left: 0, top: 0 },
      { input: await sharp(half(ORANGE)).png().toBuffer(), left: 400, top: 0 },
    ])
    .jpeg({ quality: 95 })
    .toBuffer();
  return { name: 'halves.jpg', mimeType: 'image/jpeg', buffer };
}

async function greenPhoto(): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const buffer = await sharp({ create: { width: 600, height: 600, channels: 3, background: { r: GREEN[0]!, g: GREEN[1]!, b: GREEN[2]! } } })
    .jpeg({ quality: 95 })
    .toBuffer();
  return { name: 'green.jpg', mimeType: 'image/jpeg', buffer };
}

/** Clicks the adjuster at a frame point. */
async function clickFramePoint(page: Page, point: { x: number; y: number }): Promise<void> {
  const box = await page.getByTestId('photo-adjuster').boundingBox();
  if (!box) throw new Error('the adjuster is not laid out');
  await page.mouse.click(box.x + (point.x * box.width) / 1080, box.y + (point.y * box.height) / 1080);
}

async function rgbaAt(file: string, point: { x: number; y: number }): Promise<number[]> {
  const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (point.y * info.width + point.x) * 4;
  return [...data.subarray(i, i + 4)];
}

const near = (actual: number[], expected: number[], tolerance = 14) => expected.every((value, i) => Math.abs((actual[i] ?? 0) - value) <= tolerance);

test('a two-hole frame: one photo in both windows, another in one, a zoomed-out photo with a see-through fill saved as PNG', async ({ page, browser, baseURL }, testInfo: TestInfo) => {
  test.setTimeout(300_000);
  const id = `${Date.now().toString(36)}${testInfo.workerIndex}`;
  const campaign = { title: `Dua Jendela ${id}`, uri: `dua-jendela-${id}` };

  // The creator publishes the two-window frame.
  const creatorContext = await browser.newContext({ ...(baseURL ? { baseURL } : {}) });
  const creator = await creatorContext.newPage();
  await seedStorage(creator, { 'dark-mode-modal-closed': '1' });
  await registerAndVerify(creator, 'Wulan Kreator', `e2e-two-holes-${id}@example.com`, PASSWORD);
  await creator.goto('/create/frame');
  await expectRouteReady(creator, 'create-campaign');
  await creator.getByLabel('Choose PNG frames').setInputFiles(FRAME);
  await expect(creator.getByText('2 holes found')).toBeVisible({ timeout: 60_000 });
  await expect(creator.getByText('Checked: 1080 × 1080 px')).toBeVisible({ timeout: 30_000 });
  // The creator's preview fills both windows with each face sample.
  await expect(creator.getByTestId('sample-preview')).toHaveCount(3, { timeout: 90_000 });
  await creator.getByLabel('Title', { exact: true }).fill(campaign.title);
  await creator.getByLabel('Link', { exact: true }).fill(campaign.uri);
  await expect(creator.getByTestId('uri-status')).toHaveText('This link is available.');
  await creator.getByRole('button', { name: 'Publish campaign' }).click();
  await expect(creator).toHaveURL(new RegExp(`/${campaign.uri}$`), { timeout: 30_000 });
  await creatorContext.close();

  // A visitor: one photo goes into both windows.
  await page.setViewportSize({ width: 1280, height: 1100 });
  await page.goto(`/${campaign.uri}/support`);
  await expectRouteReady(page, 'campaign-support');
  await page.getByLabel('Choose photo').setInputFiles(await halvesPhoto());
  const adjuster = page.getByRole('application', { name: /^Photo position, photo area 1 of 2$/ });
  await expect(adjuster).toBeVisible({ timeout: 90_000 });
  await expect(page.getByRole('group', { name: 'Photo area' }).getByRole('radio')).toHaveCount(2);

  // A click in the right window edits it; it gets a photo of its own.
  await clickFramePoint(page, RIGHT);
  const rightArea = (await page.getByRole('radio', { name: 'Photo area 1' }).isChecked()) ? 'Photo area 1' : 'Photo area 2';
  await expect(page.getByRole('application', { name: `Photo position, ${rightArea.toLowerCase()} of 2` })).toBeVisible();
  await page.getByLabel('Use another photo for this area').setInputFiles(await greenPhoto());
  await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled({ timeout: 60_000 });

  // The left window, by keyboard: the photo-area radios, then zoomed out until all of the photo shows.
  await expect(page.getByTestId('hole-fill-picker')).toHaveCount(0);
  await page.getByRole('radio', { name: rightArea }).focus();
  await page.keyboard.press(rightArea === 'Photo area 2' ? 'ArrowLeft' : 'ArrowRight');
  // Tab passes "Use another photo for this area" on the way to the photo.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('photo-adjuster')).toBeFocused();
  await expect(page.getByRole('application', { name: `Photo position, photo area ${rightArea === 'Photo area 2' ? 1 : 2} of 2` })).toBeFocused();
  for (let press = 0; press < 8; press++) await page.keyboard.press('-');
  const picker = page.getByTestId('hole-fill-picker');
  await expect(picker).toBeVisible();
  await picker.getByText('Transparent (saves a PNG)').click();

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(new RegExp(`/${campaign.uri}/result$`), { timeout: 60_000 });
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`bingkai-${campaign.uri}.png`);
  const file = testInfo.outputPath('two-holes.png');
  await download.saveAs(file);

  const metadata = await sharp(file).metadata();
  expect([metadata.format, metadata.width, metadata.height, metadata.hasAlpha]).toEqual(['png', 1080, 1080, true]);
  // The left window: the first photo, its halves either side of the middle; see-through above the zoomed-out photo.
  expect(near(await rgbaAt(file, { x: LEFT.x - 40, y: LEFT.y }), [...BLUE, 255])).toBe(true);
  expect(near(await rgbaAt(file, { x: LEFT.x + 40, y: LEFT.y }), [...ORANGE, 255])).toBe(true);
  expect((await rgbaAt(file, { x: LEFT.x, y: 290 }))[3]).toBe(0);
  // The right window: the green photo, all over.
  expect(near(await rgbaAt(file, RIGHT), [...GREEN, 255])).toBe(true);
  expect(near(await rgbaAt(file, { x: 650, y: 340 }), [...GREEN, 255])).toBe(true);
  // The frame itself stays opaque between the windows.
  expect((await rgbaAt(file, { x: 575, y: 500 }))[3]).toBe(255);
});
