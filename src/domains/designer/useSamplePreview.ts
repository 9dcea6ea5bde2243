import { useEffect, useMemo, useRef, useState } from 'react';
import type { DesignDocument, LeafElement } from '../../../contract/design.ts';
import { elementSize } from '../../../core/design/designRender.ts';
import { FACE_SAMPLE_URLS, faceSample } from '../create/public.ts';
import { autoPlace, isPipelineError, photoToFrameMatrix, type FaceBox, type Pipeline } from '../../pipeline/index.ts';
import type { Rect, Size } from '../../../core/geometry.ts';
import type { DesignUnderlay } from './DesignCanvas.tsx';
import { holeBounds } from './holeBounds.ts';
import { boxSize, type MeasureElement } from './measureElement.ts';

/** What DesignCanvas draws under the design: `image` at width × height, mapped by `matrix` (image px → document px). */
export type SampleUnderlay = DesignUnderlay;

export interface LoadedSample {
  /** The preview copy (≤ 1280 px) the canvas draws. */
  image: ImageBitmap | HTMLCanvasElement;
  /** Working-image size: the space of `faces`. */
  size: Size;
  faces: FaceBox[];
}

export type SamplePreviewStatus = 'off' | 'loading' | 'failed' | 'no-hole' | 'ready';

export interface SamplePreviewOptions {
  /** Null while it starts (or where it cannot run: the caller says so). */
  pipeline: Pipeline | null;
  document: DesignDocument;
  enabled: boolean;
  /** Index into FACE_SAMPLE_URLS. */
  sample: number;
}

/**
 * The face sample placed into the design's largest hole, as the supporter's photo will be: decoded
 * and its faces found once through the pipeline, then placed with the same autoPlace the support
 * flow uses. Faces and placement are in working-image pixels; the canvas draws the smaller proxy, so
 * the matrix takes proxy pixels (scaled up to working pixels) to document pixels.
 */
export function sampleUnderlay(sample: LoadedSample, hole: Rect): SampleUnderlay {
  const transform = autoPlace({ photo: sample.size, faces: sample.faces, hole });
  const m = photoToFrameMatrix(transform, sample.size);
  const kx = sample.size.width / sample.image.width;
  const ky = sample.size.height / sample.image.height;
  return { image: sample.image, width: sample.image.width, height: sample.image.height, matrix: { a: m.a * kx, b: m.b * kx, c: m.c * ky, d: m.d * ky, e: m.e, f: m.f } };
}

let measureContext: CanvasRenderingContext2D | null | undefined;
/** Text holes need their laid-out height: measured on a scratch canvas, like the renderer does. */
const measure: MeasureElement = (element: LeafElement) => {
  if (element.type !== 'text') return boxSize(element);
  measureContext ??= typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  return measureContext ? elementSize(measureContext, element) : boxSize(element);
};

/** How many times a load cancelled by another photo load of the same pipeline (the form's preview) is retried. */
const CANCEL_RETRIES = 3;

export function useSamplePreview({ pipeline, document, enabled, sample }: SamplePreviewOptions): { underlay: SampleUnderlay | null; status: SamplePreviewStatus } {
  const [loaded, setLoaded] = useState<ReadonlyMap<number, LoadedSample | 'failed'>>(new Map());
  /** Samples loading or loaded (a failure may be retried by a later render). */
  const started = useRef(new Set<number>());
  const settled = useRef(new Set<number>());
  const bitmaps = useRef<ImageBitmap[]>([]);

  useEffect(() => {
    if (!enabled || !pipeline || started.current.has(sample)) return;
    const url = FACE_SAMPLE_URLS[sample];
    if (!url) return;
    const { current: starts } = started;
    const { current: done } = settled;
    starts.add(sample);
    const controller = new AbortController();
    const settle = (value: LoadedSample | 'failed') => {
      if (value !== 'failed') done.add(sample);
      setLoaded((map) => new Map(map).set(sample, value));
    };
    void (async () => {
      for (let attempt = 0; attempt <= CANCEL_RETRIES; attempt++) {
        try {
          const photo = await pipeline.loadPhoto(await faceSample(url, controller.signal), { signal: controller.signal });
          if (controller.signal.aborted) return photo.proxy.close();
          bitmaps.current.push(photo.proxy);
          return settle({ image: photo.proxy, size: photo.size, faces: photo.faces });
        } catch (error) {
          if (controller.signal.aborted) return;
          if (isPipelineError(error, 'CANCELLED') && attempt < CANCEL_RETRIES) continue;
          console.warn('The sample photo of the design preview failed', error);
          return settle('failed');
        }
      }
    })();
    return () => {
      controller.abort();
      // Not loaded: a later render may start it again.
      if (!done.has(sample)) starts.delete(sample);
    };
  }, [enabled, pipeline, sample]);

  useEffect(() => {
    const owned = bitmaps.current;
    return () => {
      for (const bitmap of owned) bitmap.close();
      owned.length = 0;
    };
  }, []);

  const hole = holeBounds(document, measure);
  // Same hole, same underlay object: the canvas redraws the photo only when the hole moves.
  const holeKey = hole ? `${hole.x},${hole.y},${hole.width},${hole.height}` : '';
  const current = loaded.get(sample);
  const underlay = useMemo(() => {
    if (!current || current === 'failed' || !holeKey) return null;
    const [x = 0, y = 0, width = 0, height = 0] = holeKey.split(',').map(Number);
    return sampleUnderlay(current, { x, y, width, height });
  }, [current, holeKey]);

  let status: SamplePreviewStatus;
  if (!enabled) status = 'off';
  else if (current === 'failed') status = 'failed';
  else if (!current) status = 'loading';
  else status = hole ? 'ready' : 'no-hole';
  return { underlay: enabled ? underlay : null, status };
}
