import type { Stats } from './types.ts';

/** Nearest-rank percentile of `values` (ms); NaN when empty. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export const stats = (values: number[]): Stats => ({ median: percentile(values, 50), p95: percentile(values, 95), runs: values.length });
