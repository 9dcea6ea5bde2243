export { createPipeline, type PipelineOptions } from './createPipeline.ts';
export type { FrameKind, LoadedFrame, LoadedPhoto, PictureOptions, Pipeline, PipelineStage, PreviewOptions, ProgressEvent, RenderOptions } from './pipelineApi.ts';
export { isPipelineError, toPipelineError } from './pipelineErrors.ts';
export { parkPipeline } from './parkedPipeline.ts';
export { pipelineSupported } from './pipelineSupported.ts';
export type { BackgroundChoice, FaceBox, FrameAnalysis, HoleFill, HoleRegion, OutputFormat, PhotoTransform, PipelineErrorCode, RenderSlot } from '../../core/pipelineTypes.ts';
export { PipelineError } from '../../core/pipelineTypes.ts';
export { autoPlace, clampTransform, coversHole, MAX_ZOOM, pan, photoToFrameMatrix, rotateBy, setRotation, setRotationAbout, zoomAt } from '../../core/placement.ts';
export { resultFileName } from '../../core/resultFileName.ts';
