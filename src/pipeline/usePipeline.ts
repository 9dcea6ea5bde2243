import { useEffect, useState } from 'react';
import { createPipeline, pipelineSupported, type Pipeline } from './index.ts';
import { takeParkedPipeline } from './parkedPipeline.ts';

/**
 * One pipeline (its workers) for the page's lifetime; null where the browser cannot run it. A pipeline parked by
 * the page before (the campaign page's warm-up, parkedPipeline.ts) is taken over rather than a new one started.
 */
export function usePipeline(): { pipeline: Pipeline | null; supported: boolean } {
  const [supported] = useState(pipelineSupported);
  const [pipeline, setPipeline] = useState<Pipeline | null>(null);
  useEffect(() => {
    if (!supported) return;
    const instance = takeParkedPipeline() ?? createPipeline();
    // oxlint-disable-next-line react/set-state-in-effect -- publishing the workers the effect started
    setPipeline(instance);
    return () => {
      instance.dispose();
      setPipeline(null);
    };
  }, [supported]);
  return { pipeline, supported };
}
