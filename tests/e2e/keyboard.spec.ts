/**
 * Issue 19's keyboard item: the support flow (with the photo adjuster), the frame designer and the
 * checkout, each walked with the keyboard alone — Tab to reach a control, Enter, Space and the arrows to
 * use it, never a click — with a visible focus indicator at every stop (tests/testing/keyboard.ts).
 * Accounts are made with the pointer beforehand: signing up is not the flow under test.
 */
import type { Page } from '@playwright/test';
import { registerAndVerify } from '../testing/accounts.ts';
import { imageSize } from '../testing/imageChecks.ts';
import { arrowTo, expectFocusVisible, tabAndPress, tabTo } from '../testing/keyboard.ts';
import { expect, seedStorage, test, uniqueId } from '../testing/pageFixture.ts';
import { expectRouteReady } from '../testing/routeReady.ts';

/** A face-api sample (three people), as in campaignLoop.spec.ts. */
const PHOTO = 'tests/fixtures/generated/sample1.jpg';
const PASSWORD = 'frame-it-2026';

test.beforeEach(async ({ page }) => {
  await seedStorage(page, { 'dark-mode-modal-closed': '1' });
});

/** Presses a key `times` times on the focused element. */
async function press(page: Page, key: string, times: number): Promise<void> {
  for (let i = 0; i < times; i++) await page.keyboard.press(key);
}

