/**
 * Collections in the browser: a creator groups public campaigns on their profile, orders them by keyboard and by
 * dragging, and the collection page shows them in that order with their supporters, to the creator and to a visitor.
 */
import type { Page } from '@playwright/test';
import { registerAndVerify } from '../testing/accounts.ts';
import { expect, seedStorage, test, uniqueId } from '../testing/pageFixture.ts';
import { expectRouteReady } from '../testing/routeReady.ts';

const PASSWORD = 'collect-it-2026';
// Seeded public campaigns (scripts/seed.ts) and their supporters.
const WISUDA = { uri: 'wisuda-2026', title: 'Wisuda Angkatan 2026', supporters: '642 supporters' };
const GARUDA = { uri: 'garuda-fc-juara', title: 'Dukung Garuda FC Musim 2026', supporters: '315 supporters' };
const MERDEKA = { uri: 'merdeka-80', title: 'Dirgahayu Republik Indonesia ke-80', supporters: '1,280 supporters' };

test.beforeEach(async ({ page }) => {
  await seedStorage(page, { 'dark-mode-modal-closed': '1' });
});

const editorOrder = (page: Page) => page.getByTestId('collection-order').locator(':scope > li').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-campaign-uri')));
const pageOrder = (page: Page) => page.locator('[data-route="collection"] [data-campaign-uri]').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-campaign-uri')));

async function add(page: Page, search: string, title: string): Promise<void> {
  const editor = page.getByTestId('collection-editor');
  await editor.getByLabel('Add campaigns').fill(search);
  await editor.getByRole('button', { name: `Add “${title}”` }).click();
  await expect(editor.getByRole('button', { name: `“${title}” is in the collection` })).toBeDisabled();
}

async function expectCollectionPage(page: Page, title: string, uri: string): Promise<void> {
  await page.goto(`/c/${uri}`);
  await expectRouteReady(page, 'collection');
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect.poll(() => pageOrder(page)).toEqual([GARUDA.uri, MERDEKA.uri, WISUDA.uri]);
  for (const campaign of [GARUDA, MERDEKA, WISUDA]) {
    await expect(page.locator(`[data-route="collection"] [data-campaign-uri="${campaign.uri}"]`)).toContainText(campaign.supporters);
  }
  await expect(page.getByTestId('collection-supporters')).toHaveText('2,237 supporters in all');
  await expect(page.getByRole('link', { name: 'Collected by Kolektor Bingkai' })).toHaveAttribute('href', /^\/u\/.+/);
}

test('a creator collects campaigns, orders them by keyboard and by drag, and everyone sees that order @full', async ({ page, browser, baseURL, request, watch }, testInfo) => {
  test.setTimeout(180_000);
  const id = uniqueId(testInfo);
  const collection = { title: `Favorit ${id}`, uri: `favorit-${id}` };

  await registerAndVerify(page, 'Kolektor Bingkai', `e2e-collections-${id}@example.com`, PASSWORD);
  const section = page.getByTestId('own-collections');
  await expect(section.getByText('You have no collections yet.')).toBeVisible();
  await section.getByRole('button', { name: 'New collection' }).click();
  const editor = page.getByTestId('collection-editor');
  await editor.getByLabel('Title', { exact: true }).fill(collection.title);
  // The link follows the title until it is typed.
  await expect(editor.getByLabel('Link', { exact: true })).toHaveValue(`favorit-${id}`.toLowerCase());
  await editor.getByLabel('Link', { exact: true }).fill(collection.uri);
  await expect(editor.getByText('This link is free.')).toBeVisible();
  await editor.getByLabel('Description').fill('Campaigns I support this year');

  await add(page, 'wisuda', WISUDA.title);
  await add(page, 'Garuda', GARUDA.title);
  await add(page, 'republik', MERDEKA.title);
  await expect.poll(() => editorOrder(page)).toEqual([WISUDA.uri, GARUDA.uri, MERDEKA.uri]);

  // Keyboard: the handle takes the arrow keys, keeps focus, and each move is announced.
  const merdekaHandle = editor.getByRole('button', { name: new RegExp(`^Move “${MERDEKA.title}”, position`) });
  await merdekaHandle.focus();
  await page.keyboard.press('ArrowUp');
  await expect.poll(() => editorOrder(page)).toEqual([WISUDA.uri, MERDEKA.uri, GARUDA.uri]);
  await expect(page.getByTestId('collection-order-announcement')).toHaveText(`“${MERDEKA.title}” moved to position 2 of 3`);
  await expect(editor.getByRole('button', { name: `Move “${MERDEKA.title}”, position 2 of 3` })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect.poll(() => editorOrder(page)).toEqual([MERDEKA.uri, WISUDA.uri, GARUDA.uri]);
  // The move buttons too.
  await editor.getByRole('button', { name: `Move “${WISUDA.title}” down` }).click();
  await expect.poll(() => editorOrder(page)).toEqual([MERDEKA.uri, GARUDA.uri, WISUDA.uri]);

  // Pointer: drag Garuda's handle above the first row.
  const garudaHandle = editor.getByRole('button', { name: new RegExp(`^Move “${GARUDA.title}”, position`) });
  const from = (await garudaHandle.boundingBox())!;
  const firstRow = (await editor.getByTestId('collection-order').locator(':scope > li').first().boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, firstRow.y + 4, { steps: 12 });
  await page.mouse.up();
  await expect.poll(() => editorOrder(page)).toEqual([GARUDA.uri, MERDEKA.uri, WISUDA.uri]);
  await expect(page.getByTestId('collection-order-announcement')).toHaveText(`“${GARUDA.title}” moved to position 1 of 3`);

  await editor.getByRole('button', { name: 'Create collection' }).click();
  await expect(editor).toBeHidden();
  const row = section.locator(`[data-collection-uri="${collection.uri}"]`);
  await expect(row).toContainText(collection.title);
  await expect(row).toContainText('3 campaigns');
  await expect(row).toContainText('2,237 supporters');

  // The creator's page.
  await expectCollectionPage(page, collection.title, collection.uri);

  // A visitor, signed out in another browser.
  const visitorContext = await browser.newContext({ ...(baseURL ? { baseURL } : {}) });
  const visitor = await visitorContext.newPage();
  await seedStorage(visitor, { 'dark-mode-modal-closed': '1' });
  await expectCollectionPage(visitor, collection.title, collection.uri);
  await expect(visitor.getByRole('link', { name: 'Manage your collections' })).toHaveCount(0);
  await visitorContext.close();

  // Link previews read the collection from the server-rendered page.
  const html = await (await request.get(`/c/${collection.uri}`, { headers: { accept: 'text/html' } })).text();
  expect(html).toContain(`<meta property="og:title" content="${collection.title}" />`);
  expect(html).toContain('<meta property="og:description" content="Campaigns I support this year" />');
  expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]*/c/${collection.uri}" />`));

  // Deleting asks first, then the collection is gone.
  await page.goto('/profile');
  await expectRouteReady(page, 'profile-own');
  await section.getByRole('button', { name: `Delete “${collection.title}”` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete collection' }).click();
  await expect(section.getByText('You have no collections yet.')).toBeVisible();
  watch.allow(/404 \(Not Found\)/);
  await page.goto(`/c/${collection.uri}`);
  await expectRouteReady(page, 'not-found');
});
