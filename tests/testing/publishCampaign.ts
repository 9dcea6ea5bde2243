import type { Page } from '@playwright/test';
import { expect } from './pageFixture.ts';
import { expectRouteReady } from './routeReady.ts';

export const CIRCLE_FRAME_FILE = 'tests/fixtures/generated/frame-circle.png';

/**
 * Publishes a one-frame public campaign through the create page as the signed-in creator (the frame checked by the
 * server first), and lands on its page. The circle frame unless `frame` names another file.
 */
export async function publishCampaign(page: Page, title: string, uri: string, options: { frame?: string; caption?: string } = {}): Promise<void> {
  await page.goto('/create/frame');
  await expectRouteReady(page, 'create-campaign');
  await page.getByLabel('Choose PNG frames').setInputFiles(options.frame ?? CIRCLE_FRAME_FILE);
  await expect(page.getByText(/^Checked: /)).toBeVisible({ timeout: 60_000 });
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Link', { exact: true }).fill(uri);
  await expect(page.getByTestId('uri-status')).toHaveText('This link is available.');
  if (options.caption !== undefined) await page.getByLabel('Caption', { exact: true }).fill(options.caption);
  await page.getByRole('button', { name: 'Publish campaign' }).click();
  await expect(page).toHaveURL(new RegExp(`/${uri}$`), { timeout: 30_000 });
  await expectRouteReady(page, 'campaign');
}
