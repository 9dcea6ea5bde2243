/**
 * The support flow on the real built app (issue 14): `npm start` on fresh seeded data (bench/benchServer.ts), Debian's
 * Chromium, the seeded campaign's support page at 1280 × 900. Photos are picked through the page's file input and timed
 * with the app's own User Timing marks (src/lib/perfMarks.ts): pick → placed, draggable preview (the adjuster's first
 * Konva draw of the new photo) and Next → result JPEG ready. Nothing of the app is called directly.
 *
 * Cases: 12 MP JPEG right after the page opened (cold: a fresh browser context each run, so no HTTP cache either),
 * through the campaign page as a shared link is used, and on the support page opened directly;
 * 12 MP JPEG, 48 MP JPEG and a 12 MP HEIC on a page that has already placed a photo (warm); Next → result on a
 * one-hole frame; Next → result with "Blur" chosen on a background campaign (scripts/seedBenchBackground.ts adds one).
 * Each run waits for the flow to settle (the worker's composed preview on the stage, Next enabled) before the next.
 * Main-thread long tasks (PerformanceObserver 'longtask', installed before any page script) are counted from
 * each run's first mark until it settled.
 *
 * The naive first paint, in the same browser and run: a plain page whose file input's change handler decodes the
 * file with an `<img>` (object URL) and draws it with one drawImage into a canvas of the adjuster's size, on the main
 * thread; file → drawn, the way a main-thread editor shows a photo first.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { PERF_MARKS } from '../src/lib/perfMarks.ts';
import { chromiumLaunchOptions } from '../tests/testing/chromium.ts';
import { BENCH_PORT, startBenchServer } from './benchServer.ts';

/** A seeded one-hole frame campaign (scripts/seed.ts). */
export const REAL_PAGE_CAMPAIGN = 'merdeka-80';
/** The background campaign scripts/seedBenchBackground.ts adds (its name there; that file is the server's project). */
const BACKGROUND_CAMPAIGN = 'bench-latar';
const VIEWPORT = { width: 1280, height: 900 };
const FIXTURES = 'tests/fixtures/generated';
/** Waits for one step of the flow; generous, the machine may be shared. */
const STEP_TIMEOUT = 120_000;
/** The cold cases' names in pickToPreview. */
export const COLD_FROM_CAMPAIGN = '12 MP JPEG, cold, from the campaign page';
export const COLD_DIRECT = '12 MP JPEG, cold, support page opened directly';

export interface RealPageResult {
  campaign: string;
  /** The adjuster's canvas in device pixels: the naive first paint draws into a canvas of this size. */
  previewSize: { width: number; height: number };
  /** pick → placed preview (ms) per case. */
  pickToPreview: Record<string, number[]>;
  /** Next → result ready (ms) per case. */
  nextToResult: Record<string, number[]>;
  /** The naive first paint (ms) per photo. */
  naiveFirstPaint: Record<string, number[]>;
  /** Durations (ms) of the main-thread long tasks during the measured runs, per case. */
  longTasks: Record<string, number[]>;
  /** Cases not measured, with why. */
  skipped: string[];
}

interface Photo {
  name: string;
  path: string;
  mimeType: string;
}

/** The 12 MP fixture as HEIC: sharp's libvips cannot encode HEVC, heif-enc (Debian's libheif-examples) can. Null without it. */
function heicPhoto(root: string): string | null {
  const out = resolve(root, '.tmp/bench-inputs/photo-12mp.heic');
  if (existsSync(out)) return out;
  try {
    execFileSync('heif-enc', ['-q', '60', '-o', out, resolve(root, FIXTURES, 'photo-12mp.jpg')], { stdio: 'ignore' });
    return out;
  } catch {
    return null;
  }
}

/** Before any page script: the long-task observer and no first-visit dialog. */
async function instrument(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    window.localStorage.setItem('dark-mode-modal-closed', '1');
    const tasks: { start: number; duration: number }[] = [];
    (window as unknown as { benchLongTasks: typeof tasks }).benchLongTasks = tasks;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
}

