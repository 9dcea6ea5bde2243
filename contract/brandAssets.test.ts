import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BRAND_ASSETS, brandAssetUrl, LOGO_COLORS, ORGANIZATION_LOGO, PALETTE } from './brandAssets.ts';

const root = new URL('../', import.meta.url);
const publicFile = (url: string) => readFileSync(new URL(`public${url}`, root));

/** A theme's custom properties as src/styles.css sets them: the block after `selector {`. */
function themeTokens(css: string, selector: string): Map<string, string> {
  const start = css.indexOf(`${selector} {`);
  const block = css.slice(start, css.indexOf('}', start));
  return new Map(Array.from(block.matchAll(/--([\w-]+):\s*([^;]+);/g), ([, name, value]) => [name!, value!.trim().toLowerCase()]));
}

describe('the brand kit', () => {
  it('shows the palette the app is drawn in, light and dark', () => {
    const css = readFileSync(new URL('src/styles.css', root), 'utf8');
    const light = themeTokens(css, ':root');
    const dark = themeTokens(css, '.dark');
    for (const color of PALETTE) {
      expect(color.light, color.token).toBe(light.get(color.token));
      expect(color.dark, color.token).toBe(dark.get(color.token));
    }
    expect(LOGO_COLORS.mark).toBe(light.get('primary'));
  });

  it('ships every file it offers, the PNGs at the size they claim and the SVGs with no font needed', () => {
    for (const asset of BRAND_ASSETS) {
      expect(asset.files[0]?.format, asset.kind).toBe('svg');
      for (const file of asset.files) {
        const bytes = publicFile(brandAssetUrl(file));
        if (file.format === 'png') {
          expect(bytes.subarray(1, 4).toString('latin1'), file.name).toBe('PNG');
          // IHDR: width and height, big-endian, at bytes 16 and 20.
          expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)], file.name).toEqual([file.width, file.height]);
        } else {
          const svg = bytes.toString('utf8');
          expect(svg, file.name).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]* viewBox="0 0 \d+ \d+"/);
          expect(svg, file.name).not.toContain('<text');
          expect(svg, file.name).toContain('<title>Bingkai</title>');
        }
      }
    }
    expect(BRAND_ASSETS.flatMap((asset) => asset.files.map(brandAssetUrl))).toContain(ORGANIZATION_LOGO);
  });
});
