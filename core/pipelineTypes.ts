/** Shared types of the editor core. Coordinates are pixels; angles are degrees, clockwise. */
import type { DesignDocument } from '../contract/design.ts';
import { FRAME_ALPHA_THRESHOLD, FRAME_MIN_TRANSPARENT_SHARE, type FrameAnalysis } from './frame/findFrameHoles.ts';
import type { HoleRegion } from './frame/holeRegions.ts';
import type { Rect, Size } from './geometry.ts';
import type { BackgroundChoice, FaceBox, HoleFill, PhotoTransform } from './pictureTypes.ts';

export type { FrameAnalysis, FrameHole } from './frame/findFrameHoles.ts';
export type { HoleRegion } from './frame/holeRegions.ts';
export type { BackgroundChoice, FaceBox, HoleFill, PhotoTransform } from './pictureTypes.ts';

export type OutputFormat = 'jpeg' | 'png' | 'webp';

/** Error codes the pipeline reports; the app translates them (locales `errors.pipeline.<code>`). */
export type PipelineErrorCode =
  | 'DECODE_EMPTY'
  | 'DECODE_CORRUPT'
  | 'DECODE_UNSUPPORTED'
  | 'DECODE_TOO_LARGE_BYTES'
  | 'DECODE_TOO_LARGE_PIXELS'
  | 'FRAME_NOT_TRANSPARENT'
  /** A designed frame has a photo hole, but what is drawn above it covers it. */
  | 'FRAME_HOLE_COVERED'
  | 'FRAME_INVALID'
  | 'MODEL_LOAD_FAILED'
  | 'RENDER_FAILED'
  | 'ENCODE_FAILED'
  | 'CANCELLED'
  | 'WORKER_CRASHED';

/** Thrown by stages. `name` carries the code too, since Comlink only transfers name and message of errors. */
export class PipelineError extends Error {
  readonly code: PipelineErrorCode;
  constructor(code: PipelineErrorCode, message: string) {
    super(message);
    this.code = code;
    this.name = `PipelineError:${code}`;
  }
}

/** Limits of the support flow (issue 3, DESIGN.md §5). */
export const LIMITS = {
  maxFileBytes: 50 * 1024 * 1024,
  maxPixels: 100_000_000,
  workingMaxSide: 4096,
  proxyMaxSide: 1280,
  faceInputMaxSide: 640,
  /** The largest result scale (output px per frame px): what a photo's working pixels must cover. */
  maxOutputScale: 2,
  /** Frames with less transparency than this are rejected (the server's limit, the same number). */
  minTransparentShare: FRAME_MIN_TRANSPARENT_SHARE,
  /** Alpha below this counts as transparent (0..255). */
  alphaThreshold: FRAME_ALPHA_THRESHOLD,
} as const;

/** A person-confidence mask (0 = background, 255 = person), row-major, one byte per pixel. */
export interface PersonMask extends Size {
  data: Uint8Array;
}

/** What image.worker.ts hands back for a decoded photo; the full-size working image stays in the worker. */
export interface DecodedPhoto {
  /** Nominal working-image size (the photo fitted within LIMITS.workingMaxSide): the coordinate space of faces and transforms. */
  size: Size;
  /** ≤ LIMITS.proxyMaxSide copy for the interactive preview; a large JPEG's is decoded first, before its working image. */
  proxy: ImageBitmap;
  /** Downscaled copy for the vision worker (face detection and segmentation). */
  visionInput: ImageBitmap;
}

/** The photo in one hole of a render. */
export interface RenderSlot {
  photoId: string;
  transform: PhotoTransform;
}

