import type { OutputFormat } from '../../pipeline/index.ts';
import type { ResultRecipe } from './resultRecipe.ts';

/**
 * The rendered result, handed from /:uri/support to /:uri/result. It lives in memory only (a Blob is
 * not serializable, and the photo must never be persisted): a reload of the result page goes back to
 * the support flow. (Only a one-off payment for the result without the watermark keeps its recipe, on this
 * device, across the round trip to the provider: src/domains/credits/pendingResultDb.ts.)
 */
export interface SupportResultData {
  uri: string;
  blob: Blob;
  /** Download name built from the campaign (core/resultFileName.ts). */
  fileName: string;
  format: OutputFormat;
  width: number;
  height: number;
  frameId: string;
  watermarked: boolean;
  /** How to render it again on this device (without the watermark, at 2×), and its key for the server. */
  recipe?: ResultRecipe;
}

let current: SupportResultData | null = null;

export function setSupportResult(result: SupportResultData): void {
  current = result;
}

/** The result for this campaign, or null when there is none (or it belongs to another campaign). */
export function getSupportResult(uri: string): SupportResultData | null {
  return current && current.uri === uri ? current : null;
}

export function clearSupportResult(): void {
  current = null;
}
