import { connectionAllowsPrefetch, whenIdle } from '../../lib/whenIdle.ts';

let started = false;

/**
 * Starts the pipeline's workers and has them load their models and wasm, then lets them go: the support page starts
 * its own pipeline, which then finds them in the HTTP and code caches. Only the pipeline is imported: its work runs in
 * the workers, whereas the support page's chunk (the editor, Konva) would be evaluated on this page's main thread.
 */
async function warmPipeline(signal: AbortSignal): Promise<void> {
  const { createPipeline, pipelineSupported } = await import('../../pipeline/index.ts');
  if (signal.aborted || !pipelineSupported()) return;
  const pipeline = createPipeline();
  // Leaving the page stops it: the support page's own pipeline must not share the device with a second one.
  signal.addEventListener('abort', () => pipeline.dispose(), { once: true });
  await pipeline.warm().finally(() => pipeline.dispose());
}

/**
 * Makes the support page open warm from the campaign page: once the page is idle (after load, tab visible), warms
 * the pipeline. It arrives by dynamic import, so the campaign page's own JavaScript does not grow; skipped on
 * save-data and 2G connections, and done once per page load. The returned function, for when the campaign page
 * goes, cancels a warm-up not yet started and stops one under way.
 */
export function warmSupportPage(warm: (signal: AbortSignal) => Promise<void> = warmPipeline): () => void {
  if (started || !connectionAllowsPrefetch()) return () => {};
  const controller = new AbortController();
  const cancelIdle = whenIdle(() => {
    if (started) return;
    started = true;
    // Warming is a head start; the support page loads the same code and reports its own errors.
    warm(controller.signal).catch((error: unknown) => console.warn('Could not warm the support page', error));
  });
  return () => {
    cancelIdle();
    controller.abort();
  };
}
