import { expect, seedStorage, test } from '../testing/pageFixture.ts';
import { expectRouteReady } from '../testing/routeReady.ts';

const themeColor = (page: import('@playwright/test').Page) => page.locator('meta[name="theme-color"]').getAttribute('content');

test('theme switches between light, dark and system, sets theme-color and is remembered', async ({ page, watch }) => {
  void watch;
  await seedStorage(page, { 'dark-mode-modal-closed': '1' });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/about');
  await expectRouteReady(page, 'about');
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  expect(await themeColor(page)).toBe('#16DAC1');

  await page.getByRole('button', { name: /^Theme:/ }).click();
  await page.getByRole('radio', { name: 'Dark' }).check();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  expect(await themeColor(page)).toBe('#1B1B1B');
  expect(await page.evaluate(() => localStorage.getItem('theme-mode'))).toBe('dark');

  await page.reload();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  expect(await themeColor(page)).toBe('#1B1B1B');

  // System follows the device, live.
  await page.getByRole('button', { name: /^Theme:/ }).click();
  await page.getByRole('radio', { name: 'System' }).check();
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  expect(await themeColor(page)).toBe('#16DAC1');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  expect(await themeColor(page)).toBe('#1B1B1B');
});

test('the dark-mode modal opens after 500 ms, and once closed never again', async ({ page, watch }) => {
  void watch;
  await page.goto('/about');
  const modal = page.getByRole('dialog', { name: 'Try dark mode?' });
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'Use dark' }).click();
  await expect(modal).toBeHidden();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => localStorage.getItem('dark-mode-modal-closed'))).toBe('1');
  await page.reload();
  await expectRouteReady(page, 'about');
  await page.waitForTimeout(1200);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the dark-mode modal is not shown on the campaign and support routes', async ({ page, request, watch }) => {
  void watch;
  const list = await request.get('/api/health');
  expect(list.ok()).toBe(true);
  await page.goto('/');
  const uri = await page.locator('[data-campaign-uri]').first().getAttribute('data-campaign-uri');
  for (const path of [`/${uri}`, `/${uri}/support`]) {
    await page.evaluate(() => localStorage.clear());
    await page.goto(path);
    await expectRouteReady(page, path.endsWith('/support') ? 'campaign-support' : 'campaign');
    await page.waitForTimeout(1200);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
});

test('the dark-mode modal is a bottom sheet on small screens and centred otherwise', async ({ page, watch }) => {
  void watch;
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/about');
  const modal = page.getByRole('dialog', { name: 'Try dark mode?' });
  await expect(modal).toBeVisible();
  await expect.poll(async () => {
    const box = await modal.boundingBox();
    return box ? Math.round(box.y + box.height) : -1;
  }).toBe(740);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect.poll(async () => {
    const box = await modal.boundingBox();
    return box ? Math.abs(box.x + box.width / 2 - 640) < 2 && box.y > 0 && box.y + box.height < 800 : false;
  }).toBe(true);
});
