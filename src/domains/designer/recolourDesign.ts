/**
 * Recolours a design towards named colours while keeping its contrast: the design's chromatic colours are
 * grouped by hue (largest painted area first), each group takes the hue and saturation of the next named
 * colour, and every colour keeps its own relative luminance. WCAG contrast depends on luminance only, so
 * white text on the main colour reads exactly as well after the change as before. Neutrals (white, black,
 * greys) and groups beyond the named colours stay as they are. Pure: no DOM, no canvas.
 */
import type { DesignDocument, DesignElement, DesignFill, DesignStroke } from '../../../contract/design.ts';

interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** Hues closer than this (degrees) belong to one group. */
const SAME_HUE = 40;
/** Below this spread between the strongest and weakest channel a colour counts as neutral. */
const NEUTRAL_CHROMA = 0.1;

const parseHex = (hex: string): Rgb => ({
  r: parseInt(hex.slice(1, 3), 16) / 255,
  g: parseInt(hex.slice(3, 5), 16) / 255,
  b: parseInt(hex.slice(5, 7), 16) / 255,
});

const toHex = ({ r, g, b }: Rgb): string =>
  `#${[r, g, b].map((channel) => Math.round(Math.min(1, Math.max(0, channel)) * 255).toString(16).padStart(2, '0')).join('')}`;

