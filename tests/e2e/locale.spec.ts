import { expect, seedStorage, test } from '../testing/pageFixture.ts';
import { expectRouteReady } from '../testing/routeReady.ts';

test('switching to Arabic sets lang and dir=rtl, and back to Indonesian translates the page', async ({ page, watch }) => {
  void watch;
  await seedStorage(page, { 'dark-mode-modal-closed': '1' });
  await page.goto('/about');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('html')).not.toHaveAttribute('dir', 'rtl');

  const language = page.getByRole('combobox', { name: 'Language' });
  await language.selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  expect(await page.evaluate(() => localStorage.getItem('user-locale'))).toBe('ar');

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  await page.getByRole('combobox').first().selectOption('id');
  await expect(page.locator('html')).toHaveAttribute('lang', 'id');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('link', { name: 'Jelajahi' }).first()).toBeVisible();
});

test('the maintenance banner is hidden at start', async ({ page, watch }) => {
  void watch;
  await seedStorage(page, { 'dark-mode-modal-closed': '1' });
  await page.goto('/');
  await expectRouteReady(page, 'home');
  await expect(page.getByText('Maintenance Notice')).toHaveCount(0);
});