async function openSupportPage(page: Page, base: string, uri: string): Promise<void> {
  await page.goto(`${base}/${uri}/support`);
  // Ready as the e2e tests see it (tests/testing/routeReady.ts), and the picker enabled (the page's pipeline exists).
  await page.locator('[data-route="campaign-support"]:not([aria-busy="true"])').filter({ hasNot: page.locator('[aria-busy="true"]') }).waitFor({ timeout: STEP_TIMEOUT });
  await page.locator('input[type="file"]:not([disabled])').first().waitFor({ state: 'attached', timeout: STEP_TIMEOUT });
}

/** The campaign page, then its "choose photo" link to the support page as soon as the campaign page is ready. */
async function openSupportFromCampaign(page: Page, base: string, uri: string): Promise<void> {
  await page.goto(`${base}/${uri}`);
  await page.locator('[data-route="campaign"]:not([aria-busy="true"])').waitFor({ timeout: STEP_TIMEOUT });
  await page.locator(`a[href="/${uri}/support"]`).first().click();
  await page.locator('[data-route="campaign-support"]:not([aria-busy="true"])').filter({ hasNot: page.locator('[aria-busy="true"]') }).waitFor({ timeout: STEP_TIMEOUT });
  await page.locator('input[type="file"]:not([disabled])').first().waitFor({ state: 'attached', timeout: STEP_TIMEOUT });
}

/** The flow has settled: the worker's composed preview is on the stage and Next is enabled. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const konva = (window as unknown as { Konva?: { stages: { findOne(selector: string): { isVisible(): boolean } | undefined }[] } }).Konva;
      return !!konva?.stages.some((stage) => stage.findOne('.preview')?.isVisible());
    },
    undefined,
    { timeout: STEP_TIMEOUT },
  );
  await page.getByRole('button', { name: 'Next' }).and(page.locator(':enabled')).waitFor({ timeout: STEP_TIMEOUT });
}

/** ms between two marks, and the long tasks that started from the first one until now. */
async function readRun(page: Page, from: string, to: string): Promise<{ ms: number; longTasks: number[] }> {
  return page.evaluate(
    // No named helpers in here: the bench runs through tsx, whose name-keeping wrapper does not exist in the page.
    ({ from, to }) => {
      const [start, end] = [from, to].map((name) => performance.getEntriesByName(name, 'mark').at(-1)?.startTime ?? Number.NaN) as [number, number];
      const tasks = (window as unknown as { benchLongTasks: { start: number; duration: number }[] }).benchLongTasks;
      return { ms: end - start, longTasks: tasks.filter((t) => t.start >= start).map((t) => t.duration) };
    },
    { from, to },
  );
}

const waitForMark = (page: Page, name: string) => page.waitForFunction((mark) => performance.getEntriesByName(mark, 'mark').length > 0, name, { timeout: STEP_TIMEOUT });
const resetMarks = (page: Page) =>
  page.evaluate(() => {
    performance.clearMarks();
    (window as unknown as { benchLongTasks: unknown[] }).benchLongTasks.length = 0;
  });

/** Picks `photo` through the page's "Choose photo" input and times pick → preview once the flow has settled. */
async function pickRun(page: Page, photo: Photo): Promise<{ ms: number; longTasks: number[] }> {
  await resetMarks(page);
  await page.getByLabel('Choose photo').setInputFiles(photo.path);
  await waitForMark(page, PERF_MARKS.preview);
  await settled(page);
  return readRun(page, PERF_MARKS.pick, PERF_MARKS.preview);
}

