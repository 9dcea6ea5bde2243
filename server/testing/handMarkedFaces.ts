import { readFile } from 'node:fs/promises';
import type { Rect } from '../../core/geometry.ts';

/** A face-api demo photo's size and its faces as marked by hand (tests/fixtures/faces.json). */
export interface HandMarkedSample {
  width: number;
  height: number;
  faces: Rect[];
}

/** tests/fixtures/faces.json by file name (sample1.jpg …), in the pixels of the files in node_modules/@vladmandic/face-api/demo/. */
export async function handMarkedFaces(): Promise<Record<string, HandMarkedSample>> {
  const json = JSON.parse(await readFile(new URL('../../tests/fixtures/faces.json', import.meta.url), 'utf8')) as { samples: Record<string, HandMarkedSample> };
  return json.samples;
}
