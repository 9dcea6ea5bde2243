/**
 * "Describe your frame, get a design", on the device: a short description ("Hari Guru Nasional 2026, SMA
 * Negeri 3 Bandung, blue and gold") picks the built-in templates whose theme it names, recolours them
 * towards the colours it names (recolourDesign.ts) and writes its title into their text. No model and no
 * network: keyword tables (descriptionVocabulary.ts) and plain rules, so the same description always gives
 * the same suggestions. Pure: no React, no Konva, no DOM.
 */
import { DESIGN_LIMITS, type DesignDocument, type DesignElement, type DesignFontId, type DesignKind, type TextElement } from '../../../contract/design.ts';
import { CATEGORY_KEYWORDS, COLOUR_FILLERS, COLOUR_WORDS, TEMPLATE_KEYWORDS } from './descriptionVocabulary.ts';
import { recolourDesign } from './recolourDesign.ts';
import { DESIGN_TEMPLATES, type DesignTemplate } from './templates/index.ts';

export interface DesignSuggestion {
  template: DesignTemplate;
  /** A preview document: give it a fresh id and time before it is saved (startNewDesign does). */
  document: DesignDocument;
  /** The description's theme words that chose this template; empty for a general pick. */
  matches: string[];
}

export interface ReadDescription {
  /** The words, lower case, without diacritics or punctuation. */
  words: string[];
  /** The first part (up to the first comma) that is not only colour names; '' when there is none. */
  title: string;
  /** The other such parts, joined with commas. */
  subtitle: string;
  /** Named colours with a hue, in the order written (#rrggbb). */
  colours: string[];
  /** The first year written (1900–2099), or null. */
  year: string | null;
}

export interface DesignFromDescriptionOptions {
  kind?: DesignKind;
  /** How many suggestions (default 3). */
  count?: number;
  /** Document name when the description has no title (default: the template's id). */
  untitled?: (template: DesignTemplate) => string;
}

const TEMPLATE_POINTS = 3;
const CATEGORY_POINTS = 1;
/** General-purpose picks, in this order, when the description names too few themes. */
const GENERAL = ['support-our-cause', 'geometric-rings', 'award-badge'];
/** Suggestion documents carry a fixed time, so equal descriptions give equal documents. */
const PREVIEW_TIME = '1970-01-01T00:00:00.000Z';

export const normalisedWords = (text: string): string[] =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

const PHRASES = new Map<string, string[]>();
const phrase = (keyword: string) => PHRASES.get(keyword) ?? PHRASES.set(keyword, keyword.split(' ')).get(keyword)!;

/** Whether the words hold the keyword's words in a row; a keyword's last word of 5+ letters also matches as a prefix ("graduation" in "graduations"). */
export function hasKeyword(words: readonly string[], keyword: string): boolean {
  const parts = phrase(keyword);
  const last = parts.length - 1;
  for (let start = 0; start + last < words.length; start++) {
    const fits = parts.every((part, index) => {
      const word = words[start + index]!;
      return word === part || (index === last && part.length >= 5 && word.startsWith(part));
    });
    if (fits) return true;
  }
  return false;
}

const COLOUR_PHRASES = Object.keys(COLOUR_WORDS).sort((a, b) => phrase(b).length - phrase(a).length || a.localeCompare(b));

/** Colour names found left to right (longest phrase first: "merah muda" is pink, not red), and whether every word was a colour or a filler. */
function readColours(words: readonly string[]): { colours: (string | null)[]; onlyColours: boolean } {
  const colours: (string | null)[] = [];
  let onlyColours = true;
  for (let index = 0; index < words.length; ) {
    const found = COLOUR_PHRASES.find((name) => phrase(name).every((part, offset) => words[index + offset] === part));
    if (found) {
      colours.push(COLOUR_WORDS[found]!);
      index += phrase(found).length;
      continue;
    }
    if (!COLOUR_FILLERS.has(words[index]!)) onlyColours = false;
    index++;
  }
  return { colours, onlyColours: onlyColours && colours.length > 0 };
}

