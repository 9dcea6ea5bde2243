import type { DesignDocument } from '../../contract/design.ts';
import type { Rect, Size } from '../../core/geometry.ts';
import type {
  BackgroundChoice,
  FaceBox,
  FrameAnalysis,
  HoleFill,
  HoleRegion,
  OutputFormat,
  PhotoTransform,
  PipelineErrorCode,
  RenderRequest,
  RenderSlot,
} from '../../core/pipelineTypes.ts';

export type PipelineStage = 'warm' | 'decode' | 'face' | 'segment' | 'analyze' | 'export' | 'place' | 'composite' | 'preview' | 'encode';

export type ProgressEvent =
  | { stage: PipelineStage; status: 'start' }
  /** `ms` is the round trip as the page sees it; `workerMs` (face stage) the part spent inside the worker. */
  | { stage: PipelineStage; status: 'done'; ms: number; workerMs?: number }
  | { stage: PipelineStage; status: 'error'; ms: number; code: PipelineErrorCode };

export interface LoadedPhoto {
  photoId: string;
  /** Preview copy (≤ 1280 px); the working image stays in the worker (a large JPEG's is still decoding: render waits for it). */
  proxy: ImageBitmap;
  /** Working-image size (the photo fitted within 4096 px, whatever the pixels the worker holds): the space of `faces` and `transform`. */
  size: Size;
  faces: FaceBox[];
  /** Automatic placement in each hole of the frame given to loadPhoto (faces shared out between the holes), else null. */
  placements: PhotoTransform[] | null;
}

/** 'frame': the photo shows through the PNG's holes; 'background': the photo goes over the design. */
export type FrameKind = 'frame' | 'background';

export interface LoadedFrame {
  frameId: string;
  analysis: FrameAnalysis;
  /** Where photos go: one region per photo slot of a render (normally one per hole, in hole order). */
  regions: HoleRegion[];
}

/** What a picture shows: the photos in the frame's holes, the fill, the background and the watermark. */
export interface PictureOptions {
  frame: LoadedFrame;
  /** One per region of the frame, in order. */
  slots: RenderSlot[];
  /** How the part of a hole its photo does not reach is filled; default blur. */
  fill?: HoleFill;
  background?: BackgroundChoice;
  backgroundImage?: Blob;
  frameType?: RenderRequest['frameType'];
  watermark?: RenderRequest['watermark'];
}

export interface RenderOptions extends PictureOptions {
  format?: OutputFormat;
  /** 0..1, for JPEG and WebP. */
  quality?: number;
  /** Output size = frame size × outputScale (1 or 2). */
  outputScale?: number;
  signal?: AbortSignal;
}

export interface PreviewOptions extends PictureOptions {
  /** Output px per frame px, in (0, 2]. */
  scale: number;
  /** The result's format (default JPEG): a JPEG's preview has no see-through pixels either. */
  format?: OutputFormat;
  signal?: AbortSignal;
}

export interface Pipeline {
  /** Starts the workers and loads the models, so that the first photo is fast. */
  warm(): Promise<void>;
  /**
   * Decodes a photo and finds its faces; a newer call cancels this one (PipelineError CANCELLED).
   * The workers then keep this photo and those in `keep` (photos still shown in other holes); others are released.
   */
  loadPhoto(file: Blob, options?: { frame?: LoadedFrame; signal?: AbortSignal; keep?: readonly string[] }): Promise<LoadedPhoto>;
  /**
   * Loads a frame (a Blob, or a same-origin URL fetched here) into the worker and analyses it. With `holes`
   * (a campaign payload's, found by the server at upload) those are used and the frame is analysed only
   * when none of them is usable.
   */
  analyzeFrame(frame: Blob | string, options?: { signal?: AbortSignal; kind?: FrameKind; holes?: readonly Rect[] }): Promise<LoadedFrame>;
  /**
   * Renders a designer document to a transparent PNG in the image worker and analyses it like an
   * uploaded frame of the document's kind; the frame stays loaded for place() and render().
   */
  exportDesign(document: DesignDocument, options?: { signal?: AbortSignal }): Promise<{ png: Blob; frame: LoadedFrame }>;
  /** Automatic placement of a loaded photo in each hole of a loaded frame, the faces shared out between the holes. */
  place(photo: LoadedPhoto, frame: LoadedFrame): Promise<PhotoTransform[]>;
  /** Automatic placement of all of a photo's faces in one hole. */
  placeInHole(photo: LoadedPhoto, frame: LoadedFrame, holeIndex: number): Promise<PhotoTransform>;
  /** Frees a photo's pixels in the workers (a photo no hole shows any more). */
  release(photoId: string): void;
  render(options: RenderOptions): Promise<Blob>;
  /**
   * The picture render() would make, from the photos' preview copies at `scale` × the frame's size (the size
   * it is shown at): for the adjuster, so what the supporter sees is what they download. Person masks are
   * made once per photo and reused.
   */
  preview(options: PreviewOptions): Promise<ImageBitmap>;
  onProgress(listener: (event: ProgressEvent) => void): () => void;
  dispose(): void;
}
