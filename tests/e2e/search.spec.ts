import type { Page } from '@playwright/test';
import { expect, seedStorage, test } from '../testing/pageFixture.ts';
import { expectRouteReady } from '../testing/routeReady.ts';

/**
 * Search on the demo seed (scripts/seed.ts): four Indonesian campaigns of the creator `bingkai`, all time
 * merdeka-80 1280 supporters · wisuda-2026 642 · garuda-fc-juara 315 (sports) · lari-amal-jakarta 97 (charity).
 * Other specs sharing the server may add campaigns and supports, so only wide margins are relied on.
 */
test.beforeEach(async ({ page }) => {
  await seedStorage(page, { 'dark-mode-modal-closed': '1' });
});

const cards = (page: Page) => page.locator('main [data-campaign-uri]');

test('the navbar suggests as one types, forgives a typo, and the keyboard opens a suggestion', async ({ page, watch }) => {
  void watch;
  await page.goto('/');
  await expectRouteReady(page, 'home');
  const box = page.getByRole('combobox', { name: 'Search campaigns' });
  await box.fill('merdak');
  const listbox = page.getByRole('listbox', { name: 'Suggestions' });
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await expect(listbox.getByRole('group', { name: 'Campaigns' }).getByRole('option', { name: 'Dirgahayu Republik Indonesia ke-80' })).toBeVisible();
  await expect(listbox.getByRole('option', { name: 'See all results for “merdak”' })).toBeVisible();

  // Down moves through the options (aria-activedescendant), Escape closes, Enter opens the active one.
  await box.press('ArrowDown');
  const first = listbox.getByRole('option').first();
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
  await box.press('Escape');
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await expect(box).not.toHaveAttribute('aria-activedescendant');
  await box.press('ArrowDown');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/merdeka-80$/);

  // A creator is suggested by name; Enter with no option active leads to the results page.
  await page.goto('/');
  await expectRouteReady(page, 'home');
  await box.fill('bingka');
  await expect(listbox.getByRole('group', { name: 'Creators' }).getByRole('option', { name: /Bingkai/ })).toBeVisible();
  await box.fill('wisuds');
  // The suggestions of the new text replace the old ones (the creator no longer matches).
  await expect(listbox.getByRole('group', { name: 'Creators' })).toHaveCount(0);
  await expect(listbox.getByRole('option', { name: 'Wisuda Angkatan 2026' })).toBeVisible();
  await box.press('Enter');
  await expect(page).toHaveURL(/\/explore\/campaign\?q=wisuds$/);
  const root = await expectRouteReady(page, 'explore');
  await expect(root.getByTestId('explore-summary')).toContainText('for “wisuds”');
  await expect(cards(page).first()).toHaveAttribute('data-campaign-uri', 'wisuda-2026');
});

test('explore sorts and filters with every choice in the URL, through reloads and back/forward', async ({ page, watch }) => {
  void watch;
  await page.goto('/explore/campaign');
  const root = await expectRouteReady(page, 'explore');
  await expect(cards(page).first()).toBeVisible();

  await root.getByLabel('Sort by').selectOption('popular');
  await expect(page).toHaveURL(/\/explore\/campaign\?sort=popular$/);
  await expect(cards(page).first()).toHaveAttribute('data-campaign-uri', 'merdeka-80');
  await expect(cards(page).nth(1)).toHaveAttribute('data-campaign-uri', 'wisuda-2026');

  await root.getByLabel('Category').selectOption('sports');
  await expect(page).toHaveURL(/\?sort=popular&category=sports$/);
  await expect(cards(page).first()).toHaveAttribute('data-campaign-uri', 'garuda-fc-juara');
  await expect(cards(page).locator('[data-campaign-uri="merdeka-80"]')).toHaveCount(0);

  // A reload keeps every choice.
  await page.reload();
  await expectRouteReady(page, 'explore');
  await expect(root.getByLabel('Sort by')).toHaveValue('popular');
  await expect(root.getByLabel('Category')).toHaveValue('sports');
  await expect(cards(page).first()).toHaveAttribute('data-campaign-uri', 'garuda-fc-juara');

  // Back and forward walk through the states.
  await page.goBack();
  await expect(page).toHaveURL(/\?sort=popular$/);
  await expect(root.getByLabel('Category')).toHaveValue('');
  await expect(cards(page).first()).toHaveAttribute('data-campaign-uri', 'merdeka-80');
  await page.goForward();
  await expect(page).toHaveURL(/\?sort=popular&category=sports$/);
  await expect(cards(page).first()).toHaveAttribute('data-campaign-uri', 'garuda-fc-juara');

  // The search field: a typo and a partial word still find the campaign; the country filter narrows to creators there.
  await root.getByRole('searchbox', { name: 'Search explore' }).fill('garud');
  await root.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\?q=garud&sort=popular&category=sports$/);
  await expect(cards(page).first()).toHaveAttribute('data-campaign-uri', 'garuda-fc-juara');
  await root.getByLabel('Creator’s country').selectOption('MY');
  await expect(page).toHaveURL(/&country=MY$/);
  await expect(root.getByRole('heading', { name: 'No results for “garud”' })).toBeVisible();
  await root.getByRole('button', { name: 'Clear search and filters' }).click();
  await expect(page).toHaveURL(/\/explore\/campaign\?sort=popular$/);
  await expect(cards(page).first()).toHaveAttribute('data-campaign-uri', 'merdeka-80');
});

test('the creators tab lists creators with their totals, linking to their profiles', async ({ page, watch }) => {
  void watch;
  await page.goto('/explore/campaign?q=bingkai');
  const root = await expectRouteReady(page, 'explore');
  await root.getByRole('navigation', { name: 'Explore sections' }).getByRole('link', { name: 'Creators' }).click();
  await expect(page).toHaveURL(/\/explore\/creator\?q=bingkai$/);
  const creator = root.locator('[data-creator-username="bingkai"]');
  await expect(creator).toHaveAttribute('href', '/u/bingkai');
  await expect(creator).toContainText('@bingkai');
  await expect(creator).toContainText(/\d+ campaigns/);
  await page.goBack();
  await expect(page).toHaveURL(/\/explore\/campaign\?q=bingkai$/);
  await expect(root.getByRole('searchbox', { name: 'Search explore' })).toHaveValue('bingkai');
});
