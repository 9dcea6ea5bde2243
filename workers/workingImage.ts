/**
 * A photo's working pixels (the ones a result is drawn from), decoded after its proxy and only as
 * large as the output needs.
 *
 *   createWorkingImage(file, source, size, decoded?) → WorkingImage
 *   workingSideFor(size, pxPerPhotoPx) → number   the longest side a draw at that scale needs
 *
 * `size` is the nominal working size (the photo fitted within LIMITS.workingMaxSide): faces and
 * transforms are in its pixels whatever the held pixels' size, so a larger decode (a zoom past
 * what the first one covers) changes no coordinate. A JPEG (`source` from decodeProxyFirst) is
 * decoded at the smallest n/8 size that covers the request (decodeWorkingJpeg); a photo decoded
 * whole (`decoded`, every other format) is held at its nominal size and never decoded again.
 */
import { decodeWorkingJpeg, workingDecodeSize, type PhotoSource } from './decode.ts';
import type { Size } from '../core/geometry.ts';
import { PipelineError } from '../core/pipelineTypes.ts';

/** What decodes the working pixels; the test worker wraps it to hold decodes back and see their sizes (workers/testing/workingDecodes.ts). */
export const workingDecoder = { decode: decodeWorkingJpeg };

export interface WorkingImage {
  /** Starts a decode reaching `side` (longest side) if none held or under way does; its error waits for atLeast. */
  prefetch(side: number): void;
  /** Pixels whose longest side reaches min(side, the nominal longest side), decoded now if needed. */
  atLeast(side: number): Promise<ImageBitmap>;
  close(): void;
}

/**
 * The longest side of working pixels that a draw at `pxPerPhotoPx` output px per nominal px needs:
 * never more than the nominal size (the result is then upscaled, as before). Two pixels more keep
 * the resampling filter's support at the edge.
 */
export function workingSideFor(size: Size, pxPerPhotoPx: number): number {
  const nominal = Math.max(size.width, size.height);
  return Math.min(nominal, Math.ceil(nominal * Math.min(1, Math.max(0, pxPerPhotoPx))) + 2);
}

export function createWorkingImage(file: Blob, source: PhotoSource | null, size: Size, decoded?: ImageBitmap): WorkingImage {
  const nominal = Math.max(size.width, size.height);
  /** Every decode asked for, largest last; smaller ones stay open until close(), as a composite may still draw them. */
  const held: { side: number; pixels: Promise<ImageBitmap> }[] = decoded ? [{ side: nominal, pixels: Promise.resolve(decoded) }] : [];
  let closed = false;

  function atLeast(side: number): Promise<ImageBitmap> {
    if (closed) return Promise.reject(new PipelineError('CANCELLED', 'The photo was released'));
    const wanted = Math.max(1, Math.min(nominal, Math.ceil(side)));
    const enough = held.find((entry) => entry.side >= wanted);
    if (enough) return enough.pixels;
    if (!source?.upright) return Promise.reject(new PipelineError('RENDER_FAILED', 'The photo has no working image'));
    const made = workingDecodeSize(source.upright, wanted, nominal);
    const entry = {
      // What the decode was asked for, not its pixels: at the nominal size, the decoder's n/8 size may be a little under it.
      side: Math.max(made.width, made.height),
      pixels: workingDecoder.decode(file, source, wanted, nominal).then((bitmap) => {
        if (!closed) return bitmap;
        bitmap.close();
        throw new PipelineError('CANCELLED', 'The photo was released');
      }),
    };
    held.push(entry);
    // A failed decode is forgotten, so that the next request tries again.
    entry.pixels.catch(() => {
      const index = held.indexOf(entry);
      if (index >= 0) held.splice(index, 1);
    });
    return entry.pixels;
  }

  return {
    prefetch: (side) => void atLeast(side).catch(() => undefined),
    atLeast,
    close() {
      closed = true;
      for (const { pixels } of held.splice(0)) void pixels.then((bitmap) => bitmap.close(), () => undefined);
    },
  };
}
