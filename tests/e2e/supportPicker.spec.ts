/**
 * The support page's picker on a seeded campaign (issue 12 §6): errors next to the picker with the
 * focus on them, the previous photo kept after a bad file, the low-resolution notice, and the phone
 * layout (no drop or Ctrl+V hint on touch, adjuster buttons on two rows).
 */
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, seedStorage, test } from '../testing/pageFixture.ts';
import { expectRouteReady } from '../testing/routeReady.ts';

const CAMPAIGN = 'merdeka-80';
/** A face-api sample (three people). */
const PHOTO = 'tests/fixtures/generated/sample1.jpg';
const PASTE_HINT = /paste one \(Ctrl\+V\)/;

test.beforeEach(async ({ page }) => {
  await seedStorage(page, { 'dark-mode-modal-closed': '1' });
});

async function openSupportPage(page: Page): Promise<void> {
  await page.goto(`/${CAMPAIGN}/support`);
  await expectRouteReady(page, 'campaign-support');
}

async function pickPhoto(page: Page, file: string | { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  await page.getByLabel('Choose photo').setInputFiles(file);
}

/** A plain 240 × 240 JPEG: far fewer pixels than any hole of the campaign's 1080 px frame. */
async function smallPhoto(): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const buffer = await sharp({ create: { width: 240, height: 240, channels: 3, background: '#3b82f6' } })
    .jpeg()
    .toBuffer();
  return { name: 'small.jpg', mimeType: 'image/jpeg', buffer };
}

const box = async (locator: Locator) => {
  const rect = await locator.boundingBox();
  if (!rect) throw new Error('not laid out');
  return rect;
};

test.describe('at 1280 × 900', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a bad file after a good one: the error shows by the picker with the focus, and the photo stays; a small photo gets a notice', async ({ page }) => {
    test.setTimeout(120_000);
    await openSupportPage(page);
    await expect(page.getByText(PASTE_HINT)).toBeVisible();

    await pickPhoto(page, PHOTO);
    const adjuster = page.getByRole('application', { name: 'Photo position' });
    await expect(adjuster).toBeVisible({ timeout: 90_000 });
    await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled({ timeout: 60_000 });

    await pickPhoto(page, { name: 'empty.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(0) });
    const alert = page.getByRole('alert').filter({ hasText: 'This file is empty (0 bytes).' });
    await expect(alert).toContainText('Your previous photo is kept.');
    await expect(alert).toBeFocused();
    // The page moved to it: wholly on screen, right under the picker's button.
    await expect(alert).toBeInViewport({ ratio: 1 });
    const chooseButton = await box(page.locator('label', { hasText: 'Choose photo' }));
    const alertBox = await box(alert);
    expect(alertBox.y - (chooseButton.y + chooseButton.height)).toBeGreaterThanOrEqual(0);
    expect(alertBox.y - (chooseButton.y + chooseButton.height)).toBeLessThanOrEqual(32);
    await expect(adjuster).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();

    await pickPhoto(page, await smallPhoto());
    await expect(page.getByRole('status').filter({ hasText: /^Low resolution: 240 × 240 px of your photo fill \d+ × \d+ px of the picture/ })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});

test.describe('on a 360 px touch phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('no drop or Ctrl+V hint, and the adjuster buttons take two rows with both rotations side by side', async ({ page }) => {
    test.setTimeout(120_000);
    await openSupportPage(page);
    expect(await page.evaluate(() => matchMedia('(pointer: coarse) and (hover: none)').matches)).toBe(true);
    await expect(page.getByText('JPEG, PNG, WebP, AVIF, GIF and HEIC work.', { exact: true })).toBeVisible();
    await expect(page.getByText(PASTE_HINT)).toHaveCount(0);
    await expect(page.getByText('Take a photo')).toBeVisible();

    await pickPhoto(page, PHOTO);
    await expect(page.getByRole('application', { name: 'Photo position' })).toBeVisible({ timeout: 90_000 });
    const controls = [
      page.getByRole('button', { name: 'Zoom out' }),
      page.getByRole('button', { name: 'Zoom in' }),
      page.getByRole('button', { name: 'Rotate left 45°' }),
      page.getByRole('button', { name: 'Rotate right 45°' }),
      page.getByRole('slider', { name: 'Rotate' }),
      page.getByRole('button', { name: 'Reset' }),
    ];
    const boxes = await Promise.all(controls.map(box));
    const rows = new Set(boxes.map((rect) => Math.round(rect.y + rect.height / 2)));
    expect(rows.size).toBe(2);
    const [, , left, right] = boxes;
    expect(right!.y).toBe(left!.y);
    expect(right!.x - (left!.x + left!.width)).toBeLessThanOrEqual(8);
    for (const rect of boxes) expect(rect.x + rect.width).toBeLessThanOrEqual(360);
  });
});
