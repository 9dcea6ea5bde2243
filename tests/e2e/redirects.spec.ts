import { accountState, allowRejectedSeededToken, expect, seedStorage, test } from '../testing/pageFixture.ts';
import { expectRouteReady } from '../testing/routeReady.ts';

const loggedIn = accountState({ uuid: 'user-1', name: 'Ayu', username: 'ayu', isSuspended: false, verifyPayload: { otp: '', email: '', request: '' } });

test.beforeEach(async ({ page }) => {
  await seedStorage(page, { 'dark-mode-modal-closed': '1' });
});

test('/billing goes to the billing tab of profile settings', async ({ page, watch }) => {
  allowRejectedSeededToken(watch);
  await seedStorage(page, { 'bingkai-account': loggedIn, 'bingkai-token': 'e2e-token' });
  await page.goto('/billing');
  await expect(page).toHaveURL(/\/profile\/profile-settings\?tab=billing$/);
  await expectRouteReady(page, 'profile-settings');
});

test('/reset-password/:ticketId moves the ticket into the query', async ({ page, watch }) => {
  void watch;
  await page.goto('/reset-password/tk-42');
  await expect(page).toHaveURL(/\/reset-password\?ticket=tk-42$/);
  await expectRouteReady(page, 'reset-password');
});

const campaignRedirects: Array<[from: string, to: RegExp, name: string]> = [
  ['/donation-success/my-cause', /\/my-cause\?action=donation$/, 'donation'],
  // The campaign page forwards ?action=nowatermark to its support page at once (CampaignPage.tsx): the stable URL is
  // the support page's; the campaign page's lasts only until its chunk has loaded.
  ['/nowatermark-success/my-cause', /\/my-cause\/support\?action=nowatermark$/, 'nowatermark'],
  ['/nowatermark-success-support/my-cause', /\/my-cause\/support\?action=nowatermark&support=1$/, 'nowatermark support'],
];

for (const [from, to, label] of campaignRedirects) {
  test(`${from} redirects (${label})`, async ({ page, watch }) => {
    watch.allow(/404/);
    await page.goto(from);
    await expect(page).toHaveURL(to);
  });
}
