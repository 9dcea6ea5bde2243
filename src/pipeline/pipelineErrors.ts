import { PipelineError, type PipelineErrorCode } from '../../core/pipelineTypes.ts';

const CODES = new Set<string>([
  'DECODE_EMPTY',
  'DECODE_CORRUPT',
  'DECODE_UNSUPPORTED',
  'DECODE_TOO_LARGE_BYTES',
  'DECODE_TOO_LARGE_PIXELS',
  'FRAME_NOT_TRANSPARENT',
  'FRAME_HOLE_COVERED',
  'FRAME_INVALID',
  'MODEL_LOAD_FAILED',
  'RENDER_FAILED',
  'ENCODE_FAILED',
  'CANCELLED',
  'WORKER_CRASHED',
] satisfies PipelineErrorCode[]);

export function isPipelineError(error: unknown, code?: PipelineErrorCode): error is PipelineError {
  return error instanceof PipelineError && (code === undefined || error.code === code);
}

/**
 * Turns whatever a worker call threw back into a PipelineError. Comlink only carries `name` and
 * `message`, and PipelineError keeps its code in `name` ("PipelineError:CODE"); anything else
 * becomes the stage's fallback code.
 */
export function toPipelineError(error: unknown, fallback: PipelineErrorCode): PipelineError {
  if (error instanceof PipelineError) return error;
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message : String(error);
  const code = name.startsWith('PipelineError:') ? name.slice('PipelineError:'.length) : '';
  return new PipelineError(CODES.has(code) ? (code as PipelineErrorCode) : fallback, message);
}
