/** Small number helpers shared by the design core and the app. */

/** `value` limited to [min, max]; a bound left out does not limit. NaN stays NaN. */
export function clamp(value: number, min = Number.NEGATIVE_INFINITY, max = Number.POSITIVE_INFINITY): number {
  return Math.min(max, Math.max(min, value));
}

/** `value` rounded to `decimals` places (3 by default: a thousandth of a pixel), so stored numbers stay short. */
export function tidy(value: number, decimals = 3): number {
  const scale = 10 ** decimals;
  return Math.round(value * scale) / scale;
}
