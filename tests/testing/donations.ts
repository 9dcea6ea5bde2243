import type { Page } from '@playwright/test';
import { expect } from './pageFixture.ts';
import { expectRouteReady } from './routeReady.ts';

/** The creator (signed in on `page`) turns donations on for their campaign from its manage page. */
export async function turnDonationsOn(page: Page, uri: string, settings: { cause: string; currency: 'IDR' | 'USD'; goal?: string }): Promise<void> {
  await page.goto(`/campaign/${uri}?tab=donations`);
  await expectRouteReady(page, 'edit-campaign');
  const form = page.getByTestId('donation-settings');
  await form.getByLabel('Take donations on this campaign').check();
  await form.getByLabel('What the donations are for').fill(settings.cause);
  await form.getByLabel('Currency').selectOption(settings.currency);
  if (settings.goal !== undefined) await form.getByLabel(`Goal (${settings.currency}, optional)`).fill(settings.goal);
  await form.getByRole('button', { name: 'Save donation settings' }).click();
  await expect(page.getByText('Donation settings saved').first()).toBeVisible();
}

/**
 * A visitor on the campaign page donates `amount` (major units, as typed) in the campaign's donation currency, pays
 * on the sandbox's hosted page and is back on the campaign page, thanked.
 */
export async function donateInSandbox(visitor: Page, uri: string, donation: { amount: string; currency: 'IDR' | 'USD'; email: string; name?: string; message?: string }): Promise<void> {
  await visitor.goto(`/${uri}`);
  await expectRouteReady(visitor, 'campaign');
  const form = visitor.getByTestId('donation-panel').getByTestId('donate-form');
  await form.getByLabel(`Amount (${donation.currency})`).fill(donation.amount);
  if (donation.name !== undefined) await form.getByLabel('Your name (shown on the donor wall)').fill(donation.name);
  if (donation.message !== undefined) await form.getByLabel('Message (optional)').fill(donation.message);
  await form.getByLabel('Email for the receipt').fill(donation.email);
  await form.getByRole('button', { name: /^Donate / }).click();
  await expect(visitor).toHaveURL(/\/sandbox-pay\/[^/]+$/);
  await visitor.getByRole('button', { name: /^Pay .* \(test\)$/ }).click();
  await expect(visitor).toHaveURL(new RegExp(`/${uri}$`), { timeout: 30_000 });
  await expectRouteReady(visitor, 'campaign');
  await expect(visitor.getByTestId('donation-thanks')).toBeVisible();
}
