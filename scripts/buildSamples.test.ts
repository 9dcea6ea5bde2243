import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSamples, SAMPLE_FILES, SAMPLE_MAX_SIDE } from './buildSamples.ts';

let outDir = '';
let written: string[] = [];
beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'bingkai-samples-'));
  written = await buildSamples(outDir);
});
afterAll(async () => {
  await rm(outDir, { recursive: true, force: true });
});

describe('buildSamples', () => {
  it('writes every sample as a small JPEG without the camera’s EXIF', async () => {
    expect(written.map((file) => file.slice(outDir.length + 1)).sort()).toEqual([...SAMPLE_FILES].sort());
    for (const name of SAMPLE_FILES) {
      const meta = await sharp(join(outDir, name)).metadata();
      expect(meta.format).toBe('jpeg');
      expect(Math.max(meta.width, meta.height)).toBe(SAMPLE_MAX_SIDE);
      expect(meta.exif).toBeUndefined();
    }
  });

  it('skips samples that are up to date', async () => {
    const before = (await stat(join(outDir, SAMPLE_FILES[0]))).mtimeMs;
    expect(await buildSamples(outDir)).toEqual([]);
    expect((await stat(join(outDir, SAMPLE_FILES[0]))).mtimeMs).toBe(before);
  });
});
