import { useEffect, useState } from 'react';
import type { Pipeline } from '../../pipeline/index.ts';
import { usePipeline } from '../../pipeline/usePipeline.ts';
import { trackStages, type VisibleStage } from './supportStages.ts';

export type WarmState = 'loading' | 'ready' | 'failed';

/**
 * The page's pipeline (usePipeline), warmed at once so the models load while the supporter is still
 * choosing a photo. Also follows which stages are running, for the progress line.
 */
export function useSupportPipeline(): { pipeline: Pipeline | null; warm: WarmState; stages: VisibleStage[] } {
  const { pipeline } = usePipeline();
  const [stages, setStages] = useState<VisibleStage[]>([]);
  const [warm, setWarm] = useState<WarmState>('loading');

  useEffect(() => {
    if (!pipeline) return;
    let active = true;
    const stop = pipeline.onProgress((event) => setStages((running) => trackStages(running, event)));
    pipeline.warm().then(
      () => active && setWarm('ready'),
      (failure: unknown) => {
        if (!active) return;
        console.warn('The editor could not warm up', failure);
        setWarm('failed');
      },
    );
    return () => {
      active = false;
      stop();
    };
  }, [pipeline]);

  return { pipeline, warm, stages };
}
