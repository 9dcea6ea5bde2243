/**
 * Issue 6 end to end, against the real server and the real in-browser pipeline: a creator designs a
 * frame from a template (removes its hole, which the export refuses; moves and restyles the title;
 * adds a circular photo hole and sends it to the back with the context menu; undoes and redoes),
 * reloads and finds the draft where it was left,
 * uses the exported PNG as the campaign's frame and publishes; a visitor supports it with a face
 * sample, and the downloaded result is compared with a golden image (pixelmatch) and run through
 * the app's own face detection to see that the face lies in the designed hole.
 *
 * UPDATE_GOLDENS=1 rewrites tests/e2e/goldens/frame-designer-result.png from this run (look at it
 * before committing it).
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import pixelmatch from 'pixelmatch';
import sharp from 'sharp';
import { registerAndVerify } from '../testing/accounts.ts';
import { boxInCircle, detectFacesInHole, imageSize } from '../testing/imageChecks.ts';
import { expect, freshPage, seedStorage, test, uniqueId } from '../testing/pageFixture.ts';
import { expectRouteReady } from '../testing/routeReady.ts';

/** A face-api sample (three people), as in campaignLoop.spec.ts. */
const PHOTO = 'tests/fixtures/generated/sample1.jpg';
const PASSWORD = 'frame-it-2026';
const GOLDEN = resolve(import.meta.dirname, 'goldens/frame-designer-result.png');
/** pixelmatch's per-pixel colour threshold (YIQ distance, 0..1), as in tests/visual. */
const PIXEL_THRESHOLD = 0.1;
/** Share of pixels allowed to differ: run-to-run JPEG and font-raster jitter stays far below; a hole or text moved by a few px does not. */
const MAX_DIFF_SHARE = 0.01;

/**
 * The "Graduation laurel" template: 1080 × 1350; the added circle hole is 60 % of the short side, moved up
 * onto the template's own; the year badge's top edge (a 12-gon around y 880) is where the transparent area ends.
 */
const DESIGN = { width: 1080, height: 1350, hole: { cx: 540, cy: 540, r: 324 }, badgeTop: 851 } as const;

test.beforeEach(async ({ page }) => {
  await seedStorage(page, { 'dark-mode-modal-closed': '1' });
});

/** The designer's parts, by their accessible names. */
function designer(page: Page) {
  const root = page.getByRole('region', { name: 'Frame designer' });
  const layers = root.getByRole('tree', { name: 'Layers, top to bottom' });
  const properties = root.getByRole('region', { name: 'Properties' });
  return {
    root,
    canvas: root.getByRole('application', { name: 'Design canvas' }),
    toolbar: root.getByRole('toolbar', { name: 'Design tools' }),
    layers,
    layer: (name: string) => layers.getByRole('treeitem', { name, exact: true }),
    properties,
    number: (name: string) => properties.getByRole('spinbutton', { name, exact: true }),
    autosave: root.getByTestId('autosave-status'),
    preview: root.getByTestId('sample-preview-status'),
    use: root.getByRole('button', { name: 'Use this frame' }),
  };
}

/** Presses a key `times` times on the focused element. */
async function press(page: Page, key: string, times: number): Promise<void> {
  for (let i = 0; i < times; i++) await page.keyboard.press(key);
}

/** Selects a layer by clicking it in the layers panel, then gives the canvas the keyboard. */
async function selectOnCanvas(d: ReturnType<typeof designer>, layer: Locator): Promise<void> {
  await layer.click();
  await expect(layer).toHaveAttribute('aria-selected', 'true');
  await d.canvas.focus();
}

/** Decoded RGBA pixels of an image file (the JPEG result or the PNG golden). */
async function rgba(file: string): Promise<{ width: number; height: number; data: Buffer }> {
  const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}

