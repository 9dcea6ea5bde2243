/**
 * Writes the brand kit of /media-assets into public/media-assets (committed; run again after changing the logo):
 * the mark (the navbar's frame icon), the wordmark lockup for light and dark backgrounds, the app icon, each as SVG
 * with the wordmark outlined (Inter Bold, from @fontsource/inter, so no font is needed to show it) and as PNGs
 * rendered with sharp at the sizes src/domains/brand/brandAssets.ts lists.
 *
 *   npx tsx scripts/buildMediaAssets.ts
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import opentype from 'opentype.js';
import sharp from 'sharp';
import { BRAND_ASSETS, LOGO_COLORS, LOGO_VIEWBOX, MARK_VIEWBOX, type BrandAssetKind } from '../contract/brandAssets.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const OUT_DIR = join(ROOT, 'public', 'media-assets');

/** lucide's Frame icon (as the navbar draws it) on its 24-unit grid: two horizontal and two vertical bars. */
const FRAME_LINES = [
  [22, 6, 2, 6],
  [22, 18, 2, 18],
  [6, 2, 6, 22],
  [18, 2, 18, 22],
] as const;

/** The frame icon scaled from 24 units to `size`, offset by (x, y). */
function frameIcon(x: number, y: number, size: number, color: string): string {
  const k = size / 24;
  const lines = FRAME_LINES.map(([x1, y1, x2, y2]) => `<line x1="${x + x1 * k}" y1="${y + y1 * k}" x2="${x + x2 * k}" y2="${y + y2 * k}"/>`).join('');
  return `<g fill="none" stroke="${color}" stroke-width="${2 * k}" stroke-linecap="round" stroke-linejoin="round">${lines}</g>`;
}

function wordmarkPath(color: string): string {
  const require = createRequire(import.meta.url);
  const font = opentype.loadSync(require.resolve('@fontsource/inter/files/inter-latin-700-normal.woff'));
  // Text 80 units high beside the 96-unit mark, as the navbar's text-xl beside its size-6 icon; 32 units apart.
  const path = font.getPath('Bingkai', 128, 77, 80);
  return `<path fill="${color}" d="${path.toPathData(2)}"/>`;
}

function svg(width: number, height: number, title: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${title}"><title>${title}</title>${body}</svg>\n`;
}

/** The SVG of each kind of asset. */
export function brandSvg(kind: BrandAssetKind): string {
  const { width, height } = kind === 'logo' || kind === 'logoDark' ? LOGO_VIEWBOX : MARK_VIEWBOX;
  switch (kind) {
    case 'logo':
      return svg(width, height, 'Bingkai', frameIcon(0, 0, 96, LOGO_COLORS.mark) + wordmarkPath(LOGO_COLORS.wordmarkOnLight));
    case 'logoDark':
      return svg(width, height, 'Bingkai', frameIcon(0, 0, 96, LOGO_COLORS.mark) + wordmarkPath(LOGO_COLORS.wordmarkOnDark));
    case 'mark':
      return svg(width, height, 'Bingkai', frameIcon(0, 0, 96, LOGO_COLORS.mark));
    case 'icon':
      // The mark inset on a rounded tile: app icons and avatars, where a transparent mark would be lost.
      return svg(width, height, 'Bingkai', `<rect width="96" height="96" rx="22" fill="${LOGO_COLORS.iconBackground}"/>${frameIcon(18, 18, 60, LOGO_COLORS.iconLines)}`);
  }
}

async function main(): Promise<void> {
  await mkdir(OUT_DIR, { recursive: true });
  for (const asset of BRAND_ASSETS) {
    const source = brandSvg(asset.kind);
    for (const file of asset.files) {
      const target = join(OUT_DIR, file.name);
      if (file.format === 'svg') {
        await writeFile(target, source);
      } else {
        const viewBoxWidth = asset.kind === 'logo' || asset.kind === 'logoDark' ? LOGO_VIEWBOX.width : MARK_VIEWBOX.width;
        // Rasterised at the target size (density scales the vector), not scaled up from a small bitmap.
        const density = Math.ceil((72 * file.width!) / viewBoxWidth);
        await sharp(Buffer.from(source), { density }).resize(file.width, file.height, { fit: 'fill' }).png({ compressionLevel: 9 }).toFile(target);
      }
      console.info(`wrote ${join('public', 'media-assets', file.name)}`);
    }
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
