/**
 * The watermark: the Bingkai logo and a short text on a pill, in a corner or, with position
 * 'auto', where it covers the least of the picture (watermarkPlacement.ts).
 *
 *   loadWatermarkFont() → Promise<void>      await once per worker before drawing
 *   drawWatermark(ctx, spec: WatermarkSpec, size: Size) → void   draws over the finished picture in ctx
 *
 * 'auto' reads the picture under each candidate place, puts the pill on the calmest, and tones it
 * (dark or light, and how opaque) so its text keeps ≥ 4.5:1 against it (watermarkLegibility.ts).
 * When every place is busy, the mark goes on a strip along the bottom edge instead.
 * A corner position keeps the fixed see-through dark pill.
 *
 * Deterministic: the logo is vector paths, the text uses the bundled font (fonts/), sizes
 * derive from the output size only, so the same input gives the same pixels. Everything
 * scales with min(width, height), so a 2× output carries a 2× watermark.
 */
import { WATERMARK_FONT_FAMILY, loadWatermarkFont, watermarkFontLoaded } from './fonts/watermarkFont.ts';
import { AUTO_PLACES, chooseCalmest, measureRegion, placeBox } from './watermarkPlacement.ts';
import type { RegionStats } from './watermarkPlacement.ts';
import { PILL_MIN_ALPHA, legibleTone, toneColors } from './watermarkLegibility.ts';
import type { WatermarkTone } from './watermarkLegibility.ts';
import type { Rect, Size } from '../core/geometry.ts';
import { PipelineError } from '../core/pipelineTypes.ts';

export { loadWatermarkFont };

export type WatermarkPosition = 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right' | 'auto';

export interface WatermarkSpec {
  /** Already translated, e.g. "Made with Bingkai". */
  text: string;
  logo?: 'bingkai';
  position: WatermarkPosition;
}

export const WATERMARK_POSITIONS: readonly WatermarkPosition[] = ['top-left', 'top-right', 'bottom-left', 'bottom-right', 'auto'];
const MAX_TEXT_LENGTH = 80;
/** The fixed pill of the corner positions. */
const CORNER_TONE: WatermarkTone = { dark: true, alpha: PILL_MIN_ALPHA };
/** The strip lies over busy artwork: opaque enough that it reads as a band, not as noise behind the letters. */
const STRIP_MIN_ALPHA = 0.75;

function fail(message: string): never {
  throw new PipelineError('RENDER_FAILED', message);
}

/** The Bingkai mark in a 24-unit box: a rounded frame around a person's head and shoulders. */
function drawLogo(ctx: OffscreenCanvasRenderingContext2D, x: number, y: number, size: number): void {
  const u = size / 24;
  ctx.save();
  ctx.translate(x, y);
  ctx.scale(u, u);
  ctx.lineWidth = 2.4;
  ctx.lineJoin = 'round';
  ctx.beginPath();
  ctx.roundRect(1.2, 1.2, 21.6, 21.6, 5.5);
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(12, 9.6, 3.6, 0, Math.PI * 2);
  ctx.fill();
  ctx.beginPath();
  ctx.moveTo(5.6, 19.4);
  ctx.bezierCurveTo(6.4, 15.6, 9, 14.4, 12, 14.4);
  ctx.bezierCurveTo(15, 14.4, 17.6, 15.6, 18.4, 19.4);
  ctx.closePath();
  ctx.fill();
  ctx.restore();
}

export function validateWatermark(spec: WatermarkSpec): void {
  if (typeof spec.text !== 'string' || spec.text.length > MAX_TEXT_LENGTH) fail(`Watermark text must be a string of at most ${MAX_TEXT_LENGTH} characters.`);
  if (spec.logo !== undefined && spec.logo !== 'bingkai') fail(`Unknown watermark logo "${String(spec.logo)}".`);
  if (!WATERMARK_POSITIONS.includes(spec.position)) fail(`Unknown watermark position "${String(spec.position)}".`);
  if (!spec.text.trim() && !spec.logo) fail('A watermark needs a text or a logo.');
}

/** Sizes of the mark, from the output size and the measured text; ctx carries the font. */
function layoutMark(ctx: OffscreenCanvasRenderingContext2D, spec: WatermarkSpec, size: Size) {
  const text = spec.text.trim();
  const unit = Math.min(size.width, size.height) / 1080;
  const fontPx = Math.max(10, Math.round(30 * unit));
  ctx.font = `600 ${fontPx}px "${WATERMARK_FONT_FAMILY}"`;
  const padding = Math.round(fontPx * 0.75);
  const logoSize = spec.logo ? Math.round(fontPx * 1.15) : 0;
  const gap = spec.logo && text ? Math.round(fontPx * 0.4) : 0;
  const content = logoSize + gap + (text ? Math.ceil(ctx.measureText(text).width) : 0);
  const margin = Math.round(28 * unit);
  const pill = { width: padding * 2 + content, height: Math.round(fontPx * 1.9) };
  return {
    text, unit, padding, logoSize, gap, content, margin, pill,
    stripHeight: Math.round(fontPx * 1.6),
    // A long text on a narrow output shrinks the whole mark instead of leaving the picture.
    pillFit: Math.min(1, (size.width - 2 * margin) / pill.width),
    stripFit: Math.min(1, (size.width - 2 * margin) / content),
  };
}
type MarkLayout = ReturnType<typeof layoutMark>;

