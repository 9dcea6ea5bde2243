/**
 * The campaign page warms the pipeline while the visitor reads; the support page takes over those workers
 * (src/pipeline/parkedPipeline.ts) instead of starting its own, and frames a photo with them.
 */
import type { Worker } from '@playwright/test';
import { expect, seedStorage, test } from '../testing/pageFixture.ts';
import { expectRouteReady } from '../testing/routeReady.ts';

const CAMPAIGN = 'merdeka-80';
const PHOTO = 'tests/fixtures/generated/sample1.jpg';

test('the support page frames the photo with the workers the campaign page warmed', async ({ page }) => {
  test.setTimeout(120_000);
  await seedStorage(page, { 'dark-mode-modal-closed': '1' });
  const started: Worker[] = [];
  const closed: Worker[] = [];
  page.on('worker', (worker) => {
    started.push(worker);
    worker.on('close', () => closed.push(worker));
  });
  await page.goto(`/${CAMPAIGN}`);
  await expectRouteReady(page, 'campaign');
  // The idle warm-up starts the image and the vision worker.
  await expect.poll(() => started.map((worker) => worker.url().replace(/.*\/(\w+)\.worker.*/, '$1')).sort(), { timeout: 60_000 }).toEqual(['image', 'vision']);

  await page.locator(`a[href="/${CAMPAIGN}/support"]`).first().click();
  await expectRouteReady(page, 'campaign-support');
  await page.getByLabel('Choose photo').setInputFiles(PHOTO);
  await expect(page.getByRole('application', { name: 'Photo position' })).toBeVisible({ timeout: 90_000 });
  await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled({ timeout: 60_000 });
  expect(started).toHaveLength(2);
  expect(closed).toEqual([]);
});
