/**
 * Issue 17, fourth part, against the real server: creator A publishes a frame, creator B publishes the same frame;
 * staff see the match side by side in the Frame matches tab and take B's campaign down, whose page is then the
 * not-found page for visitors. And staff find a paid sandbox order in the Orders tab and refund it through the
 * sandbox provider: the order shows refunded once the provider's webhook has come back.
 */
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { registerAndVerify } from '../testing/accounts.ts';
import { expect, freshPage, seedStorage, test, uniqueId } from '../testing/pageFixture.ts';
import { publishCampaign } from '../testing/publishCampaign.ts';
import { expectRouteReady } from '../testing/routeReady.ts';
import { testHooksHeaders } from '../testing/testHooks.ts';

const PASSWORD = 'frame-guard-2026';

test.beforeEach(async ({ page }) => {
  await seedStorage(page, { 'dark-mode-modal-closed': '1' });
});

/** A designed frame (a real photo around a transparent circle), as a creator would export it. */
async function designedFrame(path: string): Promise<void> {
  const size = 800;
  const pixels = await sharp('node_modules/@vladmandic/face-api/demo/sample3.jpg').resize(size, size, { fit: 'cover' }).ensureAlpha().raw().toBuffer();
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) if ((x - 400) ** 2 + (y - 380) ** 2 < 280 ** 2) pixels[(y * size + x) * 4 + 3] = 0;
  }
  await sharp(pixels, { raw: { width: size, height: size, channels: 4 } }).png().toFile(path);
}

async function becomeStaff(page: Page, request: import('@playwright/test').APIRequestContext, name: string, email: string): Promise<void> {
  await registerAndVerify(page, name, email, PASSWORD);
  // Production grants the role with `npm run staff -- grant`; the test hook does the same here.
  expect((await request.post('/api/test/staff', { data: { email, staff: true }, headers: testHooksHeaders() })).status()).toBe(204);
}

test('the same frame from another creator → staff see both side by side → take the copy down → its page is not found @full', async ({ page, browser, baseURL, request, watch }, testInfo) => {
  test.setTimeout(300_000);
  const id = uniqueId(testInfo);
  const original = { uri: `bingkai-asli-${id}`, title: `Bingkai Asli ${id}` };
  const copy = { uri: `bingkai-tiruan-${id}`, title: `Bingkai Tiruan ${id}` };
  watch.allow(new RegExp(`404 \\(Not Found\\) \\[[^\\]]*/(api/v2/campaigns/)?${copy.uri}\\]`));
  const frame = testInfo.outputPath('designed-frame.png');
  await designedFrame(frame);

  const creatorB = (await freshPage(browser, baseURL)).page;
  const staff = (await freshPage(browser, baseURL)).page;
  const visitor = (await freshPage(browser, baseURL)).page;
  await Promise.all([
    registerAndVerify(page, 'Ayu Asli', `e2e-piracy-a-${id}@example.com`, PASSWORD),
    registerAndVerify(creatorB, 'Beni Tiru', `e2e-piracy-b-${id}@example.com`, PASSWORD),
    becomeStaff(staff, request, 'Sari Staf', `e2e-piracy-staff-${id}@example.com`),
  ]);
  await publishCampaign(page, original.title, original.uri, { frame });
  await publishCampaign(creatorB, copy.title, copy.uri, { frame });

  await staff.goto('/staff?tab=piracy');
  await expectRouteReady(staff, 'staff');
  const card = staff.getByRole('article', { name: `${copy.uri} matching ${original.uri}` });
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(card.getByText('0 bits of 64 differ')).toBeVisible();
  // Both frames, side by side, each with its campaign and creator.
  for (const uri of [copy.uri, original.uri]) {
    const image = card.getByRole('img', { name: `Frame of ${uri}` });
    await expect(image).toBeVisible();
    // The console's frames load lazily: bring each into view, then wait for its decoded pixels.
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 15_000 }).toBe(800);
  }
  await expect(card.getByRole('link', { name: copy.title })).toBeVisible();
  await expect(card.getByRole('link', { name: original.title })).toBeVisible();

  await card.getByLabel(`Reason (about ${copy.uri} matching ${original.uri})`).fill('A copy of an earlier creator’s frame');
  await card.getByRole('button', { name: 'Take down the copy and warn' }).click();
  await expect(card).toHaveCount(0);

  await expect(async () => {
    const answer = await visitor.goto(`/${copy.uri}`);
    expect(answer?.status()).toBe(404);
    await expectRouteReady(visitor, 'not-found', 5_000);
  }).toPass({ timeout: 20_000 });
  await visitor.goto(`/${original.uri}`);
  await expectRouteReady(visitor, 'campaign');

  await staff.getByRole('tab', { name: 'Audit log' }).click();
  const rows = staff.getByRole('table', { name: 'Audit log' }).getByRole('row');
  await expect(rows.nth(1)).toContainText('Took down');
  await expect(rows.nth(2)).toContainText('Warned');
});

test('staff find a paid sandbox order by the buyer’s email and refund it: it shows refunded @full', async ({ page, browser, baseURL, request }, testInfo) => {
  test.setTimeout(180_000);
  const id = uniqueId(testInfo);
  const email = `e2e-refund-buyer-${id}@example.com`;
  const staff = (await freshPage(browser, baseURL)).page;
  await Promise.all([registerAndVerify(page, 'Pembeli Refund', email, PASSWORD), becomeStaff(staff, request, 'Kasir Staf', `e2e-refund-staff-${id}@example.com`)]);

  await page.goto('/checkout?plan=supporter&period=monthly&currency=USD');
  await expectRouteReady(page, 'checkout');
  await page.getByRole('radio', { name: /Sandbox payment/ }).check();
  await page.getByRole('checkbox', { name: /I accept the terms/ }).check();
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/sandbox-pay\/[^/]+$/);
  await page.getByRole('button', { name: /^Pay .* \(test\)$/ }).click();
  await expect(page).toHaveURL(/\/checkout\/loading\/[0-9a-f-]{36}$/);
  const orderId = /\/checkout\/loading\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
  await expect(page.getByText(/Payment received/)).toBeVisible({ timeout: 30_000 });

  await staff.goto('/staff?tab=orders');
  await expectRouteReady(staff, 'staff');
  await staff.getByLabel('Order id, buyer email or provider reference').fill(email);
  await staff.getByRole('button', { name: 'Find' }).click();
  const order = staff.locator(`article[data-order-id="${orderId}"]`);
  await expect(order.getByTestId('order-status')).toHaveText('Paid');
  await order.getByLabel(/^Reason \(about order /).fill('The buyer asked for a refund');
  await order.getByRole('button', { name: 'Refund in full' }).click();
  await expect(order.getByTestId('order-status')).toHaveText('Refunded');
  await expect(order.getByRole('cell', { name: 'refunded', exact: true })).toBeVisible();
  await expect(order.getByRole('button', { name: 'Refund in full' })).toHaveCount(0);
});
