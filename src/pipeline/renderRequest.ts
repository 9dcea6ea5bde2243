import type { BackgroundChoice, PersonMask, RenderRequest } from '../../core/pipelineTypes.ts';
import type { PictureOptions } from './pipelineApi.ts';
import type { WorkerResidency } from './workerResidency.ts';

const needsMask = (background: BackgroundChoice | undefined) => background !== undefined && background.kind !== 'keep';

/** The worker's request for a render or preview; the photos, their masks and the frame are made ready in the worker first. */
export async function renderRequest(residency: WorkerResidency, options: PictureOptions, outputScale: number, signal: AbortSignal | undefined): Promise<RenderRequest> {
  const { frame, slots, fill, background = { kind: 'keep' }, backgroundImage, frameType, watermark } = options;
  const photoIds = [...new Set(slots.map((slot) => slot.photoId))];
  const masks: Record<string, PersonMask> = {};
  if (needsMask(background)) for (const photoId of photoIds) masks[photoId] = await residency.personMask(photoId, signal);
  for (const photoId of photoIds) await residency.photoInImageWorker(photoId, signal);
  await residency.frameInImageWorker(frame.frameId, signal);
  return {
    frameId: frame.frameId,
    slots: slots.map(({ photoId, transform }) => ({ photoId, transform })),
    background,
    outputScale,
    ...(needsMask(background) ? { masks } : {}),
    ...(fill ? { fill } : {}),
    ...(backgroundImage ? { backgroundImage } : {}),
    ...(watermark ? { watermark } : {}),
    ...(frameType ? { frameType } : {}),
  };
}
