/**
 * The HTML report of the golden tests: test-results/visual/index.html with expected / actual /
 * diff side by side for every case. Each test writes its images and an entry JSON into
 * test-results/visual/cases/<case>/; the global teardown gathers them (writeReport).
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Rect } from '../../core/geometry.ts';
import { MAX_DIFF_SHARE, PIXEL_THRESHOLD } from './compare.ts';

export const resultsDir = resolve(import.meta.dirname, '../../test-results/visual');
export const casesDir = resolve(resultsDir, 'cases');

export interface ReportEntry {
  name: string;
  golden: string;
  pass: boolean;
  diffShare: number;
  problems: string[];
  faces: string;
  stages: Record<string, number>;
  /** Face boxes in output pixels, drawn over the images: the golden's (expected) and the ones found (actual). */
  overlay?: { width: number; height: number; expected: Rect[]; actual: Rect[] };
}

/** Saves one case's images (PNG bytes) and its entry. */
export async function saveCase(entry: ReportEntry, images: { expected?: Buffer; actual: Buffer; diff?: Buffer }): Promise<void> {
  const dir = resolve(casesDir, entry.name);
  await mkdir(dir, { recursive: true });
  for (const [name, bytes] of Object.entries(images)) if (bytes) await writeFile(resolve(dir, `${name}.png`), bytes);
  await writeFile(resolve(dir, 'entry.json'), JSON.stringify(entry, null, 2));
}

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

export async function writeReport(): Promise<string | undefined> {
  let names: string[];
  try {
    names = (await readdir(casesDir)).sort();
  } catch {
    return undefined;
  }
  const entries: ReportEntry[] = [];
  for (const name of names) {
    try {
      entries.push(JSON.parse(await readFile(resolve(casesDir, name, 'entry.json'), 'utf8')) as ReportEntry);
    } catch {
      // A case that crashed before writing its entry has no row.
    }
  }
  // Failures first: they are what a reader opens the report for.
  entries.sort((a, b) => Number(a.pass) - Number(b.pass) || a.name.localeCompare(b.name));
  const failed = entries.filter((e) => !e.pass).length;
  const boxes = (list: Rect[], colour: string) =>
    list.map((b) => `<rect x="${b.x.toFixed(1)}" y="${b.y.toFixed(1)}" width="${b.width.toFixed(1)}" height="${b.height.toFixed(1)}" fill="none" stroke="${colour}" stroke-width="4"/>`).join('');
  const svg = (entry: ReportEntry, kind: string) => {
    const o = entry.overlay;
    if (!o || kind === 'diff') return '';
    return `<svg viewBox="0 0 ${o.width} ${o.height}" preserveAspectRatio="none">${boxes(o.expected, '#22c55e')}${kind === 'actual' ? boxes(o.actual, '#ef4444') : ''}</svg>`;
  };
  const img = (entry: ReportEntry, kind: string) =>
    `<figure><div class="frame"><img loading="lazy" src="cases/${encodeURIComponent(entry.name)}/${kind}.png" alt="${kind}">${svg(entry, kind)}</div><figcaption>${kind}</figcaption></figure>`;
  const rows = entries
    .map(
      (e) => `<section class="${e.pass ? 'pass' : 'fail'}">
  <h2>${e.pass ? '✔' : '✘'} ${escape(e.name)} <small>golden: ${escape(e.golden)} · ${(e.diffShare * 100).toFixed(3)} % differing · faces: ${escape(e.faces)} · ${Object.entries(e.stages)
        .map(([k, v]) => `${k} ${v.toFixed(0)} ms`)
        .join(', ')}</small></h2>
  ${e.problems.length ? `<ul>${e.problems.map((p) => `<li>${escape(p)}</li>`).join('')}</ul>` : ''}
  <div class="images">${img(e, 'expected')}${img(e, 'actual')}${img(e, 'diff')}</div>
</section>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Visual tests: ${entries.length - failed}/${entries.length} pass</title>
<style>
body { font: 14px system-ui, sans-serif; margin: 1rem; }
section { border-left: 6px solid #16a34a; padding: 0 0 0 .75rem; margin: 1.5rem 0; }
section.fail { border-color: #dc2626; }
h2 small { font-weight: normal; color: #555; }
.images { display: flex; gap: .75rem; }
figure { margin: 0; flex: 1; }
figure .frame { position: relative; max-width: 420px; }
img { display: block; width: 100%; border: 1px solid #ccc; background: repeating-conic-gradient(#eee 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
svg { position: absolute; inset: 0; width: 100%; height: 100%; }
</style></head><body>
<h1>Visual tests: ${entries.length - failed} of ${entries.length} pass</h1>
<p>pixelmatch threshold ${PIXEL_THRESHOLD}, at most ${MAX_DIFF_SHARE * 100} % differing pixels. Images: expected (golden) / actual / diff (red: differing pixels); face boxes: green the golden's, red the ones found. The <code>negative-*</code> cases pass when the comparison rejects them.</p>
${rows}
</body></html>
`;
  const path = resolve(resultsDir, 'index.html');
  await writeFile(path, html);
  return path;
}
