/**
 * Encode stage: the rendered result → an image file.
 *
 *   encodeImage(canvas, { format: 'jpeg' | 'png' | 'webp', quality? }) → Promise<Blob>
 *
 * `quality` is 0..1 for JPEG and WebP (default 0.92), ignored for PNG. JPEG has no alpha, so
 * transparent pixels are flattened onto white (not the encoder's black). Throws ENCODE_FAILED
 * when the canvas cannot be encoded or the browser produced another type (Safari before 17
 * has no WebP encoder and silently returns PNG), so the file never gets a wrong extension.
 */
import { PipelineError, type OutputFormat } from '../core/pipelineTypes.ts';

export interface EncodeOptions {
  format: OutputFormat;
  quality?: number;
}

export const MIME_TYPES: Record<OutputFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

const DEFAULT_QUALITY = 0.92;

/** A copy of `canvas` over opaque white, for formats without alpha (the result, and its preview). */
export function flattened(canvas: OffscreenCanvas): OffscreenCanvas {
  const flat = new OffscreenCanvas(canvas.width, canvas.height);
  const context = flat.getContext('2d');
  if (!context) throw new PipelineError('ENCODE_FAILED', 'No 2D context to flatten the result');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, flat.width, flat.height);
  context.drawImage(canvas, 0, 0);
  return flat;
}

export async function encodeImage(canvas: OffscreenCanvas, { format, quality = DEFAULT_QUALITY }: EncodeOptions): Promise<Blob> {
  const type = MIME_TYPES[format];
  if (!type) throw new PipelineError('ENCODE_FAILED', `Unknown output format "${String(format)}"`);
  if (!(quality >= 0 && quality <= 1)) throw new PipelineError('ENCODE_FAILED', `Quality must be between 0 and 1, got ${quality}`);
  if (canvas.width === 0 || canvas.height === 0) throw new PipelineError('ENCODE_FAILED', 'The result is empty');
  let blob: Blob;
  try {
    const source = format === 'jpeg' ? flattened(canvas) : canvas;
    blob = await source.convertToBlob(format === 'png' ? { type } : { type, quality });
  } catch (error) {
    if (error instanceof PipelineError) throw error;
    throw new PipelineError('ENCODE_FAILED', `The result could not be encoded as ${format}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (blob.type !== type) throw new PipelineError('ENCODE_FAILED', `This browser cannot encode ${format} (it produced ${blob.type || 'nothing'})`);
  return blob;
}
