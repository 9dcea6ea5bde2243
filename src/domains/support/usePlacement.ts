import { useCallback, useEffect, useState } from 'react';
import type { LoadedFrame, LoadedPhoto, PhotoTransform, Pipeline } from '../../pipeline/index.ts';
import type { SupportStep } from './useLatestStep.ts';

/** A photo placed in one of the campaign's frames; the proxy bitmap stays in component state, never in a store. */
export interface Placed {
  photo: LoadedPhoto;
  frameIndex: number;
  frame: LoadedFrame;
  auto: PhotoTransform;
  transform: PhotoTransform;
}

type Step = (kind: SupportStep, work: () => Promise<void>) => Promise<void>;

/**
 * The supporter's photo and where it sits: picking a photo loads and places it in the chosen frame,
 * switching frames places it again, the adjuster moves it. `frameIndex` is the chosen frame.
 */
export function usePlacement(pipeline: Pipeline | null, frameFor: (index: number) => Promise<LoadedFrame>, step: Step) {
  const [frameIndex, setFrameIndex] = useState(0);
  const [placed, setPlaced] = useState<Placed | null>(null);

  // The bitmap of a replaced photo is released once the stage shows the new one.
  const proxy = placed?.photo.proxy;
  useEffect(() => () => proxy?.close(), [proxy]);

  const pickPhoto = useCallback(
    (file: File) => {
      if (!pipeline) return;
      const index = frameIndex;
      void step('photo', async () => {
        const frame = await frameFor(index);
        const photo = await pipeline.loadPhoto(file, { frame });
        const auto = photo.transform ?? (await pipeline.place(photo, frame));
        setPlaced({ photo, frameIndex: index, frame, auto, transform: auto });
      });
    },
    [frameFor, frameIndex, pipeline, step],
  );

  const switchFrame = (index: number) => {
    setFrameIndex(index);
    const current = placed;
    if (!current || !pipeline) return;
    void step('frame', async () => {
      const frame = await frameFor(index);
      const auto = await pipeline.place(current.photo, frame);
      setPlaced((latest) => (latest && latest.photo === current.photo ? { ...latest, frameIndex: index, frame, auto, transform: auto } : latest));
    });
  };

  const setTransform = (transform: PhotoTransform) => setPlaced((latest) => (latest ? { ...latest, transform } : latest));

  return { placed, frameIndex, pickPhoto, switchFrame, setTransform };
}