export function readDescription(description: string): ReadDescription {
  const words = normalisedWords(description);
  const parts = description
    .split(/[,;\n]/)
    .map((part) => part.replace(/\s+/g, ' ').trim())
    .filter((part) => normalisedWords(part).length > 0 && !readColours(normalisedWords(part)).onlyColours);
  const colours = [...new Set(readColours(words).colours.filter((colour): colour is string => colour !== null))];
  return { words, title: parts[0] ?? '', subtitle: parts.slice(1).join(', '), colours, year: /\b(?:19|20)\d{2}\b/.exec(description)?.[0] ?? null };
}

/** Every template with its score and the keywords that earned it, best first (ties keep the templates' order). */
export function rankTemplates(words: readonly string[], templates: readonly DesignTemplate[] = DESIGN_TEMPLATES) {
  return templates
    .map((template, order) => {
      const own = (TEMPLATE_KEYWORDS[template.id] ?? []).filter((keyword) => hasKeyword(words, keyword));
      const category = CATEGORY_KEYWORDS[template.category].filter((keyword) => hasKeyword(words, keyword));
      return { template, order, score: own.length * TEMPLATE_POINTS + category.length * CATEGORY_POINTS, matches: [...new Set([...own, ...category])] };
    })
    .sort((a, b) => b.score - a.score || a.order - b.order);
}

// ---------- text ----------

/** Rough average glyph width as a share of the font size (mixed-case text); only used to keep text inside its box. */
const GLYPH_WIDTH: Record<DesignFontId, number> = {
  inter: 0.55,
  poppins: 0.6,
  montserrat: 0.62,
  'playfair-display': 0.52,
  'bebas-neue': 0.42,
  pacifico: 0.58,
  oswald: 0.47,
  lobster: 0.48,
  'roboto-slab': 0.56,
};
const SMALLEST_SHARE = 0.5;
/** Room left for letters wider than the template's own (capitals, W and M). */
const MARGIN = 1.1;

const isUpperCase = (text: string) => /\p{L}/u.test(text) && text === text.toUpperCase();

/** Estimated width of one character of `text` in the element at `size`, letter spacing included. */
function glyphWidth(element: TextElement, text: string, size: number): number {
  const caps = isUpperCase(text) && element.fontFamily !== 'bebas-neue' ? 1.2 : 1;
  return size * GLYPH_WIDTH[element.fontFamily] * caps * (element.fontWeight === 700 ? 1.06 : 1) + element.letterSpacing;
}

/**
 * Characters that fit on one line of the element at `size`. The template's own text is known to fit on its
 * lines, so where the estimate says it would not, the estimate is scaled down to match.
 */
function lineCapacity(element: TextElement, text: string, size: number): number {
  const longest = Math.max(...element.text.split('\n').map((line) => Array.from(line).length));
  const calibration = Math.min(1, element.width / (longest * glyphWidth(element, element.text, element.fontSize)));
  return Math.max(1, Math.floor(element.width / (glyphWidth(element, text, size) * calibration * MARGIN)));
}

/** Lines the text wraps to at `capacity` characters a line (words, then characters for a longer word). */
function lineCount(text: string, capacity: number): number {
  let lines = 0;
  for (const paragraph of text.split('\n')) {
    lines++;
    // Characters on the current line; 0 is an empty line.
    let used = 0;
    for (const word of paragraph.split(' ')) {
      let length = Array.from(word).length;
      if (used > 0 && used + 1 + length <= capacity) {
        used += 1 + length;
        continue;
      }
      if (used > 0) lines++;
      for (; length > capacity; length -= capacity) lines++;
      used = length;
    }
  }
  return lines;
}

/**
 * The element with `text` in it, in the template's case, within the height the template's own text took:
 * shrunk (down to half) and wrapped onto more lines where that fits, else shortened at a word with "…". A
 * shrunk unrotated text moves down by half the height it gave up, so it stays centred where it was.
 */
