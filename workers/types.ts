/** Shared types of the editor core. Coordinates are pixels; angles are degrees, clockwise. */

export interface Size {
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

export interface Rect extends Point, Size {}

/** A detected face in working-image coordinates. */
export interface FaceBox {
  box: Rect;
  score: number;
  /** MediaPipe's six keypoints (eyes, nose, mouth, ears), same coordinates as box. */
  keypoints: Point[];
}

/** A transparent region of a frame (connected component of alpha below the threshold). */
export interface FrameHole extends Rect {
  /** Transparent pixels in this component. */
  area: number;
  /** area / (frame width × height). */
  share: number;
}

export interface FrameAnalysis extends Size {
  /** Largest first. */
  holes: FrameHole[];
  /** Share of all transparent pixels in the canvas, 0..1. */
  transparentShare: number;
}

/**
 * Where the photo sits in the frame: the photo's centre at (x, y) in frame pixels,
 * scaled by `scale` (frame px per working-image px) and rotated by `rotation` about its centre.
 */
export interface PhotoTransform {
  x: number;
  y: number;
  scale: number;
  rotation: number;
}

export type BackgroundChoice =
  | { kind: 'keep' }
  | { kind: 'blur'; radius: number }
  | { kind: 'color'; color: string }
  | { kind: 'design' }
  | { kind: 'image' };

export type OutputFormat = 'jpeg' | 'png' | 'webp';

/** Error codes the pipeline reports; the app translates them (locales `errors.pipeline.<code>`). */
export type PipelineErrorCode =
  | 'DECODE_CORRUPT'
  | 'DECODE_UNSUPPORTED'
  | 'DECODE_TOO_LARGE_BYTES'
  | 'DECODE_TOO_LARGE_PIXELS'
  | 'FRAME_NOT_TRANSPARENT'
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
  /** Frames with less transparency than this are rejected. */
  minTransparentShare: 0.05,
  /** Alpha below this counts as transparent (0..255). */
  alphaThreshold: 128,
} as const;
