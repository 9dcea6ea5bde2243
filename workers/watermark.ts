/**
 * The watermark: a semi-transparent pill in a corner with the Bingkai logo and a short text.
 *
 *   loadWatermarkFont() → Promise<void>      await once per worker before drawing
 *   drawWatermark(ctx, spec: WatermarkSpec, size: Size) → void
 *
 * Deterministic: the logo is vector paths, the text uses the bundled font (fonts/), sizes
 * derive from the output size only, so the same input gives the same pixels. Everything
 * scales with min(width, height), so a 2× output carries a 2× watermark.
 */
import { WATERMARK_FONT_FAMILY, loadWatermarkFont, watermarkFontLoaded } from './fonts/watermarkFont.ts';
import type { Size } from '../core/geometry.ts';
import { PipelineError } from '../core/pipelineTypes.ts';

export { loadWatermarkFont };

export type WatermarkPosition = 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right';

export interface WatermarkSpec {
  /** Already translated, e.g. "Made with Bingkai". */
  text: string;
  logo?: 'bingkai';
  position: WatermarkPosition;
}

export const WATERMARK_POSITIONS: readonly WatermarkPosition[] = ['top-left', 'top-right', 'bottom-left', 'bottom-right'];
const MAX_TEXT_LENGTH = 80;

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

export function drawWatermark(ctx: OffscreenCanvasRenderingContext2D, spec: WatermarkSpec, size: Size): void {
  validateWatermark(spec);
  if (!watermarkFontLoaded()) fail('The watermark font is not loaded; await loadWatermarkFont() first.');
  const text = spec.text.trim();
  const unit = Math.min(size.width, size.height) / 1080;
  const fontPx = Math.max(10, Math.round(30 * unit));
  const height = Math.round(fontPx * 1.9);
  const padding = Math.round(fontPx * 0.75);
  const logoSize = spec.logo ? Math.round(fontPx * 1.15) : 0;
  const gap = spec.logo && text ? Math.round(fontPx * 0.4) : 0;
  const margin = Math.round(28 * unit);

  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.globalAlpha = 1;
  ctx.globalCompositeOperation = 'source-over';
  ctx.font = `600 ${fontPx}px "${WATERMARK_FONT_FAMILY}"`;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  const textWidth = text ? Math.ceil(ctx.measureText(text).width) : 0;
  const width = padding * 2 + logoSize + gap + textWidth;
  // A long text on a narrow output shrinks the whole pill instead of leaving the picture.
  const fit = Math.min(1, (size.width - 2 * margin) / width);
  const left = spec.position.endsWith('left') ? margin : size.width - margin - width * fit;
  const top = spec.position.startsWith('top') ? margin : size.height - margin - height * fit;
  ctx.translate(left, top);
  ctx.scale(fit, fit);

  ctx.fillStyle = 'rgba(0, 0, 0, 0.45)';
  ctx.beginPath();
  ctx.roundRect(0, 0, width, height, height / 2);
  ctx.fill();

  ctx.fillStyle = 'rgba(255, 255, 255, 0.95)';
  ctx.strokeStyle = 'rgba(255, 255, 255, 0.95)';
  if (spec.logo) drawLogo(ctx, padding, (height - logoSize) / 2, logoSize);
  if (text) ctx.fillText(text, padding + logoSize + gap, height / 2);
  ctx.restore();
}
