/**
 * The brand kit of /media-assets: the logo files in public/media-assets (made by scripts/buildMediaAssets.ts from
 * this list) and the palette, which is the app's own theme (src/styles.css; a test keeps the two equal). Shared:
 * the page lists them, the server names the logo in the home page's JSON-LD (server/http/seoHead.ts).
 */

export const MEDIA_ASSETS_DIR = '/media-assets';

export type BrandAssetKind = 'logo' | 'logoDark' | 'mark' | 'icon';

export interface BrandAssetFile {
  /** File name in public/media-assets. */
  name: string;
  format: 'svg' | 'png';
  /** Pixel size of a PNG; an SVG's is its viewBox and scales to any size. */
  width?: number;
  height?: number;
}

export interface BrandAsset {
  kind: BrandAssetKind;
  /** The background it is drawn for: a preview shows it there. */
  background: 'light' | 'dark' | 'any';
  files: BrandAssetFile[];
}

/** The wordmark lockup's size in SVG units (the mark is 96 × 96 of it); PNG heights follow from their widths. */
export const LOGO_VIEWBOX = { width: 416, height: 96 } as const;
export const MARK_VIEWBOX = { width: 96, height: 96 } as const;

const logoPngs = (base: string): BrandAssetFile[] =>
  [600, 1200, 2400].map((width) => ({ name: `${base}-${width}.png`, format: 'png', width, height: Math.round((width * LOGO_VIEWBOX.height) / LOGO_VIEWBOX.width) }));
const squarePngs = (base: string, sizes: number[]): BrandAssetFile[] => sizes.map((size) => ({ name: `${base}-${size}.png`, format: 'png', width: size, height: size }));

export const BRAND_ASSETS: readonly BrandAsset[] = [
  { kind: 'logo', background: 'light', files: [{ name: 'bingkai-logo.svg', format: 'svg' }, ...logoPngs('bingkai-logo')] },
  { kind: 'logoDark', background: 'dark', files: [{ name: 'bingkai-logo-dark.svg', format: 'svg' }, ...logoPngs('bingkai-logo-dark')] },
  { kind: 'mark', background: 'any', files: [{ name: 'bingkai-mark.svg', format: 'svg' }, ...squarePngs('bingkai-mark', [128, 512])] },
  { kind: 'icon', background: 'any', files: [{ name: 'bingkai-icon.svg', format: 'svg' }, ...squarePngs('bingkai-icon', [192, 512, 1024])] },
];

/** The square logo search engines show for the organisation: the app icon, opaque, at 512 px. */
export const ORGANIZATION_LOGO = `${MEDIA_ASSETS_DIR}/bingkai-icon-512.png`;

/** The URL a kit file is served at. */
export function brandAssetUrl(file: BrandAssetFile): string {
  return `${MEDIA_ASSETS_DIR}/${file.name}`;
}

export type PaletteGroup = 'brand' | 'neutral' | 'status';

export interface PaletteColor {
  /** The theme token (src/styles.css custom property without its dashes). */
  token: string;
  group: PaletteGroup;
  light: string;
  dark: string;
}

/** The theme tokens as src/styles.css sets them, light and dark. */
export const PALETTE: readonly PaletteColor[] = [
  { token: 'primary', group: 'brand', light: '#16dac1', dark: '#16dac1' },
  { token: 'primary-foreground', group: 'brand', light: '#04211d', dark: '#04211d' },
  { token: 'accent', group: 'brand', light: '#ffb020', dark: '#ffc24d' },
  { token: 'ring', group: 'brand', light: '#0fa896', dark: '#3ee6d0' },
  { token: 'background', group: 'neutral', light: '#ffffff', dark: '#1b1b1b' },
  { token: 'foreground', group: 'neutral', light: '#111827', dark: '#f3f4f6' },
  { token: 'muted', group: 'neutral', light: '#f3f4f6', dark: '#2a2a2a' },
  { token: 'muted-foreground', group: 'neutral', light: '#5b6472', dark: '#a3a9b3' },
  { token: 'border', group: 'neutral', light: '#e2e8f0', dark: '#343434' },
  { token: 'destructive', group: 'status', light: '#dc2626', dark: '#f87171' },
];

/** The colours the logo files are drawn in. */
export const LOGO_COLORS = {
  mark: '#16dac1',
  iconBackground: '#16dac1',
  iconLines: '#04211d',
  wordmarkOnLight: '#111827',
  wordmarkOnDark: '#f3f4f6',
} as const;