/** Presses Next on a settled page and times Next → result once the result page shows. */
async function nextRun(page: Page, uri: string): Promise<{ ms: number; longTasks: number[] }> {
  await resetMarks(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await waitForMark(page, PERF_MARKS.result);
  await page.waitForURL(new RegExp(`/${uri}/result$`), { timeout: STEP_TIMEOUT });
  return readRun(page, PERF_MARKS.next, PERF_MARKS.result);
}

/** The naive first paint of `photo`, `runs` times after one untimed run, into a canvas of `size`. */
async function naiveFirstPaint(browser: Browser, photo: Photo, size: { width: number; height: number }, runs: number): Promise<number[]> {
  const page = await browser.newPage({ viewport: VIEWPORT });
  try {
    await page.setContent(`<canvas width="${size.width}" height="${size.height}"></canvas><input type="file">`);
    await page.evaluate(() => {
      const input = document.querySelector('input')!;
      const canvas = document.querySelector('canvas')!;
      const times: number[] = [];
      (window as unknown as { naiveTimes: number[] }).naiveTimes = times;
      input.addEventListener('change', () => {
        const file = input.files?.[0];
        if (!file) return;
        const start = performance.now();
        const url = URL.createObjectURL(file);
        const image = new Image();
        image.src = url;
        void image.decode().then(() => {
          // Cover the canvas, centred, as the adjuster's automatic placement roughly does.
          const k = Math.max(canvas.width / image.naturalWidth, canvas.height / image.naturalHeight);
          const context = canvas.getContext('2d')!;
          context.drawImage(image, (canvas.width - image.naturalWidth * k) / 2, (canvas.height - image.naturalHeight * k) / 2, image.naturalWidth * k, image.naturalHeight * k);
          times.push(performance.now() - start);
          URL.revokeObjectURL(url);
          input.value = '';
        });
      });
    });
    const input = page.locator('input');
    for (let i = 0; i <= runs; i++) {
      await input.setInputFiles(photo.path);
      await page.waitForFunction((n) => (window as unknown as { naiveTimes: number[] }).naiveTimes.length >= n, i + 1, { timeout: STEP_TIMEOUT });
    }
    // The first run pays for code warm-up: not counted, as in the warm cases.
    return (await page.evaluate(() => (window as unknown as { naiveTimes: number[] }).naiveTimes)).slice(1);
  } finally {
    await page.close();
  }
}

/** Runs every case; `runs` timed runs each (cold included), after one untimed warm-up run for the warm cases. */
export async function realPage(root: string, runs: number): Promise<RealPageResult> {
  await mkdir(resolve(root, '.tmp/bench-inputs'), { recursive: true });
  const photos: Record<string, Photo | null> = {
    '12 MP JPEG': { name: '12mp', path: resolve(root, FIXTURES, 'photo-12mp.jpg'), mimeType: 'image/jpeg' },
    '48 MP JPEG': { name: '48mp', path: resolve(root, FIXTURES, 'photo-48mp.jpg'), mimeType: 'image/jpeg' },
  };
  const heic = heicPhoto(root);
  photos['12 MP HEIC'] = heic ? { name: 'heic', path: heic, mimeType: 'image/heic' } : null;
  const result: RealPageResult = { campaign: REAL_PAGE_CAMPAIGN, previewSize: { width: 0, height: 0 }, pickToPreview: {}, nextToResult: {}, naiveFirstPaint: {}, longTasks: {}, skipped: [] };
  if (!heic) result.skipped.push('12 MP HEIC: no heif-enc to make the input (apt-get install libheif-examples)');
  const record = (table: Record<string, number[]>, name: string, run: { ms: number; longTasks: number[] }) => {
    (table[name] ??= []).push(run.ms);
    (result.longTasks[name] ??= []).push(...run.longTasks);
  };

  const dataDir = resolve(process.env.BENCH_DATA_DIR ?? resolve(root, '.tmp'), 'bench-page-data');
  await rm(dataDir, { recursive: true, force: true });
  // The demo data and a background campaign, written before the server opens the database.
  execFileSync(resolve(root, 'node_modules/.bin/tsx'), ['scripts/seedBenchBackground.ts'], { cwd: root, env: { ...process.env, DATA_DIR: dataDir }, stdio: 'ignore' });
  const server = await startBenchServer(root, {
    port: BENCH_PORT,
    dataDir,
    keepData: true,
    env: {
      // Its own build of the current sources (npm start builds when stale); DIST_DIR in the environment wins.
      DIST_DIR: process.env.DIST_DIR ?? resolve(root, '.tmp/bench-dist'),
      // Every page load signs requests from the same client.
      RATE_LIMIT_MAX: '1000000',
      NONCES_PER_CLIENT: '10000000',
    },
  });
  const browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true });
  try {
    const twelve = photos['12 MP JPEG']!;
    // Cold, in a fresh context each run (no cache, no workers, models not loaded): the way a shared link is used — the
    // campaign page opens, the visitor goes on to the support page at once and picks a photo as soon as they can —
    // and the support page opened straight from its link.
    for (let i = 0; i < runs; i++) {
      for (const [name, open] of [
        [COLD_FROM_CAMPAIGN, openSupportFromCampaign],
        [COLD_DIRECT, openSupportPage],
      ] as const) {
        const context = await browser.newContext({ viewport: VIEWPORT });
        await instrument(context);
        const page = await context.newPage();
        await open(page, server.base, REAL_PAGE_CAMPAIGN);
        record(result.pickToPreview, name, await pickRun(page, twelve));
        await context.close();
      }
    }
    console.info('bench: real page cold picks done');

    const context = await browser.newContext({ viewport: VIEWPORT });
    await instrument(context);
    const page = await context.newPage();
    await openSupportPage(page, server.base, REAL_PAGE_CAMPAIGN);
    await pickRun(page, twelve);
    result.previewSize = await page.evaluate(() => {
      const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="photo-adjuster"] canvas');
      return { width: canvas?.width ?? 0, height: canvas?.height ?? 0 };
    });
    for (const [name, photo] of Object.entries(photos)) {
      if (!photo) continue;
      // The first pick of each file is not timed: the page has placed a photo before, as in every warm case.
      await pickRun(page, photo);
      for (let i = 0; i < runs; i++) record(result.pickToPreview, `${name}, warm`, await pickRun(page, photo));
      console.info(`bench: real page ${name} warm picks done`);
    }

    // Next → result: the page's workers and models loaded and the photo placed; the render is the first of the
    // page's pipeline, as for every supporter (the result page ends the editor and its workers).
    for (let i = 0; i <= runs; i++) {
      if (i > 0) {
        await openSupportPage(page, server.base, REAL_PAGE_CAMPAIGN);
        await pickRun(page, twelve);
      }
      const run = await nextRun(page, REAL_PAGE_CAMPAIGN);
      // The first one follows the timed picks on that page rather than a fresh one: not counted.
      if (i > 0) record(result.nextToResult, '12 MP JPEG, 1 hole, warm', run);
    }
    console.info('bench: real page Next → result done');

    // The same on the background campaign with "Blur" chosen: the render segments the person (once per photo).
    // A failure here keeps the figures above.
    try {
      for (let i = 0; i <= runs; i++) {
        await openSupportPage(page, server.base, BACKGROUND_CAMPAIGN);
        await pickRun(page, twelve);
        await page.getByRole('button', { name: 'Blur', exact: true }).click();
        await page.getByRole('button', { name: 'Blur', exact: true }).and(page.locator('[aria-pressed="true"]')).waitFor({ timeout: STEP_TIMEOUT });
        // Until the composed preview of the blurred picture is shown: Next comes after the supporter has seen it.
        await settled(page);
        const run = await nextRun(page, BACKGROUND_CAMPAIGN);
        // The first run loads the segmentation model into this browser's cache: not counted.
        if (i > 0) record(result.nextToResult, 'blurred background, warm', run);
      }
      console.info('bench: real page Next → result with a blurred background done');
    } catch (error) {
      result.skipped.push(`Next → result with a blurred background: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    }
    await context.close();

    for (const [name, photo] of Object.entries(photos)) {
      // Chromium's <img> decodes no HEIC: the naive path has no first paint for it.
      if (photo && photo.mimeType === 'image/jpeg') result.naiveFirstPaint[name] = await naiveFirstPaint(browser, photo, result.previewSize, runs);
    }
    console.info('bench: naive first paint done');
  } finally {
    await browser.close();
    server.stop();
  }
  return result;
}
