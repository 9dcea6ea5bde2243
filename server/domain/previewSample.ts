import { fileURLToPath } from 'node:url';
import sharp, { type OverlayOptions } from 'sharp';
import type { Rect, Size } from '../../core/geometry.ts';
import { holeFillBlurSigma } from '../../core/holeFill.ts';
import { autoPlace, photoToFrameMatrix } from '../../core/placement.ts';

/**
 * The person link previews show: the woman in the middle of @vladmandic/face-api's demo sample3.jpg (MIT), cropped
 * to her into server/assets/preview-sample.jpg by scripts/buildPreviewSample.ts, which also writes her person mask.
 * MediaPipe does not run on the server, so her face box is the one marked by hand in tests/fixtures/faces.json
 * (previewSample.test.ts keeps the two equal). Coordinates are sample3.jpg's pixels.
 */
export const PREVIEW_SAMPLE = {
  /** In node_modules/@vladmandic/face-api/demo/, read by the script and the tests only. */
  source: 'sample3.jpg',
  /** Head to waist, with only the edges of her neighbours' hair. */
  crop: { x: 880, y: 0, width: 600, height: 1350 },
  /** Brows to chin, cheek to cheek. */
  face: { x: 1068, y: 216, width: 204, height: 252 },
} as const;

export interface PreviewSampleFiles {
  /** The cropped photo (JPEG, the crop's size). */
  photo: URL;
  /** Her opacity over it, 0 background … 255 person (8-bit grey PNG, the same size). */
  mask: URL;
}

/** Committed beside the server's code, so previews need no devDependency at run time. */
export const PREVIEW_SAMPLE_FILES: PreviewSampleFiles = {
  photo: new URL('../assets/preview-sample.jpg', import.meta.url),
  mask: new URL('../assets/preview-sample-mask.png', import.meta.url),
};

export interface SamplePhoto {
  /** RGB pixels of the crop, decoded once. */
  pixels: Buffer;
  size: Size;
  /** The face in the crop's pixels. */
  face: Rect;
  /** RGBA: the crop with her opacity as alpha (the person cut out); null when the mask could not be read. */
  cutout: Buffer | null;
}

function warnUnreadable(file: URL, error: unknown): void {
  console.warn(`Link previews show no sample person where they need ${fileURLToPath(file)}, which could not be read: ${error instanceof Error ? error.message : String(error)}`);
}

/** Decodes a file to raw pixels of the crop's size, or throws saying why not. */
async function rawOfCropSize(file: URL, channels: 1 | 3): Promise<Buffer> {
  const image = sharp(fileURLToPath(file));
  const { data, info } = await (channels === 3 ? image.removeAlpha() : image.extractChannel(0)).raw().toBuffer({ resolveWithObject: true });
  const { width, height } = PREVIEW_SAMPLE.crop;
  // Another size would put the hand-marked face box in the wrong place.
  if (info.width !== width || info.height !== height || info.channels !== channels) {
    throw new Error(`it is ${info.width}×${info.height} with ${info.channels} channels, not ${width}×${height} with ${channels}`);
  }
  return data;
}

/**
 * The sample, or null (after a warning) when its photo cannot be read: previews then show no person rather than
 * fail the campaign write. Without a readable mask the photo still fills frames' holes; only the cut-out is missing.
 */
export async function loadPreviewSample(files: PreviewSampleFiles = PREVIEW_SAMPLE_FILES): Promise<SamplePhoto | null> {
  const { crop, face } = PREVIEW_SAMPLE;
  let pixels: Buffer;
  try {
    pixels = await rawOfCropSize(files.photo, 3);
  } catch (error) {
    warnUnreadable(files.photo, error);
    return null;
  }
  const size = { width: crop.width, height: crop.height };
  let cutout: Buffer | null = null;
  try {
    const mask = await rawOfCropSize(files.mask, 1);
    cutout = await sharp(pixels, { raw: { ...size, channels: 3 } }).joinChannel(mask, { raw: { ...size, channels: 1 } }).raw().toBuffer();
  } catch (error) {
    warnUnreadable(files.mask, error);
  }
  return { pixels, size, face: { ...face, x: face.x - crop.x, y: face.y - crop.y }, cutout };
}

let loading: Promise<SamplePhoto | null> | undefined;

/** The committed sample, decoded once per process (a file missing at the first read stays missing: one warning). */
export function previewSample(): Promise<SamplePhoto | null> {
  loading ??= loadPreviewSample();
  return loading;
}

/** A sample passed in (null: none), else the committed one. */
async function orCommitted(given: SamplePhoto | null | undefined): Promise<SamplePhoto | null> {
  return given === undefined ? previewSample() : given;
}

/** Where the placed sample lies in `clip` (output pixels), and the part of the sample it shows there. */
interface VisiblePart {
  /** Integer rect in output pixels. */
  at: Rect;
  /** Integer rect in sample pixels, resized onto `at`. */
  from: Rect;
}

/** Auto placement never rotates, so the matrix is a scale (a = d) and a translation (e, f). */
function placeIn(sample: SamplePhoto, hole: Rect): { scale: number; e: number; f: number } {
  const { size, face } = sample;
  const { a: scale, e, f } = photoToFrameMatrix(autoPlace({ photo: size, faces: [{ box: face, score: 1, keypoints: [] }], hole }), size);
  return { scale, e, f };
}