test('a creator designs a frame from a template, publishes it, and a supporter’s result matches the golden image with the face in the designed hole', async ({
  page,
  browser,
  baseURL,
  // The visitor's page is checked for console errors and requests leaving the origin.
  watch: _watch,
}, testInfo) => {
  test.setTimeout(420_000);
  const id = uniqueId(testInfo);
  const creator = { name: 'Tari Perancang', email: `e2e-designer-${id}@example.com` };
  const campaign = { title: `Wisuda Desain ${id}`, uri: `wisuda-desain-${id}` };

  const creatorSide = await freshPage(browser, baseURL);
  const cpage = creatorSide.page;
  // The creator's side (designer, export, form) logs no errors either.
  const creatorErrors: string[] = [];
  cpage.on('console', (message) => {
    if (message.type() === 'error') creatorErrors.push(`${message.text()} [${message.location().url}]`);
  });
  cpage.on('pageerror', (error) => creatorErrors.push(`pageerror: ${error.message}`));
  await registerAndVerify(cpage, creator.name, creator.email, PASSWORD);

  // /create/frame → "Design a frame" → a template.
  await cpage.goto('/create/frame');
  await expectRouteReady(cpage, 'create-campaign');
  await expect(cpage.getByRole('heading', { level: 1, name: 'Create a frame campaign' })).toBeVisible();
  await cpage.getByRole('button', { name: 'Design a frame' }).click();
  const dialog = cpage.getByRole('dialog', { name: 'Design a frame' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Start from “Graduation laurel”, 1080 × 1350' }).click();
  await expect(cpage).toHaveURL(/\/create\/frame\/[A-Za-z0-9_-]+$/);
  const designUrl = cpage.url();
  const d = designer(cpage);
  await expect(d.root).toBeVisible({ timeout: 30_000 });
  await expect(cpage.getByRole('heading', { level: 1, name: 'Design a frame' })).toBeVisible();
  await expect(cpage.getByLabel('Design name')).toHaveValue('Graduation laurel');
  await expect(d.toolbar).toBeVisible();
  await expect(d.canvas).toBeVisible();
  // The live preview: the face sample sits in the template's hole.
  await expect(d.preview).toHaveAttribute('data-status', 'ready', { timeout: 90_000 });

  // Without a hole the export is refused with the reason, and the designer stays.
  await selectOnCanvas(d, d.layer('Photo'));
  await cpage.keyboard.press('Delete');
  await expect(d.layer('Photo')).toHaveCount(0);
  await expect(d.preview).toHaveAttribute('data-status', 'no-hole');
  await d.use.click();
  await expect(d.root.getByRole('alert')).toHaveText('The design could not be used: Add a photo hole: the frame has no transparent area.', { timeout: 30_000 });
  await expect(cpage).toHaveURL(designUrl);

  // Move the title with the arrow keys (Shift: 10 px) and restyle it in the properties panel.
  await selectOnCanvas(d, d.layer('Title'));
  await expect(d.number('Y')).toHaveValue('995');
  await press(cpage, 'Shift+ArrowUp', 3);
  await expect(d.number('Y')).toHaveValue('965');
  await d.number('Font size').fill('72');
  await d.number('Font size').press('Enter');
  await expect(d.number('Font size')).toHaveValue('72');
  const textColour = d.properties.getByRole('group', { name: 'Text colour' }).getByLabel('Colour', { exact: true });
  await textColour.fill('#ffffff');
  await expect(textColour).toHaveValue('#ffffff');
  const bold = d.properties.getByRole('button', { name: 'Bold', exact: true });
  await expect(bold).toHaveAttribute('aria-pressed', 'true');
  await bold.click();
  await expect(bold).toHaveAttribute('aria-pressed', 'false');

  // A circular photo hole from the toolbar, centred; moved up by 135 px onto the template's ring, then sent
  // to the back with the canvas's context menu, so the ring and the year badge paint over the photo again.
  await d.toolbar.getByRole('button', { name: 'Photo hole' }).click();
  await cpage.getByRole('menuitem', { name: 'Circle hole' }).click();
  await expect(d.layer('Photo hole')).toHaveAttribute('aria-selected', 'true');
  await expect(d.number('Y')).toHaveValue('351');
  await d.canvas.focus();
  await press(cpage, 'Shift+ArrowUp', 13);
  await press(cpage, 'ArrowUp', 5);
  await expect(d.number('Y')).toHaveValue('216');
  await expect(d.preview).toHaveAttribute('data-status', 'ready');
  const layerNames = () => d.layers.getByRole('treeitem').evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')));
  const onTop = await layerNames();
  expect(onTop[0]).toBe('Photo hole');
  // The page is fitted in the canvas: its centre (540, 675) lies inside the hole (r 324 around 540, 540).
  await d.canvas.click({ button: 'right' });
  const menu = cpage.getByRole('menu', { name: 'Element actions' });
  await menu.getByRole('menuitem', { name: 'Send to back' }).click();
  await expect(menu).toBeHidden();
  const atBack = [...onTop.slice(1), 'Photo hole'];
  await expect.poll(layerNames).toEqual(atBack);

  // Undo and redo with the keyboard, step by step: the order, the move (one step for the held arrows), the hole itself, and back.
  await d.canvas.focus();
  await cpage.keyboard.press('Control+z');
  await expect.poll(layerNames).toEqual(onTop);
  await cpage.keyboard.press('Control+z');
  await expect(d.number('Y')).toHaveValue('351');
  await cpage.keyboard.press('Control+z');
  await expect(d.layer('Photo hole')).toHaveCount(0);
  expect(await layerNames()).toEqual(onTop.slice(1));
  await cpage.keyboard.press('Control+Shift+z');
  await expect.poll(layerNames).toEqual(onTop);
  await cpage.keyboard.press('Control+Shift+z');
  await cpage.keyboard.press('Control+Shift+z');
  await expect.poll(layerNames).toEqual(atBack);
  await d.layer('Photo hole').click();
  await expect(d.number('Y')).toHaveValue('216');

  // Saved as a draft (this device and the account): a reload reopens it where it was left.
  await expect(d.autosave).toHaveAttribute('data-status', 'saved', { timeout: 30_000 });
  await cpage.reload();
  await expect(d.root).toBeVisible({ timeout: 30_000 });
  expect(await layerNames()).toEqual(atBack);
  await d.layer('Title').click();
  await expect(d.number('Y')).toHaveValue('965');
  await expect(d.number('Font size')).toHaveValue('72');
  await expect(d.properties.getByRole('button', { name: 'Bold', exact: true })).toHaveAttribute('aria-pressed', 'false');
  await d.layer('Photo hole').click();
  await expect(d.number('Y')).toHaveValue('216');

  // "Use this frame": rendered in the worker, back on the form as a picked PNG, analysed, uploaded and checked.
  await d.use.click();
  await expect(cpage).toHaveURL(/\/create\/frame$/, { timeout: 60_000 });
  await expect(cpage.getByRole('heading', { level: 1, name: 'Create a frame campaign' })).toBeVisible();
  await expect(cpage.getByTestId('frame-card')).toHaveAttribute('data-frame-name', 'graduation-laurel.png');
  await expect(cpage.getByText('1 hole found')).toBeVisible({ timeout: 60_000 });
  await expect(cpage.getByText(`Checked: ${DESIGN.width} × ${DESIGN.height} px`)).toBeVisible({ timeout: 30_000 });
  const outline = cpage.getByTestId('hole-overlay').locator('rect');
  await expect(outline).toHaveCount(1);
  const [hx = 0, hy = 0, hw = 0, hh = 0] = await outline.evaluate((rect) => ['x', 'y', 'width', 'height'].map((name) => Number(rect.getAttribute(name))));
  // The analysis outlines the transparent area: the circle, less its bottom where the year badge paints over it.
  const { cx, cy, r } = DESIGN.hole;
  for (const [actual, expected] of [
    [hx, cx - r],
    [hy, cy - r],
    [hw, 2 * r],
    [hh, DESIGN.badgeTop - (cy - r)],
  ] as const) {
    expect(Math.abs(actual - expected), `hole outline ${JSON.stringify([hx, hy, hw, hh])}`).toBeLessThanOrEqual(3);
  }
  // The draft is listed under "Your designs" to continue later.
  await expect(cpage.getByTestId('design-draft').filter({ hasText: 'Graduation laurel' })).toBeVisible();

  // Publish.
  await cpage.getByLabel('Title', { exact: true }).fill(campaign.title);
  await cpage.getByLabel('Link', { exact: true }).fill(campaign.uri);
  await expect(cpage.getByTestId('uri-status')).toHaveText('This link is available.');
  await cpage.getByRole('button', { name: 'Publish campaign' }).click();
  await expect(cpage).toHaveURL(new RegExp(`/${campaign.uri}$`), { timeout: 30_000 });
  await expect(cpage.getByRole('heading', { level: 1, name: campaign.title })).toBeVisible();

  // A visitor (fresh, signed out) supports it with a face sample and downloads the result.
  await page.goto(`/${campaign.uri}`);
  await page.getByRole('link', { name: 'Choose photo' }).click();
  await expect(page).toHaveURL(new RegExp(`/${campaign.uri}/support$`));
  await page.getByLabel('Choose photo').setInputFiles(PHOTO);
  await expect(page.getByRole('application', { name: 'Photo position' })).toBeVisible({ timeout: 90_000 });
  const next = page.getByRole('button', { name: 'Next' });
  await expect(next).toBeEnabled({ timeout: 60_000 });
  await next.click();
  await expect(page).toHaveURL(new RegExp(`/${campaign.uri}/result$`), { timeout: 60_000 });
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download' }).click();
  const download = await downloading;
  const result = testInfo.outputPath('designer-result.jpg');
  await download.saveAs(result);
  expect(await imageSize(result)).toEqual({ width: DESIGN.width, height: DESIGN.height });

  // The golden image: the same design, photo placement and watermark, pixel for pixel within tolerance.
  const actual = await rgba(result);
  if (process.env.UPDATE_GOLDENS === '1' || !existsSync(GOLDEN)) {
    if (process.env.UPDATE_GOLDENS !== '1') throw new Error(`No golden at ${GOLDEN}: run with UPDATE_GOLDENS=1 and look at the image before committing it.`);
    await mkdir(dirname(GOLDEN), { recursive: true });
    await writeFile(GOLDEN, await sharp(actual.data, { raw: { width: actual.width, height: actual.height, channels: 4 } }).png({ compressionLevel: 9 }).toBuffer());
    testInfo.annotations.push({ type: 'golden', description: `written ${GOLDEN}` });
  }
  const expected = await rgba(GOLDEN);
  expect({ width: expected.width, height: expected.height }).toEqual({ width: actual.width, height: actual.height });
  const diff = Buffer.alloc(actual.data.length);
  const differing = pixelmatch(expected.data, actual.data, diff, actual.width, actual.height, { threshold: PIXEL_THRESHOLD });
  const share = differing / (actual.width * actual.height);
  testInfo.annotations.push({ type: 'golden difference', description: `${differing} px (${(share * 100).toFixed(3)} %)` });
  console.info(`frame designer golden: ${differing} px differ (${(share * 100).toFixed(3)} %)`);
  if (share > MAX_DIFF_SHARE) {
    await testInfo.attach('golden-diff.png', { body: await sharp(diff, { raw: { width: actual.width, height: actual.height, channels: 4 } }).png().toBuffer(), contentType: 'image/png' });
    await testInfo.attach('result.jpg', { path: result, contentType: 'image/jpeg' });
  }
  expect(share, `share of pixels differing from ${GOLDEN}`).toBeLessThanOrEqual(MAX_DIFF_SHARE);
  // The tolerance is tight enough to matter: the same result moved by 3 px fails it.
  const shifted = Buffer.alloc(actual.data.length);
  actual.data.copy(shifted, 3 * 4, 0, actual.data.length - 3 * 4);
  const shiftedShare = pixelmatch(expected.data, shifted, null, actual.width, actual.height, { threshold: PIXEL_THRESHOLD }) / (actual.width * actual.height);
  expect(shiftedShare, 'share of pixels differing after a 3 px shift').toBeGreaterThan(MAX_DIFF_SHARE);

  // Every face lies wholly inside the designed hole (the app's own face detection, on the downloaded file's hole).
  const faces = await detectFacesInHole(cpage, result, DESIGN.hole, testInfo.outputDir);
  testInfo.annotations.push({ type: 'faces in the result', description: JSON.stringify(faces) });
  expect(faces.length, 'faces found in the result').toBeGreaterThan(0);
  for (const face of faces) expect(boxInCircle(face, DESIGN.hole), `face ${JSON.stringify(face)} wholly inside the hole`).toBe(true);
  expect(creatorErrors, 'console errors on the creator’s page').toEqual([]);
  await creatorSide.context.close();
});

test('an unknown design id says so and leads back to the create page', async ({ page, watch: _watch }) => {
  await page.goto('/create/frame/no-such-design');
  await expect(page.getByRole('heading', { level: 1, name: 'Design not found' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Back to the create page' }).click();
  await expect(page).toHaveURL(/\/create\/frame$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create a frame campaign' })).toBeVisible();
});
