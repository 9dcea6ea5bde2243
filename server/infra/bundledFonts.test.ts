import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { BUNDLED_FONT_FAMILY, bundledFontFile, woffToSfnt } from './bundledFonts.ts';

const woffPath = createRequire(import.meta.url).resolve('@fontsource/inter/files/inter-latin-700-normal.woff');

/** The OpenType table checksum: the sum of its big-endian 32-bit words, zero-padded. */
function tableChecksum(data: Buffer): number {
  const padded = Buffer.concat([data, Buffer.alloc((4 - (data.length % 4)) % 4)]);
  let sum = 0;
  for (let at = 0; at < padded.length; at += 4) sum = (sum + padded.readUInt32BE(at)) >>> 0;
  return sum;
}

describe('woffToSfnt', () => {
  it('unpacks every table of a WOFF to the bytes its stored checksum was taken over', async () => {
    const woff = await readFile(woffPath);
    const sfnt = woffToSfnt(woff);
    const count = sfnt.readUInt16BE(4);
    expect(sfnt.readUInt32BE(0)).toBe(woff.readUInt32BE(4));
    expect(count).toBe(woff.readUInt16BE(12));
    expect(count).toBeGreaterThan(5);
    const tags: string[] = [];
    for (let index = 0; index < count; index++) {
      const at = 12 + index * 16;
      const tag = sfnt.toString('latin1', at, at + 4);
      tags.push(tag);
      const data = sfnt.subarray(sfnt.readUInt32BE(at + 8), sfnt.readUInt32BE(at + 8) + sfnt.readUInt32BE(at + 12));
      // 'head' holds the whole font's checksum adjustment, which its own checksum leaves out.
      if (tag !== 'head') expect(tableChecksum(data), tag).toBe(sfnt.readUInt32BE(at + 4));
    }
    expect(tags).toEqual(expect.arrayContaining(['cmap', 'glyf', 'head', 'hmtx', 'name']));
  });

  it('refuses what is not a WOFF 1 font', async () => {
    expect(() => woffToSfnt(Buffer.from('not a font at all, clearly not one'.repeat(3)))).toThrow('Not a WOFF 1 font');
    const woff2 = await readFile(woffPath.replace(/\.woff$/, '.woff2'));
    expect(() => woffToSfnt(woff2)).toThrow('Not a WOFF 1 font');
    const truncated = (await readFile(woffPath)).subarray(0, 200);
    expect(() => woffToSfnt(truncated)).toThrow();
  });
});

describe('bundledFontFile', () => {
  it('makes sharp set text in Inter, not in a fallback font', async () => {
    const fontfile = await bundledFontFile();
    expect(existsSync(fontfile)).toBe(true);
    expect(await bundledFontFile()).toBe(fontfile);
    const width = async (font: string) => (await sharp({ text: { text: 'Merdeka gaya 80', font, fontfile, dpi: 72 } }).png().toBuffer({ resolveWithObject: true })).info.width;
    // A family nobody has falls back to the system's default font (or to none): Inter's metrics differ from it.
    expect(await width(`${BUNDLED_FONT_FAMILY} 40`)).not.toBe(await width('No Such Family Bold 40'));
    // Cyrillic comes from the Cyrillic subset of the same family.
    const cyrillic = async (font: string) => (await sharp({ text: { text: 'Привет мир', font, fontfile, dpi: 72 } }).png().toBuffer({ resolveWithObject: true })).info.width;
    expect(await cyrillic(`${BUNDLED_FONT_FAMILY} 40`)).not.toBe(await cyrillic('No Such Family Bold 40'));
  });
});