/** Logo and text, left edge at x = 0 and vertically centred on y = 0 of the current transform. */
function drawContent(ctx: OffscreenCanvasRenderingContext2D, spec: WatermarkSpec, mark: MarkLayout, ink: string): void {
  ctx.fillStyle = ink;
  ctx.strokeStyle = ink;
  if (spec.logo) drawLogo(ctx, 0, -mark.logoSize / 2, mark.logoSize);
  if (mark.text) ctx.fillText(mark.text, mark.logoSize + mark.gap, 0);
}

function drawPill(ctx: OffscreenCanvasRenderingContext2D, spec: WatermarkSpec, mark: MarkLayout, box: Rect, tone: WatermarkTone): void {
  const { fill, ink } = toneColors(tone);
  ctx.translate(box.x, box.y);
  ctx.scale(mark.pillFit, mark.pillFit);
  ctx.fillStyle = fill;
  ctx.beginPath();
  ctx.roundRect(0, 0, mark.pill.width, mark.pill.height, mark.pill.height / 2);
  ctx.fill();
  ctx.translate(mark.padding, mark.pill.height / 2);
  drawContent(ctx, spec, mark, ink);
}

function drawStrip(ctx: OffscreenCanvasRenderingContext2D, spec: WatermarkSpec, mark: MarkLayout, strip: Rect, tone: WatermarkTone): void {
  const { fill, ink } = toneColors(tone);
  ctx.fillStyle = fill;
  ctx.fillRect(strip.x, strip.y, strip.width, strip.height);
  ctx.translate((strip.width - mark.content * mark.stripFit) / 2, strip.y + strip.height / 2);
  ctx.scale(mark.stripFit, mark.stripFit);
  drawContent(ctx, spec, mark, ink);
}

/** What the picture holds under a box, read from ctx (the box is widened to whole pixels). */
function measure(ctx: OffscreenCanvasRenderingContext2D, box: Rect, size: Size, unit: number): RegionStats {
  const x0 = Math.max(0, Math.floor(box.x));
  const y0 = Math.max(0, Math.floor(box.y));
  const x1 = Math.min(size.width, Math.ceil(box.x + box.width));
  const y1 = Math.min(size.height, Math.ceil(box.y + box.height));
  return measureRegion(ctx.getImageData(x0, y0, Math.max(1, x1 - x0), Math.max(1, y1 - y0)), unit);
}

function drawAuto(ctx: OffscreenCanvasRenderingContext2D, spec: WatermarkSpec, mark: MarkLayout, size: Size): void {
  const scaled = { width: mark.pill.width * mark.pillFit, height: mark.pill.height * mark.pillFit };
  const boxes = AUTO_PLACES.map((place) => placeBox(place, scaled, size, mark.margin));
  const stats = boxes.map((box) => measure(ctx, box, size, mark.unit));
  const chosen = chooseCalmest(stats.map((s) => s.detail));
  const box = boxes[chosen];
  const under = stats[chosen];
  if (box && under) return drawPill(ctx, spec, mark, box, legibleTone(under));
  const strip = { x: 0, y: size.height - mark.stripHeight, width: size.width, height: mark.stripHeight };
  drawStrip(ctx, spec, mark, strip, legibleTone(measure(ctx, strip, size, mark.unit), STRIP_MIN_ALPHA));
}

export function drawWatermark(ctx: OffscreenCanvasRenderingContext2D, spec: WatermarkSpec, size: Size): void {
  validateWatermark(spec);
  if (!watermarkFontLoaded()) fail('The watermark font is not loaded; await loadWatermarkFont() first.');
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.globalAlpha = 1;
  ctx.globalCompositeOperation = 'source-over';
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  const mark = layoutMark(ctx, spec, size);
  if (spec.position === 'auto') drawAuto(ctx, spec, mark, size);
  else {
    const scaled = { width: mark.pill.width * mark.pillFit, height: mark.pill.height * mark.pillFit };
    drawPill(ctx, spec, mark, placeBox(spec.position, scaled, size, mark.margin), CORNER_TONE);
  }
  ctx.restore();
}
