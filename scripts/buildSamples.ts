/**
 * Writes the face samples the campaign creator's preview places into a new frame:
 * public/samples/sample-{1,2,3}.jpg from @vladmandic/face-api's demo photos (git-ignored, nothing downloaded).
 * They are scaled down and stripped of their EXIF (camera and GPS data) on the way. Skips outputs newer
 * than their inputs. Run: `npx tsx scripts/buildSamples.ts` (part of `npm run assets`).
 */
import { mkdir, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Same names as src/domains/create/faceSamples.ts serves. */
export const SAMPLE_FILES = ['sample-1.jpg', 'sample-2.jpg', 'sample-3.jpg'] as const;
/** Long side of a sample: enough for a preview, small enough to load fast. */
export const SAMPLE_MAX_SIDE = 960;

export function sampleSources(outDir = resolve(root, 'public/samples')): { from: string; to: string }[] {
  const demo = resolve(root, 'node_modules/@vladmandic/face-api/demo');
  return SAMPLE_FILES.map((name, index) => ({ from: resolve(demo, `sample${index + 1}.jpg`), to: resolve(outDir, name) }));
}

async function upToDate(from: string, to: string): Promise<boolean> {
  try {
    return (await stat(to)).mtimeMs >= (await stat(from)).mtimeMs;
  } catch {
    return false;
  }
}

export async function buildSamples(outDir?: string): Promise<string[]> {
  const written: string[] = [];
  for (const { from, to } of sampleSources(outDir)) {
    if (await upToDate(from, to)) continue;
    await mkdir(dirname(to), { recursive: true });
    // rotate() applies the EXIF orientation before the metadata is dropped.
    await sharp(from).rotate().resize(SAMPLE_MAX_SIDE, SAMPLE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 85 }).toFile(to);
    written.push(to);
  }
  return written;
}

/** Vitest globalSetup entry: the creator's sample preview tests load the samples. */
export async function setup(): Promise<void> {
  await buildSamples();
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const written = await buildSamples();
  console.info(written.length ? `Face samples written: ${written.length}` : 'Face samples up to date');
}
