import { expect, seedStorage, test } from '../testing/pageFixture.ts';
import { expectRouteReady } from '../testing/routeReady.ts';
import { testHooksHeaders } from '../testing/testHooks.ts';

/**
 * The leaderboard on the demo seed (scripts/seedSupports.ts): this week lari-amal-jakarta leads, this month
 * garuda-fc-juara, all time merdeka-80; in Malaysia this month garuda-fc-juara then lari-amal-jakarta. Other specs
 * sharing the server may add a few supports, so only the leaders (with wide margins in the seed) are checked.
 */
test.beforeEach(async ({ page, request }) => {
  await seedStorage(page, { 'dark-mode-modal-closed': '1' });
  const refreshed = await request.post('/api/test/leaderboard/refresh', { headers: testHooksHeaders() });
  expect(refreshed.status()).toBe(204);
});

const campaignRows = (page: import('@playwright/test').Page) => page.locator('#leaderboard-campaigns ~ ol > li');

test('periods show their own winners, with the state in the URL', async ({ page, watch }) => {
  void watch;
  await page.goto('/leaderboard');
  const root = await expectRouteReady(page, 'leaderboard');
  await expect(root.getByRole('heading', { level: 1 })).toHaveText('Leaderboard');
  await expect(root.getByTestId('leaderboard-window')).toContainText('last 7 days');
  await expect(root.getByTestId('leaderboard-updated')).toContainText('Updated');
  await expect(root.getByRole('link', { name: 'This week' })).toHaveAttribute('aria-current', 'page');
  await expect(campaignRows(page).first()).toHaveAttribute('data-campaign-uri', 'lari-amal-jakarta');
  await expect(campaignRows(page).first()).toContainText('Lari Amal Jakarta 10K');
  await expect(campaignRows(page).first().getByLabel('Rank 1')).toBeVisible();
  // The campaign's title links to its page, its creator to their profile.
  await expect(campaignRows(page).first().getByRole('link', { name: 'Lari Amal Jakarta 10K' })).toHaveAttribute('href', '/lari-amal-jakarta');
  await expect(campaignRows(page).first().getByRole('link', { name: 'by Bingkai' })).toHaveAttribute('href', '/u/bingkai');
  const creators = page.locator('#leaderboard-creators ~ ol > li');
  await expect(creators.first()).toHaveAttribute('data-username', 'bingkai');
  await expect(creators.first().getByRole('link')).toHaveAttribute('href', '/u/bingkai');

  await root.getByRole('link', { name: 'This month' }).click();
  await expect(page).toHaveURL(/\/leaderboard\?period=month$/);
  await expect(root.getByTestId('leaderboard-window')).toContainText('last 30 days');
  await expect(campaignRows(page).first()).toHaveAttribute('data-campaign-uri', 'garuda-fc-juara');

  await root.getByRole('link', { name: 'All time' }).click();
  await expect(page).toHaveURL(/\?period=all$/);
  await expect(campaignRows(page).first()).toHaveAttribute('data-campaign-uri', 'merdeka-80');
  await expect(campaignRows(page).first()).toContainText(/1,2\d\d supporters/);

  // Back and forward walk the periods, as the URL keeps them.
  await page.goBack();
  await expect(page).toHaveURL(/\?period=month$/);
  await expect(campaignRows(page).first()).toHaveAttribute('data-campaign-uri', 'garuda-fc-juara');
});

test('the country picker ranks by the supporters’ country and survives a reload', async ({ page, watch }) => {
  void watch;
  await page.goto('/leaderboard?period=month');
  const root = await expectRouteReady(page, 'leaderboard');
  await root.getByLabel("Supporters' country").selectOption('MY');
  await expect(page).toHaveURL(/\?period=month&country=MY$/);
  await expect(root.getByTestId('leaderboard-window')).toContainText('Malaysia');
  await expect(campaignRows(page)).toHaveCount(2);
  await expect(campaignRows(page).nth(0)).toHaveAttribute('data-campaign-uri', 'garuda-fc-juara');
  await expect(campaignRows(page).nth(1)).toHaveAttribute('data-campaign-uri', 'lari-amal-jakarta');
  await page.reload();
  await expectRouteReady(page, 'leaderboard');
  await expect(root.getByLabel("Supporters' country")).toHaveValue('MY');
  await expect(campaignRows(page).nth(0)).toHaveAttribute('data-campaign-uri', 'garuda-fc-juara');
  // A country nobody supported from shows the empty boards.
  await root.getByLabel("Supporters' country").selectOption('JP');
  await expect(root.getByText('No campaign has supporters here in this period yet.')).toBeVisible();
});
