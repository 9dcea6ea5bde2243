import { useCallback, useEffect, useRef } from 'react';
import type { Campaign, CampaignFrame } from '../../../contract/campaign.ts';
import type { LoadedFrame, Pipeline } from '../../pipeline/index.ts';

interface Cache {
  pipeline: Pipeline | null;
  analyses: Map<string, Promise<LoadedFrame>>;
}

/**
 * The campaign's frames analysed in the pipeline, each once per pipeline (a failed analysis is
 * tried again next time). Every frame is analysed up front, so switching frames later only places
 * the photo. Returns the analysis of frames[index].
 */
export function useFrameCache(pipeline: Pipeline | null, frames: readonly CampaignFrame[], kind: Campaign['type']): (index: number) => Promise<LoadedFrame> {
  const cache = useRef<Cache>({ pipeline: null, analyses: new Map() });

  const frameFor = useCallback(
    (index: number): Promise<LoadedFrame> => {
      const frame = frames[index];
      if (!pipeline || !frame) return Promise.reject(new Error('The editor is not ready'));
      // A new pipeline holds none of the old one's frames.
      if (cache.current.pipeline !== pipeline) cache.current = { pipeline, analyses: new Map() };
      const { analyses } = cache.current;
      let analysis = analyses.get(frame.id);
      if (!analysis) {
        // The payload's holes (stored at upload) spare the analysis; a frame without any is analysed here.
        analysis = pipeline.analyzeFrame(frame.url, { kind, holes: frame.holes });
        // A failed analysis is tried again next time instead of being remembered.
        analysis.catch(() => analyses.delete(frame.id));
        analyses.set(frame.id, analysis);
      }
      return analysis;
    },
    [frames, pipeline, kind],
  );

  useEffect(() => {
    if (!pipeline) return;
    frames.forEach((_, index) => {
      frameFor(index).catch((failure: unknown) => console.warn('Frame analysis failed', failure));
    });
    // The campaign's frames do not change during a visit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pipeline]);

  return frameFor;
}
