import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPrecompressible, precompressDir } from './precompress.ts';

const text = (line: string, times: number) => Array.from({ length: times }, (_, i) => `${line} ${i}`).join('\n');

describe('precompressDir', () => {
  let dist: string;
  const files: Record<string, Buffer> = {
    'index.html': Buffer.from(`<!doctype html><title>Bingkai</title>${text('<p>shell</p>', 80)}`),
    'assets/index-AbC12345.js': Buffer.from(text('export const value = "campaign";', 400)),
    'assets/index-AbC12345.css': Buffer.from(text('.frame { display: grid; }', 200)),
    'assets/index-AbC12345.js.map': Buffer.from(text('{"mappings":"AAAA"}', 200)),
    'assets/font-AbC12345.woff2': Buffer.from(text('not really a font', 200)),
    'locales/en.json': Buffer.from(JSON.stringify({ common: Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`key${i}`, `Message ${i}`])) })),
    'favicon.svg': Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${text('<rect width="1" height="1"/>', 60)}</svg>`),
    'tiny.js': Buffer.from('console.log(1)'),
    // Random bytes do not compress: the copies would not save 10 %, so none is written.
    'models/noise.tflite': randomBytes(8192),
    '.vite/manifest.json': Buffer.from(text('"entry"', 300)),
  };

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'bingkai-precompress-'));
    for (const [name, bytes] of Object.entries(files)) {
      await mkdir(join(dist, name, '..'), { recursive: true });
      await writeFile(join(dist, name), bytes);
    }
  });
  afterAll(() => rm(dist, { recursive: true, force: true }));

  it('writes .br and .gz copies of text assets that decompress to the original bytes', async () => {
    const results = await precompressDir(dist);
    const compressed = ['assets/index-AbC12345.css', 'assets/index-AbC12345.js', 'favicon.svg', 'index.html', 'locales/en.json'];
    expect(results.filter((result) => result.br !== null).map((result) => result.file)).toEqual(compressed);
    for (const name of compressed) {
      const br = await readFile(join(dist, `${name}.br`));
      const gz = await readFile(join(dist, `${name}.gz`));
      expect(brotliDecompressSync(br).equals(files[name]!), name).toBe(true);
      expect(gunzipSync(gz).equals(files[name]!), name).toBe(true);
      expect(br.length, name).toBeLessThan(files[name]!.length * 0.9);
      expect(results.find((result) => result.file === name)).toEqual({ file: name, bytes: files[name]!.length, br: br.length, gz: gz.length });
    }
  });

  it('leaves compressed formats, source maps, tiny files, incompressible binaries and build metadata alone', () => {
    for (const name of ['assets/index-AbC12345.js.map', 'assets/font-AbC12345.woff2', 'tiny.js', 'models/noise.tflite', '.vite/manifest.json']) {
      expect(existsSync(join(dist, `${name}.br`)), name).toBe(false);
      expect(existsSync(join(dist, `${name}.gz`)), name).toBe(false);
    }
  });

  it('picks files by extension', () => {
    for (const name of ['a.js', 'a.mjs', 'a.css', 'a.HTML', 'a.svg', 'a.json', 'a.wasm', 'm.tflite', 'm.task']) expect(isPrecompressible(name), name).toBe(true);
    for (const name of ['a.woff2', 'a.png', 'a.jpg', 'a.webp', 'a.js.map', 'a.js.br', 'a.js.gz']) expect(isPrecompressible(name), name).toBe(false);
  });
});

describe('precompressDir with a cache', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'bingkai-precompress-cache-'));
    await mkdir(join(root, 'dist'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('serves a rebuild from the cache, compresses what changed and keeps one build in it', async () => {
    const dist = join(root, 'dist');
    const cacheDir = join(root, 'cache');
    const shared = text('export const shared = 1;', 300);
    await writeFile(join(dist, 'a.js'), shared);
    await writeFile(join(dist, 'b.js'), text('export const first = 1;', 300));
    await precompressDir(dist, { cacheDir });
    const firstBuild = (await readdir(cacheDir)).sort();
    expect(firstBuild).toHaveLength(4);

    // The next build: a.js unchanged, b.js new content; the old dist copies are gone as after emptyOutDir.
    await rm(dist, { recursive: true });
    await mkdir(dist);
    await writeFile(join(dist, 'a.js'), shared);
    const changed = text('export const second = 2;', 300);
    await writeFile(join(dist, 'b.js'), changed);
    await precompressDir(dist, { cacheDir });
    expect(brotliDecompressSync(await readFile(join(dist, 'a.js.br'))).toString()).toBe(shared);
    expect(brotliDecompressSync(await readFile(join(dist, 'b.js.br'))).toString()).toBe(changed);
    expect(gunzipSync(await readFile(join(dist, 'b.js.gz'))).toString()).toBe(changed);
    const secondBuild = (await readdir(cacheDir)).sort();
    expect(secondBuild).toHaveLength(4);
    // a.js's entries carried over; b.js's old ones dropped for the new.
    expect(secondBuild.filter((name) => firstBuild.includes(name))).toHaveLength(2);
  });
});
