/**
 * Generates the same-origin MediaPipe runtime assets (git-ignored, nothing downloaded):
 * - public/models/face_detection_short_range.tflite and public/models/selfie_segmentation.tflite:
 *   the npm-shipped legacy models with the TFLite metadata tasks-vision requires (DESIGN.md §5);
 * - public/mediapipe/vision_wasm_module_internal.{js,wasm}: tasks-vision's ES-module wasm
 *   build, which workers/visionRuntime.ts imports (it works in pages and module workers).
 * Skips outputs newer than their inputs. Run: `npx tsx scripts/buildModels.ts`.
 */
import { copyFile, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { attachMetadata, type MetadataSpec } from './modelMetadata.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

/** Directory of an installed package (resolved through its package.json). */
function packageDir(name: string): string {
  return dirname(require.resolve(`${name}/package.json`, { paths: [root] }));
}

export interface ModelSource extends MetadataSpec {
  from: string;
  to: string;
}

export function modelSources(outDir = resolve(root, 'public')): ModelSource[] {
  return [
    {
      from: resolve(packageDir('@mediapipe/face_detection'), 'face_detection_short_range.tflite'),
      to: resolve(outDir, 'models/face_detection_short_range.tflite'),
      name: 'BlazeFace short range',
      description: 'MediaPipe face detection (short range, 128x128), metadata attached by Bingkai',
      // BlazeFace expects input in [-1, 1].
      mean: [127.5],
      std: [127.5],
    },
    {
      from: resolve(packageDir('@mediapipe/selfie_segmentation'), 'selfie_segmentation.tflite'),
      to: resolve(outDir, 'models/selfie_segmentation.tflite'),
      name: 'Selfie segmentation',
      description: 'MediaPipe selfie segmentation (general, 256x256), metadata attached by Bingkai',
      // The selfie model expects input in [0, 1].
      mean: [0],
      std: [255],
    },
  ];
}

export const WASM_FILES = ['vision_wasm_module_internal.js', 'vision_wasm_module_internal.wasm'];

async function isFresh(output: string, inputs: string[]): Promise<boolean> {
  try {
    const out = (await stat(output)).mtimeMs;
    const newest = Math.max(...(await Promise.all(inputs.map(async (f) => (await stat(f)).mtimeMs))));
    return out >= newest;
  } catch {
    return false;
  }
}

export async function buildModels(outDir = resolve(root, 'public')): Promise<void> {
  // The metadata writer is an input too: changing it must rebuild the models.
  const writer = fileURLToPath(new URL('./modelMetadata.ts', import.meta.url));
  for (const source of modelSources(outDir)) {
    if (await isFresh(source.to, [source.from, writer])) continue;
    const model = new Uint8Array(await readFile(source.from));
    await mkdir(dirname(source.to), { recursive: true });
    await writeFile(source.to, attachMetadata(model, source));
  }
  await mkdir(resolve(outDir, 'mediapipe'), { recursive: true });
  for (const file of WASM_FILES) {
    const from = require.resolve(`@mediapipe/tasks-vision/${file}`, { paths: [root] });
    const to = resolve(outDir, 'mediapipe', file);
    if (!(await isFresh(to, [from]))) await copyFile(from, to);
  }
}

/** Vitest globalSetup entry: browser tests need the generated files. */
export async function setup(): Promise<void> {
  await buildModels();
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildModels();
}
