import { useEffect, useState } from 'react';
import { createPipeline, type Pipeline } from '../../pipeline/index.ts';
import { trackStages, type VisibleStage } from './supportStages.ts';

export type WarmState = 'loading' | 'ready' | 'failed';

/**
 * One pipeline per visit, disposed on leaving: models load while the supporter is still choosing
 * a photo. Also follows which stages are running, for the progress line.
 */
export function useSupportPipeline(): { pipeline: Pipeline | null; warm: WarmState; stages: VisibleStage[] } {
  const [pipeline, setPipeline] = useState<Pipeline | null>(null);
  const [stages, setStages] = useState<VisibleStage[]>([]);
  const [warm, setWarm] = useState<WarmState>('loading');

  useEffect(() => {
    const instance = createPipeline();
    let active = true;
    const stop = instance.onProgress((event) => setStages((running) => trackStages(running, event)));
    instance.warm().then(
      () => active && setWarm('ready'),
      (failure: unknown) => {
        if (!active) return;
        console.warn('The editor could not warm up', failure);
        setWarm('failed');
      },
    );
    // oxlint-disable-next-line react/set-state-in-effect -- publishing the workers the effect started
    setPipeline(instance);
    return () => {
      active = false;
      stop();
      instance.dispose();
      setPipeline(null);
    };
  }, []);

  return { pipeline, warm, stages };
}