function visiblePart(size: Size, { scale, e, f }: { scale: number; e: number; f: number }, clip: Rect): VisiblePart | null {
  const left = Math.max(clip.x, Math.ceil(e));
  const top = Math.max(clip.y, Math.ceil(f));
  const right = Math.min(clip.x + clip.width, Math.floor(e + size.width * scale));
  const bottom = Math.min(clip.y + clip.height, Math.floor(f + size.height * scale));
  if (right <= left || bottom <= top) return null;
  const x = Math.min(size.width - 1, Math.max(0, Math.round((left - e) / scale)));
  const y = Math.min(size.height - 1, Math.max(0, Math.round((top - f) / scale)));
  return {
    at: { x: left, y: top, width: right - left, height: bottom - top },
    from: {
      x,
      y,
      width: Math.max(1, Math.min(size.width - x, Math.round((right - left) / scale))),
      height: Math.max(1, Math.min(size.height - y, Math.round((bottom - top) / scale))),
    },
  };
}

async function placedOverlay(pixels: Buffer, size: Size, channels: 3 | 4, part: VisiblePart): Promise<OverlayOptions> {
  const { at, from } = part;
  const placed = await sharp(pixels, { raw: { ...size, channels } })
    .extract({ left: from.x, top: from.y, width: from.width, height: from.height })
    .resize(at.width, at.height, { fit: 'fill' })
    .raw()
    .toBuffer();
  return { input: placed, raw: { width: at.width, height: at.height, channels }, left: at.x, top: at.y };
}

const usable = (hole: Rect) => hole.width >= 1 && hole.height >= 1;

/**
 * The sample in each hole of a frame (integer rects in the pixels of the image they are composited onto), placed
 * as the supporter's photo is placed: core/placement.ts autoPlace on her face, then photoToFrameMatrix. Overlays, in
 * order: where the placed photo leaves part of a hole (a wide hole, the face kept at its size), a blurred copy
 * covering the hole, as the supporter's result fills it; then the part of the placed photo inside the hole.
 * The frame goes on top of them.
 */
export async function sampleInHoles(holes: readonly Rect[], given?: SamplePhoto | null): Promise<OverlayOptions[]> {
  const sample = await orCommitted(given);
  if (!sample) return [];
  const { pixels, size } = sample;
  const raw = { ...size, channels: 3 as const };
  const overlays: OverlayOptions[] = [];
  for (const hole of holes.filter(usable)) {
    const part = visiblePart(size, placeIn(sample, hole), hole);
    if (!part || part.at.x > hole.x || part.at.y > hole.y || part.at.x + part.at.width < hole.x + hole.width || part.at.y + part.at.height < hole.y + hole.height) {
      // sharp's blur takes σ ≥ 0.3.
      const sigma = Math.max(0.3, holeFillBlurSigma(hole));
      const fill = await sharp(pixels, { raw }).resize(hole.width, hole.height, { fit: 'cover' }).blur(sigma).raw().toBuffer();
      overlays.push({ input: fill, raw: { width: hole.width, height: hole.height, channels: 3 }, left: hole.x, top: hole.y });
    }
    if (part) overlays.push(await placedOverlay(pixels, size, 3, part));
  }
  return overlays;
}

/**
 * The cut-out sample over a background design, as workers/composite.ts draws a supporter's photo with the
 * background choice 'design' (the default of background campaigns): placed by autoPlace in each hole, the whole
 * canvas when the design has none; only the person (sample × mask), so the design shows around her and nothing
 * fills where she does not reach. One hole is not clipped (the compositor draws a single slot straight into the
 * output); several are each clipped to their box, standing in for the compositor's owner cells.
 */
export async function sampleOverDesign(holes: readonly Rect[], canvas: Size, given?: SamplePhoto | null): Promise<OverlayOptions[]> {
  const sample = await orCommitted(given);
  const cutout = sample?.cutout;
  if (!sample || !cutout) return [];
  const whole = { x: 0, y: 0, width: canvas.width, height: canvas.height };
  const slots = holes.filter(usable);
  const placed = (slots.length > 0 ? slots : [whole]).map((hole) => visiblePart(sample.size, placeIn(sample, hole), slots.length > 1 ? hole : whole));
  return Promise.all(placed.flatMap((part) => (part ? [placedOverlay(cutout, sample.size, 4, part)] : [])));
}

/**
 * What goes over the preview's neutral grey, bottom first, for a frame of `canvas` pixels (`frame`, a PNG of that
 * size) with its holes scaled to it: a frame campaign's sample in its holes under the frame; a background campaign's
 * design under the cut-out sample. Without the sample, the frame or the design alone. `sample` defaults to the
 * committed one.
 */
export async function previewLayers(type: 'frame' | 'background', frame: Buffer, canvas: Size, holes: readonly Rect[], sample?: SamplePhoto | null): Promise<OverlayOptions[]> {
  if (type === 'background') return [{ input: frame }, ...(await sampleOverDesign(holes, canvas, sample))];
  return [...(await sampleInHoles(holes, sample)), { input: frame }];
}