test('support with the keyboard alone: choose a photo, place it with the arrows and +/−, get the result and download it', async ({ page, watch: _watch }, testInfo) => {
  test.setTimeout(180_000);
  await page.goto('/merdeka-80');
  await expectRouteReady(page, 'campaign');
  await tabAndPress(page, page.getByRole('link', { name: 'Choose photo' }));
  await expect(page).toHaveURL(/\/merdeka-80\/support$/);
  await expectRouteReady(page, 'campaign-support');

  // The picker is a real file input: Enter on it opens the system's file chooser.
  const chooser = page.waitForEvent('filechooser');
  await tabAndPress(page, page.getByLabel('Choose photo'));
  await (await chooser).setFiles(PHOTO);
  const adjuster = page.getByRole('application', { name: 'Photo position' });
  await expect(adjuster).toBeVisible({ timeout: 90_000 });

  // The adjuster takes the arrows and + / −, and says what changed.
  await tabTo(page, adjuster);
  const announcement = page.locator('output[aria-live="polite"]').filter({ hasText: /^Zoom / });
  await page.keyboard.press('+');
  await expect(announcement).toHaveText(/^Zoom \d+%, rotation 0°$/);
  const zoomed = Number(/Zoom (\d+)%/.exec((await announcement.textContent()) ?? '')![1]);
  await page.keyboard.press('+');
  await expect(announcement).not.toHaveText(`Zoom ${zoomed}%, rotation 0°`);
  const twice = Number(/Zoom (\d+)%/.exec((await announcement.textContent()) ?? '')![1]);
  expect(twice, 'a second + zooms in further').toBeGreaterThan(zoomed);
  await press(page, 'ArrowRight', 3);
  await page.keyboard.press('-');
  await expect(announcement).toHaveText(`Zoom ${zoomed}%, rotation 0°`);
  await expect(adjuster).toBeFocused();
  await expectFocusVisible(page);

  // The buttons beside the canvas: rotate right 45°, by Enter.
  await tabAndPress(page, page.getByRole('button', { name: 'Rotate right 45°' }));
  // Turned, the photo must zoom to keep the hole covered, so only the rotation is certain.
  await expect(announcement).toHaveText(/, rotation 45°$/);
  await tabAndPress(page, page.getByRole('button', { name: 'Reset' }));
  await expect(announcement).toHaveText(/, rotation 0°$/);

  const next = page.getByRole('button', { name: 'Next' });
  await expect(next).toBeEnabled({ timeout: 60_000 });
  await tabAndPress(page, next);
  await expect(page).toHaveURL(/\/merdeka-80\/result$/, { timeout: 60_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Your twibbon is ready' })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await tabAndPress(page, page.getByRole('link', { name: 'Download' }));
  const file = testInfo.outputPath('keyboard-result.jpg');
  await (await downloading).saveAs(file);
  const size = await imageSize(file);
  expect(size.width, 'the downloaded result is a full-size picture').toBeGreaterThanOrEqual(1000);
});

test('the frame designer with the keyboard alone: a template, a layer picked in the tree and moved, a hole added, the element menu, undo, used on the form', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const id = uniqueId(testInfo);
  await registerAndVerify(page, 'Tari Papan Ketik', `e2e-keys-designer-${id}@example.com`, PASSWORD);
  await page.goto('/create/frame');
  await expectRouteReady(page, 'create-campaign');

  await tabAndPress(page, page.getByRole('button', { name: 'Design a frame' }));
  const dialog = page.getByRole('dialog', { name: 'Design a frame' });
  await expect(dialog).toBeVisible();
  await tabAndPress(page, dialog.getByRole('button', { name: 'Start from “Graduation laurel”, 1080 × 1350' }));
  await expect(page).toHaveURL(/\/create\/frame\/[A-Za-z0-9_-]+$/);
  const root = page.getByRole('region', { name: 'Frame designer' });
  await expect(root).toBeVisible({ timeout: 30_000 });
  const canvas = root.getByRole('application', { name: 'Design canvas' });
  const layers = root.getByRole('tree', { name: 'Layers, top to bottom' });
  const layer = (name: string) => layers.getByRole('treeitem', { name, exact: true });
  const y = root.getByRole('region', { name: 'Properties' }).getByRole('spinbutton', { name: 'Y', exact: true });
  const layerNames = () => layers.getByRole('treeitem').evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')));
  const focusedRow = () => layers.getByRole('treeitem').evaluateAll((items) => items.findIndex((item) => item === document.activeElement));

  // The layers tree: one tab stop, the arrows move in it, Enter selects.
  await tabTo(page, layers.getByRole('treeitem'));
  const names = await layerNames();
  const title = names.indexOf('Title');
  expect(title, `a Title layer in ${JSON.stringify(names)}`).toBeGreaterThanOrEqual(0);
  await arrowTo(page, layer('Title'), title > (await focusedRow()) ? 'ArrowDown' : 'ArrowUp');
  await page.keyboard.press('Enter');
  await expect(layer('Title')).toHaveAttribute('aria-selected', 'true');
  await expect(y).toHaveValue('995');

  // On the canvas, Shift+arrows move the selection by 10 px.
  await tabTo(page, canvas);
  await press(page, 'Shift+ArrowUp', 3);
  await expect(y).toHaveValue('965');

  // The toolbar's "Photo hole" opens its menu with Enter; the arrows pick the circle.
  await tabTo(page, root.getByRole('toolbar', { name: 'Design tools' }).getByRole('button'), { backwards: true });
  const holeButton = root.getByRole('toolbar', { name: 'Design tools' }).getByRole('button', { name: 'Photo hole' });
  await arrowTo(page, holeButton, 'ArrowRight');
  await page.keyboard.press('Enter');
  const circle = page.getByRole('menuitem', { name: 'Circle hole' });
  await expect(circle).toBeVisible();
  await arrowTo(page, circle, 'ArrowDown');
  await page.keyboard.press('Enter');
  await expect(layer('Photo hole')).toHaveAttribute('aria-selected', 'true');
  const onTop = await layerNames();
  expect(onTop[0]).toBe('Photo hole');

  // Back in the tree, the title again; Shift+F10 on the canvas opens the element menu for the selection as it is
  // (not for what lies under some point of the canvas), and "Send to back" is reached with the arrows.
  await tabTo(page, layers.getByRole('treeitem'), { backwards: true });
  await arrowTo(page, layer('Title'), onTop.indexOf('Title') > (await focusedRow()) ? 'ArrowDown' : 'ArrowUp');
  await page.keyboard.press('Enter');
  await expect(layer('Title')).toHaveAttribute('aria-selected', 'true');
  await tabTo(page, canvas);
  await page.keyboard.press('Shift+F10');
  const menu = page.getByRole('menu', { name: 'Element actions' });
  await expect(menu).toBeVisible();
  const sendToBack = menu.getByRole('menuitem', { name: 'Send to back' });
  await arrowTo(page, sendToBack, 'ArrowDown');
  await page.keyboard.press('Enter');
  await expect(menu).toBeHidden();
  // The focus goes back to the canvas, where it was.
  await expect(canvas).toBeFocused();
  await expect.poll(layerNames).toEqual([...onTop.filter((name) => name !== 'Title'), 'Title']);
  await page.keyboard.press('Control+z');
  await expect.poll(layerNames).toEqual(onTop);

  // "Use this frame": back on the form with the design as the frame, analysed.
  await tabAndPress(page, root.getByRole('button', { name: 'Use this frame' }));
  await expect(page).toHaveURL(/\/create\/frame$/, { timeout: 60_000 });
  await expect(page.getByTestId('frame-card')).toHaveAttribute('data-frame-name', 'graduation-laurel.png');
  await expect(page.getByText(/^\d+ holes? found/).first()).toBeVisible({ timeout: 60_000 });
});

test('the checkout with the keyboard alone: plan, provider, terms, pay on the sandbox page, and the plan is active', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const id = uniqueId(testInfo);
  await registerAndVerify(page, 'Pembeli Papan Ketik', `e2e-keys-buyer-${id}@example.com`, PASSWORD);
  await page.goto('/pricing/creators');
  await expectRouteReady(page, 'pricing-creators');
  await tabAndPress(page, page.getByRole('link', { name: 'Choose Creator, billed monthly' }));
  await expect(page).toHaveURL(/\/checkout\?plan=creator&period=monthly&currency=USD$/);
  await expectRouteReady(page, 'checkout');

  // The provider is a radio group: one tab stop, the arrows choose.
  const sandbox = page.getByRole('radio', { name: /Sandbox payment/ });
  await tabTo(page, page.getByRole('radio'));
  for (let i = 0; i < 10 && !(await sandbox.isChecked()); i++) await page.keyboard.press('ArrowDown');
  await expect(sandbox).toBeChecked();
  await expectFocusVisible(page);
  await tabAndPress(page, page.getByRole('checkbox', { name: /I accept the terms/ }), 'Space');
  await expect(page.getByRole('checkbox', { name: /I accept the terms/ })).toBeChecked();
  await tabAndPress(page, page.getByRole('button', { name: /^Pay / }));

  await expect(page).toHaveURL(/\/sandbox-pay\/[^/]+$/);
  await tabAndPress(page, page.getByRole('button', { name: /^Pay .* \(test\)$/ }));
  await expect(page).toHaveURL(/\/checkout\/loading\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Payment received. Your Creator plan is active.')).toBeVisible({ timeout: 30_000 });
});
