import { useEffect, useMemo, useRef, useState } from 'react';
import type { DesignDocument, LeafElement } from '../../../contract/design.ts';
import { elementSize } from '../../../core/design/designRender.ts';
import { FACE_SAMPLE_URLS, faceSample } from '../create/public.ts';
import { autoPlace, isPipelineError, photoToFrameMatrix, type FaceBox, type Pipeline } from '../../pipeline/index.ts';
import { assignFaces } from '../../../core/faceAssignment.ts';
import type { Size } from '../../../core/geometry.ts';
import type { DesignUnderlay } from './DesignCanvas.tsx';
import { holePlaces, type HolePlace } from './holePlaces.ts';
import { boxSize, type MeasureElement } from './measureElement.ts';

/** What DesignCanvas draws under the design: `image` at width × height, mapped by `matrix` (image px → document px), clipped to `clip`. */
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
 * The face sample placed into every hole of the design, as the supporter's photo will be: decoded and its
 * faces found once through the pipeline, shared out between the holes (core/faceAssignment.ts: one face
 * each when there are enough, else the same photo in every hole), and placed with the same autoPlace the
 * support flow uses, covering the hole's bounds with the faces in its body. Each underlay is clipped to its
 * hole's bounds, so one hole's photo does not show in another. Faces and placement are in working-image
 * pixels; the canvas draws the smaller proxy, so the matrix takes proxy pixels (scaled up to working
 * pixels) to document pixels.
 */
export function sampleUnderlays(sample: LoadedSample, holes: readonly HolePlace[]): SampleUnderlay[] {
  const shares = assignFaces(sample.faces, holes.map((hole) => hole.bounds));
  const kx = sample.size.width / sample.image.width;
  const ky = sample.size.height / sample.image.height;
  return holes.map(({ bounds, body }, index) => {
    const transform = autoPlace({ photo: sample.size, faces: shares[index] ?? [], hole: bounds, body });
    const m = photoToFrameMatrix(transform, sample.size);
    return { image: sample.image, width: sample.image.width, height: sample.image.height, matrix: { a: m.a * kx, b: m.b * kx, c: m.c * ky, d: m.d * ky, e: m.e, f: m.f }, clip: bounds };
  });
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

const NONE: readonly SampleUnderlay[] = [];

export function useSamplePreview({ pipeline, document, enabled, sample }: SamplePreviewOptions): { underlays: readonly SampleUnderlay[]; status: SamplePreviewStatus } {
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

  // Same holes, same underlay objects: the canvas redraws the photos only when a hole changes.
  const places = holePlaces(document, measure);
  const holesKey = JSON.stringify(places);
  const current = loaded.get(sample);
  const underlays = useMemo(() => {
    const holes = JSON.parse(holesKey) as HolePlace[];
    return !current || current === 'failed' || holes.length === 0 ? NONE : sampleUnderlays(current, holes);
  }, [current, holesKey]);

  let status: SamplePreviewStatus;
  if (!enabled) status = 'off';
  else if (current === 'failed') status = 'failed';
  else if (!current) status = 'loading';
  else status = places.length > 0 ? 'ready' : 'no-hole';
  return { underlays: enabled ? underlays : NONE, status };
}
