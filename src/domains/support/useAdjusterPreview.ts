import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { isPipelineError, type OutputFormat, type PictureOptions, type Pipeline } from '../../pipeline/index.ts';
import { pictureKey } from './supportPicture.ts';

interface Job {
  key: string;
  picture: PictureOptions;
  scale: number;
  format: OutputFormat;
}

/**
 * The adjuster's preview: the worker composites the committed picture from the photos' proxies at `scale`
 * (the size it is shown at) with the same compositor as the result, flattened as the result's `format` will
 * be, so what the supporter sees is what they download. One preview runs at a time and only the newest picture waits, so a quick series of changes
 * costs one or two composites. Null until the preview of the current picture has arrived.
 */
export function useAdjusterPreview(pipeline: Pipeline | null, picture: PictureOptions | null, scale: number, format: OutputFormat): ImageBitmap | null {
  const key = picture && scale > 0 ? `${format} ${pictureKey(picture, scale)}` : null;
  const [shown, setShown] = useState<{ key: string; bitmap: ImageBitmap } | null>(null);
  const queue = useRef<{ running: boolean; wanted: Job | null; alive: boolean }>({ running: false, wanted: null, alive: true });
  const latestPicture = useRef(picture);
  useLayoutEffect(() => {
    latestPicture.current = picture;
  });

  useEffect(() => {
    const state = queue.current;
    state.alive = true;
    return () => {
      state.alive = false;
    };
  }, []);

  useEffect(() => {
    const picture = latestPicture.current;
    if (!pipeline || !picture || key === null) return;
    const state = queue.current;
    state.wanted = { key, picture, scale, format };
    const run = () => {
      const job = state.wanted;
      if (state.running || !job) return;
      state.wanted = null;
      state.running = true;
      pipeline
        .preview({ ...job.picture, scale: job.scale, format: job.format })
        .then(
          (bitmap) => {
            if (state.alive) setShown({ key: job.key, bitmap });
            else bitmap.close();
          },
          (error: unknown) => {
            // A photo replaced meanwhile, or a worker restarting: the next picture asks again; the stage shows its live nodes.
            if (!isPipelineError(error, 'CANCELLED')) console.warn('The preview could not be composed', error);
          },
        )
        .finally(() => {
          state.running = false;
          run();
        });
    };
    run();
  }, [pipeline, key, scale, format]);

  // A replaced preview's pixels are freed once the stage shows the next one.
  useEffect(() => () => shown?.bitmap.close(), [shown]);

  return shown && shown.key === key ? shown.bitmap : null;
}
