/**
 * Writes the cover of every article in content/ (docs/CONTENT.md) that has none yet: a 1200×630 JPEG (the link-preview
 * size) at the front matter's `cover` path under public/, drawn from an SVG: a card with a round portrait on a gradient
 * of one of COVER_PALETTES, picked by the path so articles differ (its name belongs in the article's coverAlt). Committed, so the server and the build need not run this.
 * Run by hand after adding an article: `npx tsx scripts/buildArticleCovers.ts` (`--force` redraws them all).
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { ARTICLE_COVER_SIZE as COVER_SIZE, articleKinds } from '../contract/article.ts';
import { loadArticles } from '../server/domain/articles.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** A stable number from a text (FNV-1a). */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return hash;
}

/** The palettes covers are drawn in, named as their alt text says (docs/CONTENT.md). */
export const COVER_PALETTES = [
  { name: 'teal', from: '#0f766e', to: '#2dd4bf' },
  { name: 'deep blue', from: '#1e3a8a', to: '#3b82f6' },
  { name: 'orange', from: '#c2410c', to: '#fb923c' },
  { name: 'violet', from: '#5b21b6', to: '#a78bfa' },
  { name: 'green', from: '#166534', to: '#4ade80' },
  { name: 'rose', from: '#9f1239', to: '#fb7185' },
  { name: 'amber', from: '#b45309', to: '#fcd34d' },
  { name: 'red', from: '#b91c1c', to: '#f87171' },
  { name: 'sky blue', from: '#0369a1', to: '#7dd3fc' },
] as const;

export function coverPalette(cover: string): (typeof COVER_PALETTES)[number] {
  return COVER_PALETTES[hashOf(cover) % COVER_PALETTES.length]!;
}

/** What each kind's card shows beside the portrait: lines of text (blog), a light bulb (use cases), a quote (testimonials). */
function motif(cover: string, colour: string): string {
  if (cover.includes('/testimonials-')) return `<text x="470" y="500" font-family="serif" font-size="120" fill="${colour}">\u201C</text>`;
  if (cover.includes('/use-cases-')) return `<circle cx="700" cy="455" r="26" fill="${colour}"/><rect x="688" y="483" width="24" height="14" rx="4" fill="${colour}"/>`;
  return `<rect x="470" y="440" width="260" height="20" rx="10" fill="${colour}"/><rect x="470" y="476" width="180" height="16" rx="8" fill="${colour}" opacity="0.6"/>`;
}

/** The cover drawing: a gradient background with soft dots, a white card with a round portrait and the kind's motif. */
export function coverSvg(cover: string): string {
  const { from, to } = coverPalette(cover);
  const { width, height } = COVER_SIZE;
  const dots = Array.from({ length: 12 }, (_, i) => {
    const x = hashOf(`${cover}x${i}`) % width;
    const y = hashOf(`${cover}y${i}`) % height;
    const r = 8 + (hashOf(`${cover}r${i}`) % 22);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="#ffffff" opacity="0.18"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
    <clipPath id="hole"><circle cx="600" cy="270" r="130"/></clipPath>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#g)"/>
  ${dots}
  <rect x="420" y="95" width="360" height="440" rx="28" fill="#ffffff"/>
  <circle cx="600" cy="270" r="130" fill="${from}"/>
  <g clip-path="url(#hole)" fill="${to}">
    <circle cx="600" cy="240" r="52"/>
    <ellipse cx="600" cy="390" rx="105" ry="90"/>
  </g>
  ${motif(cover, from)}
</svg>`;
}

async function main(): Promise<void> {
  const force = process.argv.includes('--force');
  const covers = new Set<string>();
  const library = loadArticles();
  for (const kind of articleKinds) {
    for (const item of library.list(kind, 'en', 1, 1000).items) covers.add(item.cover);
  }
  for (const cover of covers) {
    const file = resolve(root, 'public', cover.slice(1));
    if (existsSync(file) && !force) continue;
    await mkdir(dirname(file), { recursive: true });
    await sharp(Buffer.from(coverSvg(cover))).jpeg({ quality: 78, mozjpeg: true }).toFile(file);
    console.info(`wrote ${file} (${coverPalette(cover).name})`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
