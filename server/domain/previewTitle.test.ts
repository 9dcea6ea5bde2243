import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { escapeMarkup, renderTitle, type TitleStyle } from './previewTitle.ts';

const style: TitleStyle = { maxSize: 64, minSize: 32, align: 'left', colour: '#111827' };
const box = { width: 520, height: 570 };

/** Pixels whose alpha shows ink, and the darkest of them (the text colour #111827 is about 17, 24, 39). */
async function ink(png: Buffer): Promise<{ count: number; darkest: number }> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  let count = 0;
  let darkest = 255;
  for (let i = 0; i < info.width * info.height; i++) {
    if (data[i * 4 + 3]! < 128) continue;
    count++;
    darkest = Math.min(darkest, data[i * 4]!);
  }
  return { count, darkest };
}

describe('renderTitle', () => {
  it('sets a short title on one line at the largest size, in the text colour', async () => {
    const title = await renderTitle('Merdeka 80', box, style);
    const at40 = await renderTitle('Merdeka 80', box, { ...style, maxSize: 40, minSize: 40 });
    expect(title).not.toBeNull();
    // One line at 64 px: its ink is about 64/40 as tall and wide as the same line at 40 px (pixel rounding aside).
    for (const ratio of [title!.height / at40!.height, title!.width / at40!.width]) {
      expect(ratio).toBeGreaterThan(1.5);
      expect(ratio).toBeLessThan(1.75);
    }
    expect(title!.height).toBeLessThan(64 * 1.2);
    expect(title!.width).toBeLessThanOrEqual(box.width);
    const meta = await sharp(title!.png).metadata();
    expect([meta.width, meta.height]).toEqual([title!.width, title!.height]);
    const { count, darkest } = await ink(title!.png);
    expect(count).toBeGreaterThan(1000);
    expect(darkest).toBeLessThan(40);
  });

  it('wraps a longer title and shrinks it until it fits the box', async () => {
    const long = 'Dirgahayu Republik Indonesia ke-80: bersatu, berdaulat, adil dan makmur untuk semua';
    const roomy = await renderTitle(long, box, style);
    const tight = await renderTitle(long, { width: 520, height: 160 }, style);
    expect(roomy!.height).toBeLessThanOrEqual(box.height);
    expect(roomy!.height).toBeGreaterThan(2 * 64);
    expect(tight!.height).toBeLessThanOrEqual(160);
    expect(tight!.width).toBeLessThanOrEqual(520);
  });

  it('cuts what does not fit even at the smallest size, at a word or inside one long word', async () => {
    const small = { width: 300, height: 90 };
    for (const title of ['kata '.repeat(40), 'x'.repeat(100)]) {
      const rendered = await renderTitle(title, small, { ...style, maxSize: 32, minSize: 28 });
      expect(rendered, title).not.toBeNull();
      expect(rendered!.width).toBeLessThanOrEqual(small.width);
      expect(rendered!.height).toBeLessThanOrEqual(small.height);
      expect((await ink(rendered!.png)).count).toBeGreaterThan(500);
    }
  });

  it('renders any script, markup characters and control characters without failing', async () => {
    const titles = ['Привет, мир', 'Γειά σου', 'Chào mừng Tết', 'مرحبا بالعالم', '你好，世界', 'שלום', '🇮🇩 Merdeka 🎉', `"><b>Tom & Jerry's</b> &amp;`, 'tab\there\u0000nul\u0007bell'];
    for (const title of titles) {
      const rendered = await renderTitle(title, box, style);
      expect(rendered, title).not.toBeNull();
      expect((await ink(rendered!.png)).count, title).toBeGreaterThan(100);
    }
  });

  it('draws nothing for a title with nothing printable', async () => {
    expect(await renderTitle(' \n\t\u0000 ', box, style)).toBeNull();
  });

  it('escapes the characters Pango markup reads as tags and entities', () => {
    expect(escapeMarkup(`<span>&amp;"'`)).toBe('&lt;span&gt;&amp;amp;&quot;&#39;');
  });
});
