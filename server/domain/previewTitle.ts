import sharp from 'sharp';
import type { Size } from '../../core/geometry.ts';
import { BUNDLED_FONT_FAMILY, bundledFontFile } from '../infra/bundledFonts.ts';

/** How a title is set in a link preview: font sizes in pixels, tried from the largest down. */
export interface TitleStyle {
  maxSize: number;
  minSize: number;
  align: 'left' | 'centre';
  /** CSS hex colour. */
  colour: string;
}

export interface RenderedTitle {
  /** The wrapped lines as an RGBA PNG, transparent around the glyphs, at most the box's size. */
  png: Buffer;
  width: number;
  height: number;
}

const SIZE_STEP = 0.9;
const ELLIPSIS = '…';
const markupEntities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Pango markup is XML: the title's own characters must never read as tags or entities. */
export const escapeMarkup = (text: string) => text.replace(/[&<>"']/g, (char) => markupEntities[char]!);

/** One line: control characters (which XML refuses) and runs of whitespace become one space. */
const flatten = (title: string) => title.replace(/\p{Cc}/gu, ' ').replace(/\s+/g, ' ').trim();

const graphemes = (text: string) => Array.from(new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text), (part) => part.segment);

async function render(text: string, size: number, width: number, style: TitleStyle, fontfile: string): Promise<RenderedTitle> {
  const { data, info } = await sharp({
    text: {
      text: `<span foreground="${style.colour}">${escapeMarkup(text)}</span>`,
      font: `${BUNDLED_FONT_FAMILY} ${size}`,
      fontfile,
      width,
      dpi: 72,
      rgba: true,
      align: style.align,
      wrap: 'word-char',
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { png: data, width: info.width, height: info.height };
}

/**
 * The title set in the bundled font (server/infra/bundledFonts.ts), wrapped at word boundaries (inside a word
 * when a word is wider than the box), at the largest size from maxSize down to minSize whose lines fit the box.
 * A title that does not fit even at minSize is cut at a word, or at a character when one word is that long,
 * and ends with an ellipsis. Null when nothing printable is left.
 */
export async function renderTitle(title: string, box: Size, style: TitleStyle): Promise<RenderedTitle | null> {
  const text = flatten(title);
  if (!text) return null;
  const fontfile = await bundledFontFile();
  const fits = (rendered: RenderedTitle) => rendered.height <= box.height && rendered.width <= box.width;
  for (let size = style.maxSize; size > style.minSize; size = Math.floor(size * SIZE_STEP)) {
    const rendered = await render(text, size, box.width, style, fontfile);
    if (fits(rendered)) return rendered;
  }
  const whole = await render(text, style.minSize, box.width, style, fontfile);
  if (fits(whole)) return whole;

  // The longest start that fits with an ellipsis (binary search over graphemes), then back to a word boundary.
  const parts = graphemes(text);
  const cut = (count: number) => `${parts.slice(0, count).join('').trimEnd()}${ELLIPSIS}`;
  let low = 0;
  let high = parts.length - 1;
  let best: RenderedTitle | null = null;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    const rendered = await render(cut(middle), style.minSize, box.width, style, fontfile);
    if (fits(rendered)) {
      low = middle;
      best = rendered;
    } else high = middle - 1;
  }
  if (low === 0) return null;
  const space = parts.slice(0, low + 1).lastIndexOf(' ');
  // At a word only when that keeps most of what fits: one very long word is cut inside it instead.
  if (space > low / 2) return render(cut(space), style.minSize, box.width, style, fontfile);
  return best ?? render(cut(low), style.minSize, box.width, style, fontfile);
}