/** One render of the photos into a frame, at the frame's size × outputScale. */
export interface RenderRequest {
  frameId: string;
  /** One per hole of the frame, in hole order. */
  slots: RenderSlot[];
  /** How the part of a hole its photo does not reach is filled; default { kind: 'blur' }. */
  fill?: HoleFill;
  background: BackgroundChoice;
  /** Person masks by photo id; required for every photo of `slots` unless background is 'keep'. */
  masks?: Record<string, PersonMask>;
  /** The picture behind the person for background 'design' and 'image'. */
  backgroundImage?: Blob;
  /** 'background' campaigns draw the frame (their design) under the photo; default 'frame'. */
  frameType?: 'frame' | 'background';
  /** Watermark drawn over everything (text already translated); none when absent. */
  watermark?: { text: string; logo?: 'bingkai'; position: 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right' | 'auto' };
  /** 1 or 2 for a result; a preview's is the size it is shown at, in (0, 2]. */
  outputScale: number;
}

/** A frame as the image worker holds it: its analysis and, per hole (same order), where the photo goes. */
export interface FrameLayout {
  analysis: FrameAnalysis;
  regions: HoleRegion[];
}

/** What loadDesign hands back: the frame's layout and the exported PNG (upload it like a frame file). */
export interface DesignExportResult extends FrameLayout {
  png: Blob;
}

/**
 * Comlink API of image.worker.ts (decode, frame analysis, placement, composite, encode).
 * Calls that can take long carry a job id, so that `cancel(jobId)` can stop them.
 */
export interface ImageWorkerApi {
  decode(jobId: number, photoId: string, file: Blob): Promise<DecodedPhoto>;
  /** A fresh vision input of a cached photo (after the vision worker restarted). */
  visionInput(photoId: string): Promise<ImageBitmap>;
  /** `kind` 'background': an opaque design is fine, its whole canvas is the photo area. */
  /**
   * `holes`: found earlier (the campaign payload's, stored at upload); used as they are, and the frame is
   * analysed only when none is usable (core/frame/findFrameHoles.ts frameAnalysisFromHoles).
   */
  loadFrame(jobId: number, frameId: string, frame: Blob, kind?: 'frame' | 'background', holes?: readonly Rect[]): Promise<FrameLayout>;
  /**
   * Renders a designer document to a transparent PNG at its native size, analyses it like loadFrame
   * (kind = document.kind) and keeps it as frame `frameId`, so render() can use it right away.
   */
  loadDesign(jobId: number, frameId: string, document: DesignDocument): Promise<DesignExportResult>;
  /** Automatic placement in every hole, the faces shared out between the holes (core/faceAssignment.ts). */
  place(photoId: string, frameId: string, faces: FaceBox[]): Promise<PhotoTransform[]>;
  /** Automatic placement of all of the photo's faces in one hole. */
  placeInHole(photoId: string, frameId: string, faces: FaceBox[], holeIndex: number): Promise<PhotoTransform>;
  /** Draws the result and keeps it under `jobId` for `encode`; returns its size. */
  composite(jobId: number, request: RenderRequest): Promise<Size>;
  /**
   * The same picture from the photos' preview copies, at `request.outputScale` (in (0, 2]: the size it is
   * shown at), for the adjuster: what the supporter sees while adjusting is what they will download.
   * `format` is the result's: a JPEG's preview is flattened onto white as the JPEG will be.
   */
  preview(jobId: number, request: RenderRequest, format: OutputFormat): Promise<ImageBitmap>;
  encode(jobId: number, renderId: number, format: OutputFormat, quality: number): Promise<Blob>;
  release(id: string): Promise<void>;
  cancel(jobId: number): Promise<void>;
}

/** The face stage's answer: the faces, and how long the worker spent finding them. */
export interface FaceDetection {
  faces: FaceBox[];
  /** Milliseconds inside the vision worker, from taking the job to answering (detector and mapping). */
  workerMs: number;
}

/** Comlink API of vision.worker.ts (MediaPipe face detection and person segmentation). */
export interface VisionWorkerApi {
  warm(): Promise<void>;
  /** Faces in working-image coordinates; keeps `input` under photoId for `segment`. */
  detectFaces(jobId: number, photoId: string, input: ImageBitmap, size: Size): Promise<FaceDetection>;
  segment(jobId: number, photoId: string): Promise<PersonMask>;
  release(photoId: string): Promise<void>;
  cancel(jobId: number): Promise<void>;
}
