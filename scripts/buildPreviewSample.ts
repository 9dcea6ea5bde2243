/**
 * Writes the sample person of the server's link-preview images (server/domain/previewSample.ts), both committed:
 * - server/assets/preview-sample.jpg: the woman in the middle of @vladmandic/face-api's demo sample3.jpg, cropped to
 *   her (PREVIEW_SAMPLE.crop), without metadata;
 * - server/assets/preview-sample-mask.png: her opacity (8-bit grey, the photo's size), computed in Debian's Chromium
 *   by the supporter's own segmentation code (workers/testing/previewSampleMask.ts) on the photo just written.
 * The server cannot run MediaPipe, and must not read a devDependency at run time, hence files made once.
 * Run by hand when the crop, the model or the mask code changes: `npx tsx scripts/buildPreviewSample.ts`
 * (needs devDependencies and `npm run assets` for the model; serves the repository with Vite on a free port).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { createServer, type Plugin } from 'vite';
import { PREVIEW_SAMPLE, PREVIEW_SAMPLE_FILES } from '../server/domain/previewSample.ts';
import { chromiumLaunchOptions } from '../tests/testing/chromium.ts';
import { buildModels } from './buildModels.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = resolve(root, 'node_modules/@vladmandic/face-api/demo', PREVIEW_SAMPLE.source);
const BLANK = '/__preview-sample';

/** What workers/testing/previewSampleMask.ts previewSampleAlpha returns (not imported: this file compiles without the DOM types it uses). */
interface SampleAlpha {
  width: number;
  height: number;
  base64: string;
}

/** A same-origin page to import the pipeline modules from; the app's own page would start the app. */
function blankPage(): Plugin {
  return {
    name: 'preview-sample-blank-page',
    configureServer(server) {
      server.middlewares.use(BLANK, (_req, res) => {
        res.setHeader('content-type', 'text/html');
        res.end('<!doctype html><meta charset="utf-8"><title>preview sample</title>');
      });
    },
  };
}

export async function buildPreviewSample(): Promise<void> {
  const photo = fileURLToPath(PREVIEW_SAMPLE_FILES.photo);
  const mask = fileURLToPath(PREVIEW_SAMPLE_FILES.mask);
  await mkdir(dirname(photo), { recursive: true });
  const { x, y, width, height } = PREVIEW_SAMPLE.crop;
  // sharp drops EXIF and the rest of the metadata unless asked to keep it.
  await sharp(SOURCE).rotate().extract({ left: x, top: y, width, height }).jpeg({ quality: 75, mozjpeg: true }).toFile(photo);
  await buildModels();

  const server = await createServer({
    root,
    configFile: resolve(root, 'tests/visual/vite.config.ts'),
    // Its own dependency cache, so a test run sharing node_modules/.vite is not disturbed.
    cacheDir: resolve(root, 'node_modules/.vite-preview-sample'),
    logLevel: 'warn',
    plugins: [blankPage()],
    server: { host: '127.0.0.1', port: 8471, strictPort: false },
  });
  await server.listen();
  const browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true });
  try {
    const page = await browser.newPage();
    await page.goto(new URL(BLANK, server.resolvedUrls?.local[0] ?? 'http://127.0.0.1:8471/').href);
    const photoPath = `/${photo.slice(root.length + 1)}`;
    // A string, not a function: the page code needs the DOM library this file compiles without.
    const alpha = (await page.evaluate(`import('/workers/testing/previewSampleMask.ts').then((m) => m.previewSampleAlpha(${JSON.stringify(photoPath)}))`)) as SampleAlpha;
    if (alpha.width !== width || alpha.height !== height) throw new Error(`The mask is ${alpha.width}×${alpha.height}, the photo ${width}×${height}`);
    const png = await sharp(Buffer.from(alpha.base64, 'base64'), { raw: { width, height, channels: 1 } })
      // One grey channel: sharp writes raw input as RGB unless told.
      .toColourspace('b-w')
      .png({ compressionLevel: 9 })
      .toBuffer();
    await writeFile(mask, png);
  } finally {
    await browser.close();
    await server.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildPreviewSample();
  console.info('Preview sample written: server/assets/preview-sample.jpg, preview-sample-mask.png');
}
