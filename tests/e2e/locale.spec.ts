import { registerAndVerify } from '../testing/accounts.ts';
import { expect, seedStorage, test, uniqueId } from '../testing/pageFixture.ts';
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

test('a signed-in person’s choice in the language menu is kept by the account: a reload stays in it', async ({ page, watch }, testInfo) => {
  void watch;
  await seedStorage(page, { 'dark-mode-modal-closed': '1' });
  await registerAndVerify(page, 'Pemilih Bahasa', `e2e-language-${uniqueId(testInfo)}@example.com`, 'frame-it-2026');
  await page.goto('/about');
  await expectRouteReady(page, 'about');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  const saved = page.waitForResponse((response) => response.url().endsWith('/api/v2/account/preference/update') && response.request().method() === 'PATCH');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('id');
  await expect(page.locator('html')).toHaveAttribute('lang', 'id');
  expect((await saved).status()).toBe(200);

  // A signed-in load starts in the account's language: with this device's own memory of the choice gone, the
  // reload is still in Indonesian.
  await page.evaluate(() => localStorage.removeItem('user-locale'));
  await page.reload();
  await expectRouteReady(page, 'about');
  await expect(page.locator('html')).toHaveAttribute('lang', 'id');
  await expect(page.getByRole('link', { name: 'Jelajahi' }).first()).toBeVisible();
});

test('the maintenance banner is hidden at start', async ({ page, watch }) => {
  void watch;
  await seedStorage(page, { 'dark-mode-modal-closed': '1' });
  await page.goto('/');
  await expectRouteReady(page, 'home');
  await expect(page.getByText('Maintenance Notice')).toHaveCount(0);
});
