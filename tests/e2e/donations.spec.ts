/**
 * Donations in the browser, on the built-in sandbox provider: a creator turns donations on from the manage page, a
 * visitor without an account donates on the campaign page and pays on the sandbox's hosted page, comes back
 * thanked, and the page shows the total, the progress to the goal and the donor on the wall; the creator hides the
 * message from the manage page and it leaves the wall while the total stays.
 */
import { registerAndVerify } from '../testing/accounts.ts';
import { expect, freshPage, seedStorage, test, uniqueId } from '../testing/pageFixture.ts';
import { donateInSandbox, turnDonationsOn } from '../testing/donations.ts';
import { publishCampaign } from '../testing/publishCampaign.ts';
import { expectRouteReady } from '../testing/routeReady.ts';

const PASSWORD = 'frame-it-2026';

test('a creator turns donations on, a visitor donates in the sandbox and shows on the wall, and the creator hides it @full', async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  const id = uniqueId(testInfo);
  const uri = `donasi-${id}`;
  await seedStorage(page, { 'dark-mode-modal-closed': '1' });
  await registerAndVerify(page, 'Kreator Donasi', `e2e-donation-${id}@example.com`, PASSWORD);
  await publishCampaign(page, `Donasi ${id}`, uri);

  // The creator turns donations on: a cause, a goal of $20.00, in USD.
  await turnDonationsOn(page, uri, { cause: 'Trees for the Ciliwung riverbank', currency: 'USD', goal: '20' });

  // A visitor without an account donates $5.00 with a name and a message.
  const { context, page: visitor } = await freshPage(browser, baseURL);
  await visitor.goto(`/${uri}`);
  await expectRouteReady(visitor, 'campaign');
  const panel = visitor.getByTestId('donation-panel');
  await expect(panel.getByText('Trees for the Ciliwung riverbank')).toBeVisible({ timeout: 30_000 });
  await expect(panel.getByText('No donations yet. Be the first!')).toBeVisible();
  const form = panel.getByTestId('donate-form');
  await form.getByLabel('Amount (USD)').fill('0.5');
  await form.getByRole('button', { name: 'Donate $0.50' }).click();
  await expect(form.getByText('Enter an amount of at least $1.00.')).toBeVisible();
  // The sandbox's hosted page, then back to the campaign through /donation-success/{uri}.
  await donateInSandbox(visitor, uri, { amount: '5', currency: 'USD', name: 'Sari', message: 'Semoga sungainya bersih!', email: `e2e-donor-${id}@example.com` });
  await expect(visitor.getByTestId('donation-raised')).toContainText('$5.00 raised of $20.00');
  await expect(visitor.getByTestId('donation-raised')).toContainText('1 donation');
  await expect(visitor.getByRole('progressbar', { name: 'Progress towards the donation goal' })).toHaveAttribute('value', '25');
  const wall = visitor.getByTestId('donor-wall');
  await expect(wall.getByTestId('donor-wall-item')).toHaveCount(1);
  await expect(wall.getByText('Sari')).toBeVisible();
  await expect(wall.getByText('Semoga sungainya bersih!')).toBeVisible();

  // The creator hides it from the wall; the total still counts it.
  await page.reload();
  await expectRouteReady(page, 'edit-campaign');
  const managed = page.getByTestId('managed-donations');
  await expect(managed.getByText('Semoga sungainya bersih!')).toBeVisible();
  await managed.getByRole('button', { name: 'Hide the donation of Sari from the wall' }).click();
  await expect(managed.getByRole('button', { name: 'Show the donation of Sari on the wall' })).toBeVisible();

  await visitor.reload();
  await expectRouteReady(visitor, 'campaign');
  await expect(visitor.getByTestId('donation-raised')).toContainText('$5.00 raised of $20.00');
  await expect(visitor.getByText('No donations yet. Be the first!')).toBeVisible();
  await expect(visitor.getByText('Semoga sungainya bersih!')).toHaveCount(0);
  await expect(visitor.getByTestId('donation-thanks')).toHaveCount(0);
  await context.close();
});
