import { connectionAllowsPrefetch, whenIdle } from '../../lib/whenIdle.ts';

let started = false;

/**
 * Starts the pipeline's workers and has them load their models and wasm. When the campaign page goes, the pipeline
 * is parked (src/pipeline/parkedPipeline.ts): the support page takes it over, warm or still warming, instead of
 * starting its own; nobody else does, so it is stopped soon after. Only the pipeline is imported: its work runs in
 * the workers, whereas the support page's chunk (the editor, Konva) would be evaluated on this page's main thread.
 */
async function warmPipeline(signal: AbortSignal): Promise<void> {
  const { createPipeline, parkPipeline, pipelineSupported } = await import('../../pipeline/index.ts');
  if (signal.aborted || !pipelineSupported()) return;
  const pipeline = createPipeline();
  const handOver = () => parkPipeline(pipeline);
  signal.addEventListener('abort', handOver, { once: true });
  await pipeline.warm().catch((error: unknown) => {
    // A failed warm-up hands nothing over: the support page starts afresh and reports its own errors.
    signal.removeEventListener('abort', handOver);
    pipeline.dispose();
    throw error;
  });
}

/** Starts the warm-up of the campaign page on screen at once (warmSupportPageNow); null when there is none to start. */
let startNow: (() => void) | null = null;

/**
 * Makes the support page open warm from the campaign page: once the page is idle (after load, tab visible), warms
 * the pipeline, or sooner when the visitor heads for the support page (warmSupportPageNow). It arrives by dynamic
 * import, so the campaign page's own JavaScript does not grow; skipped on save-data and 2G connections, and done
 * once per page load. The returned function, for when the campaign page goes, cancels a warm-up not yet started
 * and hands one started over (see warmPipeline).
 */
export function warmSupportPage(warm: (signal: AbortSignal) => Promise<void> = warmPipeline): () => void {
  if (started || !connectionAllowsPrefetch()) return () => {};
  const controller = new AbortController();
  let cancelIdle = () => {};
  const start = () => {
    cancelIdle();
    if (started) return;
    started = true;
    // Warming is a head start; the support page loads the same code and reports its own errors.
    warm(controller.signal).catch((error: unknown) => console.warn('Could not warm the support page', error));
  };
  cancelIdle = whenIdle(start);
  startNow = start;
  return () => {
    cancelIdle();
    controller.abort();
    if (startNow === start) startNow = null;
  };
}

/**
 * The visitor is heading for the support page (a pointer over or down on its link, or the focus on it): warm now
 * instead of waiting for an idle moment, so the workers start while the support page's code loads.
 */
export function warmSupportPageNow(): void {
  startNow?.();
}
