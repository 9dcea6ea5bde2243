import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientNeedsBuild } from './start.ts';

describe('client build check', () => {
  it('builds when dist is missing or older than any source, and not otherwise', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'bingkai-start-'));
    try {
      const dist = join(dir, 'dist');
      await mkdir(join(dir, 'src', 'pages'), { recursive: true });
      await writeFile(join(dir, 'src', 'pages', 'Home.tsx'), 'export {}');
      await writeFile(join(dir, 'index.html'), '<!doctype html>');
      expect(await clientNeedsBuild(dist, dir)).toBe(true);

      await mkdir(dist);
      await writeFile(join(dist, 'index.html'), '<!doctype html>');
      const past = new Date(Date.now() - 60_000);
      for (const path of [join(dir, 'src', 'pages', 'Home.tsx'), join(dir, 'src', 'pages'), join(dir, 'src'), join(dir, 'index.html')]) await utimes(path, past, past);
      expect(await clientNeedsBuild(dist, dir)).toBe(false);

      const future = new Date(Date.now() + 60_000);
      await utimes(join(dir, 'src', 'pages', 'Home.tsx'), future, future);
      expect(await clientNeedsBuild(dist, dir)).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