/** WCAG relative luminance of an sRGB colour. */
export function relativeLuminance(hex: string): number {
  const linear = (channel: number) => (channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4);
  const { r, g, b } = parseHex(hex);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Hue in degrees (0–360) and HSL saturation, or null for a neutral colour. */
export function hueOf(hex: string): { hue: number; saturation: number } | null {
  const { r, g, b } = parseHex(hex);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const chroma = max - min;
  if (chroma < NEUTRAL_CHROMA) return null;
  const lightness = (max + min) / 2;
  const saturation = chroma / (1 - Math.abs(2 * lightness - 1));
  const sector = max === r ? ((g - b) / chroma + 6) % 6 : max === g ? (b - r) / chroma + 2 : (r - g) / chroma + 4;
  return { hue: sector * 60, saturation };
}

function fromHsl(hue: number, saturation: number, lightness: number): Rgb {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const x = chroma * (1 - Math.abs(((hue / 60) % 2) - 1));
  const m = lightness - chroma / 2;
  const [r, g, b] = hue < 60 ? [chroma, x, 0] : hue < 120 ? [x, chroma, 0] : hue < 180 ? [0, chroma, x] : hue < 240 ? [0, x, chroma] : hue < 300 ? [x, 0, chroma] : [chroma, 0, x];
  return { r: r + m, g: g + m, b: b + m };
}

/** The colour of the given hue and saturation whose luminance is `luminance` (found by bisection on lightness). */
export function withLuminance(hue: number, saturation: number, luminance: number): string {
  let low = 0;
  let high = 1;
  for (let step = 0; step < 30; step++) {
    const middle = (low + high) / 2;
    if (relativeLuminance(toHex(fromHsl(hue, saturation, middle))) < luminance) low = middle;
    else high = middle;
  }
  return toHex(fromHsl(hue, saturation, (low + high) / 2));
}

const hueDistance = (a: number, b: number) => Math.min(Math.abs(a - b), 360 - Math.abs(a - b));

// ---------- the colours a design paints ----------

const fillColors = (fill: DesignFill | null): string[] => (!fill ? [] : fill.kind === 'solid' ? [fill.color] : fill.stops.map((stop) => stop.color));

/** Each colour an element paints with the area it covers: a fill its box, a stroke its outline, text about half its line box. */
function elementColors(element: DesignElement): { color: string; area: number }[] {
  if (element.type === 'group' || element.type === 'image' || element.hole) return [];
  const shown = (color: string, area: number) => ({ color, area: area * element.opacity });
  if (element.type === 'line') return [shown(element.color, element.width * element.height)];
  const height = element.type === 'text' ? element.fontSize * 0.5 : element.height;
  const fill = fillColors(element.fill);
  const outline = element.stroke ? [shown(element.stroke.color, 2 * (element.width + height) * element.stroke.width)] : [];
  return [...fill.map((color) => shown(color, (element.width * height) / fill.length)), ...outline];
}

function* paintedColors(elements: readonly DesignElement[]): Generator<{ color: string; area: number }> {
  for (const element of elements) {
    for (const { color, area } of elementColors(element)) yield { color: color.slice(0, 7).toLowerCase(), area };
    if (element.type === 'group') yield* paintedColors(element.children);
  }
}

/** Hue groups of the design's chromatic colours, largest painted area first. Exported for tests. */
export function hueGroups(document: DesignDocument): { hue: number; area: number; colors: string[] }[] {
  const areas = new Map<string, number>();
  const add = (color: string, area: number) => areas.set(color, (areas.get(color) ?? 0) + area);
  for (const color of fillColors(document.background)) add(color.slice(0, 7).toLowerCase(), (document.width * document.height) / Math.max(1, fillColors(document.background).length));
  for (const { color, area } of paintedColors(document.elements)) add(color, area);
  const groups: { hue: number; area: number; colors: string[] }[] = [];
  // Largest first, then by the colour itself, so equal areas always group the same way.
  const ordered = [...areas].sort(([a, areaA], [b, areaB]) => areaB - areaA || a.localeCompare(b));
  for (const [color, area] of ordered) {
    const hue = hueOf(color)?.hue;
    if (hue === undefined) continue;
    const group = groups.find((candidate) => hueDistance(candidate.hue, hue) <= SAME_HUE);
    if (group) {
      group.area += area;
      group.colors.push(color);
    } else {
      groups.push({ hue, area, colors: [color] });
    }
  }
  return groups.sort((a, b) => b.area - a.area);
}

// ---------- recolouring ----------

type Swap = (color: string) => string;

function swapFill(fill: DesignFill, swap: Swap): DesignFill {
  return fill.kind === 'solid' ? { ...fill, color: swap(fill.color) } : { ...fill, stops: fill.stops.map((stop) => ({ ...stop, color: swap(stop.color) })) };
}

function recolourElement(element: DesignElement, swap: Swap): DesignElement {
  const fill = (value: DesignFill | null) => value && swapFill(value, swap);
  const stroke = (value: DesignStroke | null) => (value ? { ...value, color: swap(value.color) } : value);
  switch (element.type) {
    case 'group':
      return { ...element, children: element.children.map((child) => recolourElement(child, swap)) };
    case 'image':
      return element;
    case 'line':
      return { ...element, color: swap(element.color) };
    case 'text':
      return { ...element, fill: swapFill(element.fill, swap), stroke: stroke(element.stroke) };
    default:
      return { ...element, fill: fill(element.fill), stroke: stroke(element.stroke) };
  }
}

/**
 * The document with its hue groups moved to `targets` (#rrggbb, most important first); a neutral target
 * (it has no hue) is passed over. The same document and targets always give the same colours.
 */
export function recolourDesign(document: DesignDocument, targets: readonly string[]): DesignDocument {
  const chromatic = targets.flatMap((target) => {
    const hue = hueOf(target);
    return hue ? [hue] : [];
  });
  if (chromatic.length === 0) return document;
  const mapping = new Map<string, string>();
  hueGroups(document).forEach((group, index) => {
    const target = chromatic[index];
    if (!target) return;
    for (const color of group.colors) mapping.set(color, withLuminance(target.hue, target.saturation, relativeLuminance(color)));
  });
  // An #rrggbbaa colour keeps its alpha.
  const swap = (color: string) => {
    const next = mapping.get(color.slice(0, 7).toLowerCase());
    return next ? `${next}${color.slice(7)}` : color;
  };
  const background = document.background && swapFill(document.background, swap);
  return { ...document, background, elements: document.elements.map((element) => recolourElement(element, swap)) };
}