export function fitText(element: TextElement, wanted: string): TextElement {
  let text = (isUpperCase(element.text) ? wanted.toUpperCase() : wanted).slice(0, DESIGN_LIMITS.maxTextLength);
  // The template's text is drawn on its own lines (one unless it breaks them itself).
  const room = element.text.split('\n').length * element.fontSize;
  const linesAt = (size: number) => Math.max(1, Math.floor(room / size + 1e-6));
  const fits = (candidate: string, size: number) => lineCount(candidate, lineCapacity(element, candidate, size)) <= linesAt(size);
  const smallest = Math.max(DESIGN_LIMITS.minFontSize, Math.round(element.fontSize * SMALLEST_SHARE));
  let size = element.fontSize;
  while (size > smallest && !fits(text, size)) size = Math.max(smallest, Math.round(size * 0.95));
  if (!fits(text, size)) {
    const words = text.split(' ');
    while (words.length > 1 && !fits(`${words.join(' ')}…`, size)) words.pop();
    text = `${words.join(' ')}…`;
    // A single word longer than the whole box is cut by characters.
    const characters = linesAt(size) * lineCapacity(element, text, size);
    if (Array.from(text).length > characters) text = `${Array.from(text).slice(0, Math.max(1, characters - 1)).join('')}…`;
  }
  const freed = (room - lineCount(text, lineCapacity(element, text, size)) * size) * element.lineHeight;
  return { ...element, text, fontSize: size, y: element.rotation === 0 && freed > 0 ? Math.round((element.y + freed / 2) * 100) / 100 : element.y };
}

function mapElements(elements: readonly DesignElement[], change: (element: DesignElement) => DesignElement): DesignElement[] {
  return elements.map((element) => {
    const changed = change(element);
    return changed.type === 'group' ? { ...changed, children: mapElements(changed.children, change) } : changed;
  });
}

/** Title into the "Title" text, the rest into "Subtitle" (where the template has one), the year into "Year". */
function placeText(document: DesignDocument, read: ReadDescription): DesignDocument {
  const wanted: Record<string, string> = {};
  if (read.title) wanted.Title = read.title;
  if (read.subtitle) wanted.Subtitle = read.subtitle;
  if (read.year) wanted.Year = read.year;
  return { ...document, elements: mapElements(document.elements, (element) => (element.type === 'text' && wanted[element.name] ? fitText(element, wanted[element.name]!) : element)) };
}

// ---------- suggestions ----------

/** About `count` designs for the description: the best-matching templates, then related and general ones. */
export function designFromDescription(description: string, options: DesignFromDescriptionOptions = {}): DesignSuggestion[] {
  const { kind = 'frame', count = 3, untitled = (template: DesignTemplate) => template.id } = options;
  const read = readDescription(description);
  const ranked = rankTemplates(read.words);
  const picked = ranked.filter((entry) => entry.score > 0).slice(0, count);
  // Too few themes named: more of the same categories, then general-purpose designs.
  const categories = new Set(picked.map((entry) => entry.template.category));
  const general = (id: string) => (GENERAL.includes(id) ? GENERAL.indexOf(id) : GENERAL.length);
  const fillers = ranked
    .filter((entry) => !picked.includes(entry))
    .sort((a, b) => Number(categories.has(b.template.category)) - Number(categories.has(a.template.category)) || general(a.template.id) - general(b.template.id) || a.order - b.order);
  const chosen = [...picked, ...fillers.map((entry) => ({ ...entry, matches: [] }))].slice(0, count);
  const name = (template: DesignTemplate) => (read.title || untitled(template)).slice(0, DESIGN_LIMITS.maxNameLength).trim();
  return chosen.map(({ template, matches }, index) => {
    const built = { ...template.build({ id: `suggestion-${index + 1}`, kind, name: name(template) }), updatedAt: PREVIEW_TIME };
    return { template, matches, document: placeText(recolourDesign(built, read.colours), read) };
  });
}
