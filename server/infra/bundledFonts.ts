/**
 * The font of text the server draws into images (link-preview titles): Inter Bold from @fontsource/inter,
 * so nothing depends on the machine's system fonts.
 *
 *   BUNDLED_FONT_FAMILY                    the Pango family to ask for ('Inter Bold 48')
 *   bundledFontFile() → Promise<string>    registers every subset once per process; pass it as sharp's `fontfile`
 *   woffToSfnt(woff) → Buffer              WOFF 1 → plain TrueType/OpenType bytes
 *
 * @fontsource ships WOFF and WOFF2 only, and the fontconfig inside sharp reads neither, so each subset
 * is unpacked to a .ttf in the temp folder. Every subset is the same family: Pango takes a glyph from
 * whichever subset has it (Latin, Latin Extended, Cyrillic, Greek, Vietnamese), and from a system font,
 * or a missing-glyph box, for other scripts.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import sharp from 'sharp';

export const BUNDLED_FONT_FAMILY = 'Inter Bold';
const SUBSETS = ['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext', 'greek', 'greek-ext', 'vietnamese'] as const;
const woffOf = (subset: string) => createRequire(import.meta.url).resolve(`@fontsource/inter/files/inter-${subset}-700-normal.woff`);

const WOFF_SIGNATURE = 0x774f4646; // 'wOFF'
const WOFF_HEADER = 44;
const WOFF_ENTRY = 20;
const SFNT_ENTRY = 16;

/** Unpacks a WOFF 1 file: its sfnt tables, each zlib-compressed unless that would not make it smaller. */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.length < WOFF_HEADER || woff.readUInt32BE(0) !== WOFF_SIGNATURE) throw new Error('Not a WOFF 1 font');
  const flavor = woff.readUInt32BE(4);
  const count = woff.readUInt16BE(12);
  if (woff.length < WOFF_HEADER + count * WOFF_ENTRY) throw new Error('The WOFF table directory is truncated');
  const tables = Array.from({ length: count }, (_, index) => {
    const at = WOFF_HEADER + index * WOFF_ENTRY;
    const offset = woff.readUInt32BE(at + 4);
    const compressed = woff.readUInt32BE(at + 8);
    const length = woff.readUInt32BE(at + 12);
    if (offset + compressed > woff.length) throw new Error('A WOFF table lies past the end of the file');
    const stored = woff.subarray(offset, offset + compressed);
    const data = compressed < length ? inflateSync(stored) : stored;
    if (data.length !== length) throw new Error('A WOFF table does not unpack to its stated length');
    return { tag: woff.readUInt32BE(at), checksum: woff.readUInt32BE(at + 16), data };
  });
  // The sfnt directory's binary-search fields (OpenType spec, "Table Directory").
  const entrySelector = Math.floor(Math.log2(Math.max(1, count)));
  const searchRange = 2 ** entrySelector * SFNT_ENTRY;
  const padded = (length: number) => (length + 3) & ~3;
  const directory = 12 + count * SFNT_ENTRY;
  const out = Buffer.alloc(directory + tables.reduce((sum, table) => sum + padded(table.data.length), 0));
  out.writeUInt32BE(flavor, 0);
  out.writeUInt16BE(count, 4);
  out.writeUInt16BE(searchRange, 6);
  out.writeUInt16BE(entrySelector, 8);
  out.writeUInt16BE(count * SFNT_ENTRY - searchRange, 10);
  let offset = directory;
  for (const [index, table] of tables.entries()) {
    const at = 12 + index * SFNT_ENTRY;
    out.writeUInt32BE(table.tag, at);
    out.writeUInt32BE(table.checksum, at + 4);
    out.writeUInt32BE(offset, at + 8);
    out.writeUInt32BE(table.data.length, at + 12);
    table.data.copy(out, offset);
    offset += padded(table.data.length);
  }
  return out;
}

/** Writes the unpacked subset once; concurrent processes write the same bytes, and the rename is atomic. */
async function unpacked(subset: string, dir: string): Promise<string> {
  const path = join(dir, `inter-${subset}-700.ttf`);
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, woffToSfnt(await readFile(woffOf(subset))));
  await rename(temporary, path);
  return path;
}

let registered: Promise<string> | undefined;

/**
 * The Latin subset's file, after every subset has been handed to sharp's fontconfig (it keeps a font file
 * once it has rendered with it, for the life of the process).
 */
export function bundledFontFile(): Promise<string> {
  if (registered) return registered;
  const pending = (async () => {
    const dir = join(tmpdir(), 'bingkai-fonts');
    await mkdir(dir, { recursive: true });
    const files = await Promise.all(SUBSETS.map((subset) => unpacked(subset, dir)));
    for (const fontfile of files) await sharp({ text: { text: '.', font: `${BUNDLED_FONT_FAMILY} 8`, fontfile } }).raw().toBuffer();
    return files[0]!;
  })();
  // A failed attempt (say, a full temp folder) is tried again by the next caller.
  pending.catch(() => {
    if (registered === pending) registered = undefined;
  });
  registered = pending;
  return pending;
}
