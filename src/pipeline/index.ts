export { createPipeline } from './createPipeline.ts';
export type { FrameKind, LoadedFrame, LoadedPhoto, Pipeline, PipelineOptions, PipelineStage, ProgressEvent, RenderOptions } from './createPipeline.ts';
export { isPipelineError, toPipelineError } from './pipelineErrors.ts';
export { pipelineSupported } from './pipelineSupported.ts';
export type { BackgroundChoice, FaceBox, FrameAnalysis, OutputFormat, PhotoTransform, PipelineErrorCode, Size } from '../../workers/types.ts';
export { PipelineError } from '../../workers/types.ts';
export type { Point, Rect } from '../../workers/types.ts';
export { autoPlace, clampTransform, coversHole, MAX_ZOOM, pan, photoToFrameMatrix, rotateBy, setRotation, zoomAt } from '../../workers/placement.ts';
export { resultFileName } from '../../workers/resultFileName.ts';
