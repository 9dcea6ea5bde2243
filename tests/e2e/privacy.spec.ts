import { readFileSync } from 'node:fs';
import { expect, seedStorage, test } from '../testing/pageFixture.ts';
import { expectRouteReady } from '../testing/routeReady.ts';

const PHOTO = 'node_modules/@vladmandic/face-api/demo/sample1.jpg';

/** Magic numbers of the image formats a photo or a result could be sent as. */
const IMAGE_MAGIC: { name: string; test: (b: Buffer) => boolean }[] = [
  { name: 'JPEG', test: (b) => b.includes(Buffer.from([0xff, 0xd8, 0xff])) },
  { name: 'PNG', test: (b) => b.includes(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { name: 'WebP', test: (b) => b.includes(Buffer.from('WEBPVP8')) },
];
// Trace snapshots serialise the DOM on the page's main thread: they would be counted as the app's long tasks.
test.use({ trace: 'off' });

/** Page views, signed API calls: small JSON. A photo is hundreds of KB. */
const MAX_BODY_BYTES = 4 * 1024;

test('a photo is framed on the device: nothing leaves the origin, no image bytes reach the server, no long tasks', async ({ page, watch }) => {
  test.setTimeout(120_000);
  const sent: { url: string; method: string; body: Buffer | null }[] = [];
  page.on('request', (request) => sent.push({ url: request.url(), method: request.method(), body: request.postDataBuffer() }));

  await seedStorage(page, { 'dark-mode-modal-closed': '1' });
  await page.goto('/test/test/test');
  await expect((await expectRouteReady(page, 'test')).locator('h1')).toBeVisible();
  // Models load while the visitor picks a photo; the long-task count restarts with each run.
  await expect(page.getByTestId('warm-status')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  await expect(page.getByTestId('frame-name')).toHaveAttribute('data-state', 'ready');

  await page.getByLabel(/^Photo$/).setInputFiles(PHOTO);
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
  await expect(page.getByTestId('result-size')).toHaveAttribute('data-width', /^\d+$/);
  const width = Number(await page.getByTestId('result-size').getAttribute('data-width'));
  expect(width).toBeGreaterThanOrEqual(512);
  expect(Number(await page.getByTestId('face-count').getAttribute('data-count'))).toBeGreaterThanOrEqual(1);
  for (const stage of ['decode', 'face', 'composite', 'encode']) {
    await expect(page.locator(`[data-testid="timings"] tr[data-stage="${stage}"] td`)).toHaveText(/^\d+ ms$/);
  }
  await expect(page.getByTestId('long-tasks')).toHaveText('0');
  await expect(page.getByRole('link', { name: 'Download' })).toHaveAttribute('href', /^blob:/);

  // Again with a blurred background: the person segmentation runs too, still off the main thread.
  await page.getByLabel('Background').selectOption('blur');
  await expect(page.locator('[data-testid="timings"] tr[data-stage="segment"] td')).toHaveText(/^\d+ ms$/, { timeout: 60_000 });
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-state', 'done');
  await expect(page.getByTestId('result-size')).toHaveAttribute('data-width', String(width));
  await expect(page.getByTestId('long-tasks')).toHaveText('0');

  // The worker and models came from this origin (the fixture fails the test on any other request).
  const origin = new URL(page.url()).origin;
  expect(sent.some((r) => r.url.startsWith(`${origin}/models/`))).toBe(true);

  const photo = readFileSync(PHOTO);
  for (const { url, method, body } of sent) {
    if (!body) continue;
    const where = `${method} ${url}`;
    expect(body.length, `${where} body size`).toBeLessThanOrEqual(MAX_BODY_BYTES);
    for (const magic of IMAGE_MAGIC) expect(magic.test(body), `${where} carries ${magic.name} bytes`).toBe(false);
    expect(body.includes(photo.subarray(1024, 1088)), `${where} carries a slice of the photo`).toBe(false);
  }
  expect(watch.foreignRequests).toEqual([]);
});
