/**
 * Zoom factor of one wheel event, the same on every canvas (photo adjuster, frame designer).
 *
 * - Mouse wheels: lines (deltaMode 1) count as 16 px and pages (deltaMode 2) as 800 px; a notch
 *   (≈ 100 px) zooms by about 16 %. One event is capped at ±300 px, so a fast trackpad fling cannot
 *   jump from the smallest to the largest zoom at once.
 * - Trackpad pinches arrive as wheel events with `ctrlKey` set and deltaY = −100·ln(scale)
 *   (Chromium, followed by Firefox), so exp(−deltaY / 100) keeps the picture under the fingers.
 *   Ctrl + a mouse wheel sets ctrlKey too: capping one event at ±15 px makes its notch zoom by the
 *   same 16 % as a plain notch, while pinch events (a few px each) pass unchanged.
 */
import { clamp } from './numbers.ts';

const LINE_PX = 16;
const PAGE_PX = 800;
const WHEEL_RATE = 0.0015;
const WHEEL_CAP_PX = 300;
const PINCH_RATE = 0.01;
/** 100 px × WHEEL_RATE / PINCH_RATE: a Ctrl + wheel notch zooms like a plain one. */
const PINCH_CAP_PX = 15;

/** A wheel delta in pixels, whatever unit (px, lines, pages) the device reported it in; panning uses it too. */
export function wheelPixels(delta: number, deltaMode = 0): number {
  return delta * (deltaMode === 1 ? LINE_PX : deltaMode === 2 ? PAGE_PX : 1);
}

export function wheelZoomFactor(deltaY: number, deltaMode = 0, ctrlKey = false): number {
  if (!Number.isFinite(deltaY)) return 1;
  const pixels = wheelPixels(deltaY, deltaMode);
  return ctrlKey ? Math.exp(-clamp(pixels, -PINCH_CAP_PX, PINCH_CAP_PX) * PINCH_RATE) : Math.exp(-clamp(pixels, -WHEEL_CAP_PX, WHEEL_CAP_PX) * WHEEL_RATE);
}
