/**
 * Frame analysis (DESIGN.md §5.3): where the photo shows through a twibbon frame.
 *
 *   analyzeFrame(rgba, width, height, options?) → Promise<FrameAnalysis>
 *   analyzeFrameBitmap(bitmap, options?)        → Promise<FrameAnalysis>   (worker: reads pixels via OffscreenCanvas)
 *   framePixels(bitmap)                         → Uint8ClampedArray        (the RGBA read, for callers that reuse it)
 *
 * The hole rules (threshold, specks, the border rule for shaped frames, order) are core/frame/findFrameHoles.ts,
 * shared with the server's frame check. Here:
 * - Errors: FRAME_INVALID for bad sizes or buffers; FRAME_NOT_TRANSPARENT when transparency is
 *   below LIMITS.minTransparentShare or no region is large enough to hold a photo.
 * - `kind: 'background'` (a design the photo goes over): no transparency is needed; without usable
 *   holes the whole canvas is the photo area.
 * The labelling runs in the wasm kernel when it loads, else in its TypeScript twin (identical output);
 * `engine` forces either one (benchmark, tests).
 */
import { loadFrameAlpha } from '../wasm/frameAlpha.ts';
import { labelAlpha, type AlphaLabeller } from '../core/frame/labelAlpha.ts';
import { FRAME_ALPHA_THRESHOLD, FRAME_MIN_HOLE_SHARE, findFrameHoles, frameHolesProblem } from '../core/frame/findFrameHoles.ts';
import { LIMITS, PipelineError, type FrameAnalysis } from '../core/pipelineTypes.ts';

export interface AnalyzeFrameOptions {
  /** 'auto' (default): wasm when it loads, else TypeScript. */
  engine?: 'auto' | 'wasm' | 'ts';
  /** Smallest component kept as a hole, as a share of the canvas. */
  minHoleShare?: number;
  /** Alpha below this is transparent (0..255). */
  alphaThreshold?: number;
  /** 'frame' (default): the photo shows through holes; 'background': the photo goes over the design. */
  kind?: 'frame' | 'background';
}

async function labeller(engine: AnalyzeFrameOptions['engine']): Promise<AlphaLabeller> {
  if (engine === 'ts') return labelAlpha;
  if (engine === 'wasm') return loadFrameAlpha();
  return loadFrameAlpha().catch(() => labelAlpha);
}

function validateSize(width: number, height: number): void {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0) {
    throw new PipelineError('FRAME_INVALID', `Frame size must be positive whole pixels, got ${width}×${height}.`);
  }
  if (width * height > LIMITS.maxPixels) {
    throw new PipelineError('FRAME_INVALID', `Frame is ${width}×${height} pixels; the limit is ${LIMITS.maxPixels / 1e6} megapixels.`);
  }
}

function validatePixels(rgba: unknown, width: number, height: number): asserts rgba is Uint8Array | Uint8ClampedArray {
  validateSize(width, height);
  if (!(rgba instanceof Uint8ClampedArray || rgba instanceof Uint8Array)) {
    throw new PipelineError('FRAME_INVALID', 'Frame pixels must be a Uint8ClampedArray of RGBA values.');
  }
  if (rgba.length !== width * height * 4) {
    throw new PipelineError('FRAME_INVALID', `Frame pixel buffer has ${rgba.length} bytes; ${width}×${height} RGBA needs ${width * height * 4}.`);
  }
}

/** The frame-kind verdict: a frame the photo cannot show through is refused. */
function requireHoles(analysis: FrameAnalysis): FrameAnalysis {
  const problem = frameHolesProblem(analysis);
  if (problem === 'notTransparent') {
    throw new PipelineError(
      'FRAME_NOT_TRANSPARENT',
      `Only ${(analysis.transparentShare * 100).toFixed(1)}% of the frame is transparent; at least ${LIMITS.minTransparentShare * 100}% must be, so the photo can show through.`,
    );
  }
  if (problem === 'noHole') {
    throw new PipelineError('FRAME_NOT_TRANSPARENT', 'The frame’s transparent pixels are scattered specks; no region is large enough to show a photo.');
  }
  return analysis;
}

export async function analyzeFrame(rgba: Uint8ClampedArray, width: number, height: number, options: AnalyzeFrameOptions = {}): Promise<FrameAnalysis> {
  validatePixels(rgba, width, height);
  const threshold = options.alphaThreshold ?? FRAME_ALPHA_THRESHOLD;
  const minHoleShare = options.minHoleShare ?? FRAME_MIN_HOLE_SHARE;
  if (!(threshold >= 0 && threshold <= 256) || !(minHoleShare >= 0 && minHoleShare <= 1)) {
    throw new PipelineError('FRAME_INVALID', `Bad frame analysis options: alphaThreshold ${threshold} (0..256), minHoleShare ${minHoleShare} (0..1).`);
  }
  const analysis = findFrameHoles({ width, height, alpha: rgba, channels: 4 }, await labeller(options.engine), { alphaThreshold: threshold, minHoleShare });
  if (options.kind !== 'background' || frameHolesProblem(analysis) === null) return requireHoles(analysis);
  return { ...analysis, holes: [{ x: 0, y: 0, width, height, area: width * height, share: 1 }] };
}

/** The frame's RGBA pixels, read once per load: the analysis and the layout (frameLayout.ts) both use them. */
export function framePixels(bitmap: ImageBitmap): Uint8ClampedArray {
  const { width, height } = bitmap;
  validateSize(width, height); // a closed bitmap reports 0×0
  const context = new OffscreenCanvas(width, height).getContext('2d', { willReadFrequently: true });
  if (!context) throw new PipelineError('FRAME_INVALID', 'Cannot read the frame pixels: no 2D canvas in this context.');
  context.drawImage(bitmap, 0, 0);
  return context.getImageData(0, 0, width, height).data;
}

export async function analyzeFrameBitmap(bitmap: ImageBitmap, options: AnalyzeFrameOptions = {}): Promise<FrameAnalysis> {
  return analyzeFrame(framePixels(bitmap), bitmap.width, bitmap.height, options);
}
