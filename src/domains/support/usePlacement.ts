import { useCallback, useEffect, useRef, useState } from 'react';
import type { LoadedFrame, LoadedPhoto, PhotoTransform, Pipeline } from '../../pipeline/index.ts';
import type { SupportStep } from './useLatestStep.ts';

/** The photo in one hole of the frame and where it sits there. */
export interface HoleSlot {
  photo: LoadedPhoto;
  /** The picked file, kept on the device: what a later render without the watermark or at 2× starts from. */
  source: Blob;
  /** The automatic placement (what Reset goes back to). */
  auto: PhotoTransform;
  transform: PhotoTransform;
}

/** Photos placed in one of the campaign's frames, one slot per hole; proxy bitmaps stay in component state, never in a store. */
export interface Placed {
  frameIndex: number;
  frame: LoadedFrame;
  /** One per hole, in the frame's hole order. */
  slots: HoleSlot[];
}

type Step = (kind: SupportStep, work: () => Promise<void>) => Promise<void>;

const slotsOf = (photo: LoadedPhoto, source: Blob, autos: readonly PhotoTransform[]): HoleSlot[] => autos.map((auto) => ({ photo, source, auto, transform: auto }));
const photoIds = (placed: Placed | null) => placed?.slots.map((slot) => slot.photo.photoId).join(' ') ?? '';

/**
 * The supporter's photos and where they sit. Picking a photo (picker, drop, paste) puts it in every
 * hole, each with its own automatic placement (faces shared out between the holes);
 * `pickPhotoForHole` puts another photo in the edited hole only. Switching frames places the photos
 * again: each hole keeps its photo when the new frame has as many holes and they show different
 * photos (the supporter chose them hole by hole), else the first hole's photo goes into every hole,
 * as if it had just been picked. A photo no hole shows any more is released in the workers and its
 * proxy closed.
 */
export function usePlacement(pipeline: Pipeline | null, frameFor: (index: number) => Promise<LoadedFrame>, step: Step) {
  const [frameIndex, setFrameIndex] = useState(0);
  const [placed, setPlaced] = useState<Placed | null>(null);
  const [activeHole, setActiveHole] = useState(0);
  const active = placed ? Math.min(activeHole, placed.slots.length - 1) : 0;
  const latestPlaced = useRef(placed);
  useEffect(() => {
    latestPlaced.current = placed;
  }, [placed]);

  // Photos the stage stopped showing: free their pixels, once the stage shows what replaced them.
  const shown = useRef(new Map<string, LoadedPhoto>());
  useEffect(() => {
    const now = new Map(placed?.slots.map((slot) => [slot.photo.photoId, slot.photo]) ?? []);
    for (const [id, photo] of shown.current) {
      if (now.has(id)) continue;
      photo.proxy.close();
      pipeline?.release(id);
    }
    shown.current = now;
  }, [placed, pipeline]);
  useEffect(
    () => () => {
      for (const photo of shown.current.values()) photo.proxy.close();
      shown.current = new Map();
    },
    [],
  );

  const pickPhoto = useCallback(
    (file: File) => {
      if (!pipeline) return;
      const index = frameIndex;
      void step('photo', async () => {
        const frame = await frameFor(index);
        const photo = await pipeline.loadPhoto(file, { frame });
        const autos = photo.placements ?? (await pipeline.place(photo, frame));
        setPlaced({ frameIndex: index, frame, slots: slotsOf(photo, file, autos) });
      });
    },
    [frameFor, frameIndex, pipeline, step],
  );

  const discard = (photo: LoadedPhoto) => {
    photo.proxy.close();
    pipeline?.release(photo.photoId);
  };

  const pickPhotoForHole = (file: File) => {
    const current = placed;
    if (!pipeline || !current) return;
    const hole = active;
    void step('photo', async () => {
      // The other holes' photos stay in the workers; the one this hole showed goes unless another hole shows it too.
      const keep = current.slots.filter((_, index) => index !== hole).map((slot) => slot.photo.photoId);
      const photo = await pipeline.loadPhoto(file, { keep });
      const auto = await pipeline.placeInHole(photo, current.frame, hole).catch((failure: unknown) => {
        discard(photo);
        throw failure;
      });
      // Another frame or photo came meanwhile: this one has no hole to go to.
      if (latestPlaced.current?.frame !== current.frame) return discard(photo);
      setPlaced((latest) => latest && { ...latest, slots: latest.slots.map((slot, index) => (index === hole ? { photo, source: file, auto, transform: auto } : slot)) });
    });
  };

  const switchFrame = (index: number) => {
    setFrameIndex(index);
    const current = placed;
    if (!current || !pipeline) return;
    void step('frame', async () => {
      const frame = await frameFor(index);
      const photos = new Set(current.slots.map((slot) => slot.photo));
      let slots: HoleSlot[];
      if (photos.size > 1 && frame.regions.length === current.slots.length) {
        slots = await Promise.all(
          current.slots.map(async ({ photo, source }, hole) => {
            const auto = await pipeline.placeInHole(photo, frame, hole);
            return { photo, source, auto, transform: auto };
          }),
        );
      } else {
        const { photo, source } = current.slots[0]!;
        slots = slotsOf(photo, source, await pipeline.place(photo, frame));
      }
      setPlaced((latest) => (latest && photoIds(latest) === photoIds(current) ? { frameIndex: index, frame, slots } : latest));
    });
  };

  const setTransform = (hole: number, transform: PhotoTransform) =>
    setPlaced((latest) => (latest ? { ...latest, slots: latest.slots.map((slot, index) => (index === hole ? { ...slot, transform } : slot)) } : latest));

  return { placed, frameIndex, activeHole: active, setActiveHole, pickPhoto, pickPhotoForHole, switchFrame, setTransform };
}
