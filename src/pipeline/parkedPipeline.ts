import type { Pipeline } from './pipelineApi.ts';

/** How long a parked pipeline waits for a page to take it before its workers are stopped. */
export const PARK_TTL_MS = 10_000;

let parked: { pipeline: Pipeline; timer: ReturnType<typeof setTimeout> } | null = null;

/**
 * Hands a started (warming or warm) pipeline to the next page that needs one: the campaign page warms the
 * workers and models while the visitor reads, and the support page takes them over instead of starting its
 * own (usePipeline). One pipeline is parked at a time; one nobody takes within `ttlMs` is disposed, so a
 * visitor who goes elsewhere does not keep the workers.
 */
export function parkPipeline(pipeline: Pipeline, ttlMs: number = PARK_TTL_MS): void {
  if (parked?.pipeline === pipeline) return;
  disposeParkedPipeline();
  const timer = setTimeout(() => {
    if (parked?.pipeline !== pipeline) return;
    parked = null;
    pipeline.dispose();
  }, ttlMs);
  parked = { pipeline, timer };
}

/** The parked pipeline, now the caller's to dispose; null when none is parked. */
export function takeParkedPipeline(): Pipeline | null {
  if (!parked) return null;
  const { pipeline, timer } = parked;
  clearTimeout(timer);
  parked = null;
  return pipeline;
}

/** Stops the parked pipeline, if any (nobody will take it). */
export function disposeParkedPipeline(): void {
  takeParkedPipeline()?.dispose();
}
