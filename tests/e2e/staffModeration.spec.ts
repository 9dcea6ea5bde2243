/**
 * Issue 17's staff console, second done-when line, against the real server: a visitor reports a campaign, staff
 * take it down from the reports queue and its page is the not-found page for visitors; staff suspend an account,
 * which is confined to /appeal, appeals, and staff lift the suspension from the appeals tab.
 */
import type { Page } from '@playwright/test';
import { registerAndVerify, solveCaptcha } from '../testing/accounts.ts';
import { expect, freshPage, seedStorage, test, uniqueId } from '../testing/pageFixture.ts';
import { publishCampaign } from '../testing/publishCampaign.ts';
import { expectRouteReady } from '../testing/routeReady.ts';
import { testHooksHeaders } from '../testing/testHooks.ts';

const PASSWORD = 'moderate-it-2026';

test.beforeEach(async ({ page }) => {
  await seedStorage(page, { 'dark-mode-modal-closed': '1' });
});

async function openConsoleFromMenu(page: Page, name: string): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: `Account menu for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Staff console' }).click();
  await expectRouteReady(page, 'staff');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff console' })).toBeVisible();
}

test('a report → staff take the campaign down → its page is not found; a suspension → /appeal → appeal → staff lift it @full', async ({ page, browser, baseURL, request, watch }, testInfo) => {
  test.setTimeout(300_000);
  const id = uniqueId(testInfo);
  const creator = { name: 'Rudi Kreator', email: `e2e-staff-creator-${id}@example.com` };
  const moderator = { name: 'Mona Moderator', email: `e2e-staff-mod-${id}@example.com` };
  const campaign = { title: `Lomba Foto ${id}`, uri: `lomba-foto-${id}` };
  // Expected refusals: the taken-down page (404), the staff check before the role is granted (404), and the suspended
  // account's own API calls (403) until its page learns it is suspended.
  watch.allow(new RegExp(`404 \\(Not Found\\) \\[[^\\]]*/(api/v2/campaigns/)?${campaign.uri}\\]`));
  watch.allow(/404 \(Not Found\) \[[^\]]*\/api\/v2\/staff\/session\]/);
  watch.allow(/403 \(Forbidden\) \[[^\]]*\/api\/v2\//);
  // The app's locale setup reads the general preference on opening, which a suspended account may not: it logs the 403
  // (src/app/localeSetup.ts) until the refreshed flag confines the account to /appeal.
  watch.allow(/^Locale setup failed ApiError: This account is suspended/);

  const modPage = (await freshPage(browser, baseURL)).page;
  const visitor = (await freshPage(browser, baseURL)).page;
  await Promise.all([registerAndVerify(page, creator.name, creator.email, PASSWORD), registerAndVerify(modPage, moderator.name, moderator.email, PASSWORD)]);
  // Not staff yet: the console is the not-found page and the menu has no link to it.
  await modPage.goto('/staff');
  await expectRouteReady(modPage, 'not-found');
  // Production grants the role with `npm run staff -- grant`; the test hook does the same here.
  expect((await request.post('/api/test/staff', { data: { email: moderator.email, staff: true }, headers: testHooksHeaders() })).status()).toBe(204);

  // A visitor reports the creator's new campaign.
  await publishCampaign(page, campaign.title, campaign.uri, { caption: 'Saya [[nama]] mendukung' });
  await visitor.goto(`/${campaign.uri}`);
  await expectRouteReady(visitor, 'campaign');
  await visitor.getByRole('button', { name: 'Report campaign' }).click();
  const report = visitor.getByRole('dialog');
  await report.getByLabel('Spam or scam').check();
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(visitor.getByText('Thank you. We will review your report.').first()).toBeVisible();

  // Staff take it down from the queue, with a reason.
  await openConsoleFromMenu(modPage, moderator.name);
  const card = modPage.getByRole('article', { name: `campaign ${campaign.uri}` });
  await expect(card.getByText('1 report · campaign by @')).toBeVisible();
  await expect(card.getByText('Spam: 1')).toBeVisible();
  await card.getByLabel(`Reason (about campaign ${campaign.uri})`).fill('Spam: selling followers');
  await card.getByRole('button', { name: 'Take down' }).click();
  await expect(card).toHaveCount(0);

  // Visitors (and its creator) now get the not-found page; the first HTML answer is a 404 too.
  await expect(async () => {
    const answer = await visitor.goto(`/${campaign.uri}`);
    expect(answer?.status()).toBe(404);
    await expectRouteReady(visitor, 'not-found', 5_000);
  }).toPass({ timeout: 20_000 });
  await page.goto(`/${campaign.uri}`);
  await expectRouteReady(page, 'not-found');
  // Its creator still sees it in their own list, marked as taken down.
  await page.goto('/profile');
  await expectRouteReady(page, 'profile-own');
  await expect(page.getByRole('region', { name: 'Your campaigns' }).getByRole('listitem').filter({ hasText: campaign.title })).toContainText('Taken down by our moderators');

  // Staff suspend the creator from the accounts tab.
  await modPage.getByRole('tab', { name: 'Accounts' }).click();
  await modPage.getByLabel('Email or username').fill(creator.email);
  await modPage.getByRole('button', { name: 'Find' }).click();
  await expect(modPage.getByTestId('staff-account-status')).toHaveText('Active');
  await modPage.getByLabel(/^Reason \(about @/).fill('Repeated spam campaigns');
  await modPage.getByRole('button', { name: 'Suspend' }).click();
  await expect(modPage.getByTestId('staff-account-status')).toContainText('Suspended since');

  // The creator is confined to /appeal (the app learns it when it opens again), and appeals.
  await expect(async () => {
    await page.goto('/explore');
    await expect(page).toHaveURL(/\/appeal$/, { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await expectRouteReady(page, 'appeal');
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/appeal$/);
  await expectRouteReady(page, 'appeal');
  await expect(page.getByText('Your account is suspended. You have not appealed yet.')).toBeVisible();
  await page.getByLabel('Why should the suspension be lifted?').fill('That campaign was a school photo contest, not spam. Please look again.');
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Send appeal' }).click();
  await expect(page.getByText('Your appeal is being reviewed.')).toBeVisible();

  // Staff read the appeal and lift the suspension.
  await modPage.getByRole('tab', { name: 'Appeals' }).click();
  const appeal = modPage.getByRole('article', { name: /^Appeal of @/ }).filter({ hasText: creator.email });
  await expect(appeal.getByText('That campaign was a school photo contest, not spam. Please look again.')).toBeVisible();
  await appeal.getByLabel(/^Reason \(about @/).fill('A school contest; the suspension was a mistake');
  await appeal.getByRole('button', { name: 'Lift suspension' }).click();
  await expect(appeal).toHaveCount(0);

  // The audit log has every action, newest first.
  await modPage.getByRole('tab', { name: 'Audit log' }).click();
  const rows = modPage.getByRole('table', { name: 'Audit log' }).getByRole('row');
  await expect(rows.nth(1)).toContainText('Lifted suspension');
  await expect(rows.nth(2)).toContainText('Suspended');
  await expect(rows.nth(3)).toContainText('Took down');
  await expect(rows.nth(3)).toContainText(campaign.uri);

  // The creator is free again: the app follows them out of /appeal once it opens again.
  await expect(async () => {
    await page.goto('/explore');
    await expectRouteReady(page, 'explore', 5_000);
  }).toPass({ timeout: 30_000 });
  await Promise.all([modPage.context().close(), visitor.context().close()]);
});
