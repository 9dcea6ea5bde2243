/**
 * Keeps the watermark readable on whatever it sits on: WCAG contrast, and the pill's tone
 * (dark pill with light text, or light pill with dark text) and opacity.
 *
 *   relativeLuminance(rgb) → 0..1                WCAG 2 relative luminance of an sRGB colour
 *   contrastRatio(a, b) → 1..21                  WCAG 2 contrast ratio
 *   legibleTone(under, minAlpha) → WatermarkTone  a tone that suits the picture, opaque enough for ≥ 4.5:1
 *   toneColors(tone) → { fill, ink }              CSS colours of the pill and of its text
 *
 * Canvas blends 8-bit sRGB values, so the pill over a pixel u is a·P + (1 − a)·u per channel,
 * and the text over the pill is TEXT_ALPHA·ink + (1 − TEXT_ALPHA)·pill. Checking that against
 * the brightest (dark pill) or darkest (light pill) colour under the mark bounds every pixel.
 */

export type Rgb = readonly [number, number, number];

/** WCAG 2 AA for normal text. */
export const MIN_CONTRAST = 4.5;
/** Aimed a little above MIN_CONTRAST so 8-bit rounding of the blend never drops under it. */
const TARGET_CONTRAST = MIN_CONTRAST + 0.1;
export const TEXT_ALPHA = 0.95;
/** Today's pill: on a dark or mid-tone picture it stays this see-through. */
export const PILL_MIN_ALPHA = 0.45;
const ALPHA_STEP = 0.05;

export interface WatermarkTone {
  /** Dark pill with light text, or light pill with dark text. */
  dark: boolean;
  /** Opacity of the pill (or strip), 0..1. */
  alpha: number;
}

/** The colours under the mark: their mean, and their extremes channel by channel. */
export interface ColorRange {
  mean: Rgb;
  min: Rgb;
  max: Rgb;
}

function linear(channel: number): number {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

export function relativeLuminance([r, g, b]: Rgb): number {
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

export function contrastRatio(a: Rgb, b: Rgb): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

function blend(top: number, alpha: number, under: Rgb): Rgb {
  return [top * alpha + under[0] * (1 - alpha), top * alpha + under[1] * (1 - alpha), top * alpha + under[2] * (1 - alpha)];
}

/** Contrast of the text against the pill, with the pill over `under`. */
function pillContrast(dark: boolean, alpha: number, under: Rgb): number {
  const pill = blend(dark ? 0 : 255, alpha, under);
  const text = blend(dark ? 255 : 0, TEXT_ALPHA, pill);
  return contrastRatio(pill, text);
}

/** The smallest opacity from minAlpha up, in steps of 0.05, that reaches the target; 1 at most. */
function alphaFor(dark: boolean, worst: Rgb, minAlpha: number): number {
  for (let step = 0; ; step++) {
    const alpha = Math.min(1, Math.round((minAlpha + step * ALPHA_STEP) * 100) / 100);
    if (alpha >= 1 || pillContrast(dark, alpha, worst) >= TARGET_CONTRAST) return alpha;
  }
}

/**
 * The tone is the one that needs the less opaque pill over the mean colour, so it suits the
 * picture (dark on a mid-grey one, as before 'auto'); its opacity then holds over the extreme
 * colour, so a bright line through a dark corner makes the dark pill darker rather than light.
 */
export function legibleTone(under: ColorRange, minAlpha = PILL_MIN_ALPHA): WatermarkTone {
  const dark = alphaFor(true, under.mean, minAlpha) <= alphaFor(false, under.mean, minAlpha);
  return { dark, alpha: alphaFor(dark, dark ? under.max : under.min, minAlpha) };
}

export function toneColors(tone: WatermarkTone): { fill: string; ink: string } {
  return tone.dark
    ? { fill: `rgba(0, 0, 0, ${tone.alpha})`, ink: `rgba(255, 255, 255, ${TEXT_ALPHA})` }
    : { fill: `rgba(255, 255, 255, ${tone.alpha})`, ink: `rgba(0, 0, 0, ${TEXT_ALPHA})` };
}
