/**
 * Issue 17's monetization, against the real server: a visitor donates to a creator's campaign in the sandbox, the creator applies for
 * monetization, staff approve the application, the earnings page shows the donation minus the platform fee, the
 * creator requests a payout, staff mark it paid with a transfer reference, and the creator sees it paid.
 */
import { registerAndVerify } from '../testing/accounts.ts';
import { expect, freshPage, seedStorage, test, uniqueId } from '../testing/pageFixture.ts';
import { donateInSandbox, turnDonationsOn } from '../testing/donations.ts';
import { publishCampaign } from '../testing/publishCampaign.ts';
import { expectRouteReady } from '../testing/routeReady.ts';
import { testHooksHeaders } from '../testing/testHooks.ts';

const PASSWORD = 'monetize-it-2026';

test.beforeEach(async ({ page }) => {
  await seedStorage(page, { 'dark-mode-modal-closed': '1' });
});

test('a donation → apply → staff approve → earnings net of the fee → payout → staff mark it paid @full', async ({ page, browser, baseURL, request, watch }, testInfo) => {
  test.setTimeout(300_000);
  const id = uniqueId(testInfo);
  const creator = { name: 'Sari Kreator', email: `e2e-money-creator-${id}@example.com` };
  const moderator = { name: 'Budi Moderator', email: `e2e-money-mod-${id}@example.com` };
  const campaign = { title: `Donasi Banjir ${id}`, uri: `donasi-banjir-${id}` };
  // The moderator's menu asks whether it is staff before the role is granted.
  watch.allow(/404 \(Not Found\) \[[^\]]*\/api\/v2\/staff\/session\]/);

  const modPage = (await freshPage(browser, baseURL)).page;
  await Promise.all([registerAndVerify(page, creator.name, creator.email, PASSWORD), registerAndVerify(modPage, moderator.name, moderator.email, PASSWORD)]);
  expect((await request.post('/api/test/staff', { data: { email: moderator.email, staff: true }, headers: testHooksHeaders() })).status()).toBe(204);

  // The creator takes donations in IDR; a visitor gives Rp 250,000 through the sandbox; the platform keeps 10 %.
  await publishCampaign(page, campaign.title, campaign.uri, { caption: 'Saya [[nama]] mendukung' });
  await turnDonationsOn(page, campaign.uri, { cause: 'Bantuan banjir Demak', currency: 'IDR' });
  const visitor = await freshPage(browser, baseURL);
  await donateInSandbox(visitor.page, campaign.uri, { amount: '250000', currency: 'IDR', email: `e2e-money-donor-${id}@example.com` });
  await visitor.context.close();

  // Before approval the earnings are pending.
  await page.goto('/profile/earnings');
  await expectRouteReady(page, 'earnings');
  await expect(page.getByTestId('earnings-pending-IDR')).toContainText('225,000');
  await expect(page.getByTestId('earnings-available-IDR')).toContainText('0');

  // The creator applies.
  await page.getByRole('link', { name: 'Apply for monetization' }).click();
  await expectRouteReady(page, 'apply-monetization');
  await page.getByLabel('Legal name (as on your ID and bank account)').fill('Sari Wulandari');
  await page.getByLabel('Country').selectOption('ID');
  await page.getByLabel('Bank', { exact: true }).fill('BCA');
  await page.getByLabel('Account number').fill('1234567890');
  await page.getByLabel("Account holder's name").fill('Sari Wulandari');
  await page.getByLabel(campaign.title).check();
  await page.getByLabel(/I agree to the monetization terms/).check();
  await page.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByRole('heading', { name: 'Your application is under review' })).toBeVisible();

  // Staff approve it from the applications tab.
  await modPage.goto('/staff?tab=applications');
  await expectRouteReady(modPage, 'staff');
  const application = modPage.getByRole('article', { name: /^Application of @/ }).filter({ hasText: creator.email });
  await expect(application.getByText('Sari Wulandari', { exact: true })).toBeVisible();
  await expect(application.getByText('BCA · Sari Wulandari · 1234567890')).toBeVisible();
  await application.getByLabel(/^Reason \(about @/).fill('Identity and bank account checked');
  await application.getByRole('button', { name: 'Approve' }).click();
  await expect(application).toHaveCount(0);

  // The creator sees the approval, then the earnings net of the fee, and asks for a payout.
  await page.reload();
  await expectRouteReady(page, 'apply-monetization');
  await expect(page.getByRole('heading', { name: 'You are approved' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to your earnings' }).click();
  await expectRouteReady(page, 'earnings');
  await expect(page.getByTestId('earnings-available-IDR')).toContainText('225,000');
  await expect(page.getByRole('row').filter({ hasText: campaign.title })).toContainText('225,000');
  const amount = page.getByLabel('Amount to withdraw (IDR)');
  await amount.fill('50000');
  await page.getByRole('button', { name: 'Request payout' }).click();
  await expect(page.getByText(/The smallest payout is/)).toBeVisible();
  await amount.fill('200000');
  await page.getByRole('button', { name: 'Request payout' }).click();
  await expect(page.getByTestId('earnings-open-payout-IDR')).toContainText('200,000');
  await expect(page.getByTestId('earnings-balance-IDR')).toContainText('25,000');

  // Staff pay it outside and record the transfer reference.
  await modPage.getByRole('tab', { name: 'Payouts' }).click();
  const payout = modPage.getByRole('article', { name: /200,000 to @/ }).filter({ hasText: creator.email });
  await payout.getByLabel(/^Transfer reference/).fill('BCA-E2E-0001');
  await payout.getByRole('button', { name: 'Mark paid' }).click();
  await expect(payout).toHaveCount(0);
  await modPage.getByRole('tab', { name: 'Audit log' }).click();
  const rows = modPage.getByRole('table', { name: 'Audit log' }).getByRole('row');
  await expect(rows.nth(1)).toContainText('Marked paid');
  await expect(rows.nth(2)).toContainText('Approved');

  // The creator sees it paid, with the reference.
  await page.reload();
  await expectRouteReady(page, 'earnings');
  const paid = page.locator('tr[data-payout-state="paid"]');
  await expect(paid).toContainText('Paid');
  await expect(paid).toContainText('BCA-E2E-0001');
});
