export { createPipeline } from './createPipeline.ts';
export type { LoadedFrame, LoadedPhoto, Pipeline, PipelineOptions, PipelineStage, ProgressEvent, RenderOptions } from './createPipeline.ts';
export { isPipelineError, toPipelineError } from './pipelineErrors.ts';
export { pipelineSupported } from './pipelineSupported.ts';
export type { BackgroundChoice, FaceBox, FrameAnalysis, OutputFormat, PhotoTransform, PipelineErrorCode, Size } from '../../workers/types.ts';
export { PipelineError } from '../../workers/types.ts';
