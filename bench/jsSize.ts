/**
 * The JavaScript a campaign page loads before a photo is picked: the app entry and the
 * `campaign` route chunk (src/routes/campaign/CampaignPage.tsx), each with its static imports,
 * read from the manifest of a production `vite build`. Sizes are gzip level 9.
 */
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

export const CAMPAIGN_ROUTE = 'src/routes/campaign/CampaignPage.tsx';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export interface JsSize {
  files: { file: string; bytes: number; gzip: number }[];
  gzipTotal: number;
  cssGzip: number;
}

export async function campaignPageJs(root: string): Promise<JsSize> {
  const outDir = resolve(root, '.tmp/bench-build');
  // Its own process: a dev server started earlier in this one sets NODE_ENV=development, which would change the build.
  const env = { ...process.env, NODE_ENV: 'production' };
  execFileSync(process.execPath, [resolve(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--sourcemap', 'false', '--logLevel', 'warn'], { cwd: root, env, stdio: 'inherit' });
  const manifest = JSON.parse(await readFile(resolve(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry && key.endsWith('index.html'));
  if (!entry) throw new Error('no index.html entry in the build manifest');
  if (!manifest[CAMPAIGN_ROUTE]) throw new Error(`${CAMPAIGN_ROUTE} is not a chunk of the build`);
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry);
  visit(CAMPAIGN_ROUTE);
  const sizeOf = async (file: string) => {
    const bytes = await readFile(resolve(outDir, file));
    return { file, bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  };
  const files = await Promise.all([...js].map(sizeOf));
  const cssFiles = await Promise.all([...css].map(sizeOf));
  return { files, gzipTotal: files.reduce((sum, f) => sum + f.gzip, 0), cssGzip: cssFiles.reduce((sum, f) => sum + f.gzip, 0) };
}
