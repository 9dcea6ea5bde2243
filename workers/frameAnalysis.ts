/**
 * Frame analysis (DESIGN.md §5.3): where the photo shows through a twibbon frame.
 *
 *   analyzeFrame(rgba, width, height, options?) → Promise<FrameAnalysis>
 *   analyzeFrameBitmap(bitmap, options?)        → Promise<FrameAnalysis>   (worker: reads pixels via OffscreenCanvas)
 *
 * Rules:
 * - A pixel is transparent when alpha < LIMITS.alphaThreshold. Holes are 4-connected components
 *   (a one-pixel diagonal stroke of the frame still separates two windows).
 * - Components smaller than `minHoleShare` of the canvas (default 0.2 %) are specks (anti-aliasing
 *   gaps, stray pixels) and never become holes; they still count towards `transparentShare`.
 * - Regions touching the canvas border: when the enclosed holes together cover at least
 *   LIMITS.minTransparentShare of the canvas, border regions are the outside of a shaped frame
 *   (transparent corners around a circular badge) and are dropped, because users expect their
 *   photo inside the badge. Otherwise (overlay or banner frames whose window is open to an edge)
 *   border regions are holes like any other.
 * - Holes are sorted largest first (ties: top-most, then left-most), so `holes[0]` is where the
 *   photo goes.
 * - Errors: FRAME_INVALID for bad sizes or buffers; FRAME_NOT_TRANSPARENT when transparency is
 *   below LIMITS.minTransparentShare or no region is large enough to hold a photo.
 * - `kind: 'background'` (a design the photo goes over): no transparency is needed; without usable
 *   holes the whole canvas is the photo area.
 * The labelling runs in the wasm kernel when it loads, else in its TypeScript twin (identical output);
 * `engine` forces either one (benchmark, tests).
 */
import { loadFrameAlpha } from '../wasm/frameAlpha.ts';
import { labelAlpha, STAT_FIELDS, type AlphaLabeller } from '../core/frame/labelAlpha.ts';
import { LIMITS, PipelineError, type FrameAnalysis, type FrameHole } from '../core/pipelineTypes.ts';

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

export const DEFAULT_MIN_HOLE_SHARE = 0.002;

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

/** Turns labelled components into holes following the rules at the top of this file. */
function holesFromComponents(stats: Int32Array, width: number, height: number, minHoleShare: number): FrameAnalysis {
  const canvas = width * height;
  const enclosed: FrameHole[] = [];
  const border: FrameHole[] = [];
  let transparent = 0;
  for (let s = 0; s + STAT_FIELDS <= stats.length; s += STAT_FIELDS) {
    const [minX = 0, minY = 0, maxX = 0, maxY = 0, area = 0, touches = 0] = stats.subarray(s, s + STAT_FIELDS);
    transparent += area;
    const share = area / canvas;
    if (share < minHoleShare) continue;
    (touches ? border : enclosed).push({ x: minX, y: minY, width: maxX - minX, height: maxY - minY, area, share });
  }
  const transparentShare = transparent / canvas;
  if (transparentShare < LIMITS.minTransparentShare) {
    throw new PipelineError(
      'FRAME_NOT_TRANSPARENT',
      `Only ${(transparentShare * 100).toFixed(1)}% of the frame is transparent; at least ${LIMITS.minTransparentShare * 100}% must be, so the photo can show through.`,
    );
  }
  const enclosedShare = enclosed.reduce((sum, hole) => sum + hole.share, 0);
  const holes = enclosedShare >= LIMITS.minTransparentShare ? enclosed : [...enclosed, ...border];
  if (holes.length === 0) {
    throw new PipelineError('FRAME_NOT_TRANSPARENT', 'The frame’s transparent pixels are scattered specks; no region is large enough to show a photo.');
  }
  holes.sort((a, b) => b.area - a.area || a.y - b.y || a.x - b.x);
  return { width, height, holes, transparentShare };
}

export async function analyzeFrame(rgba: Uint8ClampedArray, width: number, height: number, options: AnalyzeFrameOptions = {}): Promise<FrameAnalysis> {
  validatePixels(rgba, width, height);
  const threshold = options.alphaThreshold ?? LIMITS.alphaThreshold;
  const minHoleShare = options.minHoleShare ?? DEFAULT_MIN_HOLE_SHARE;
  if (!(threshold >= 0 && threshold <= 256) || !(minHoleShare >= 0 && minHoleShare <= 1)) {
    throw new PipelineError('FRAME_INVALID', `Bad frame analysis options: alphaThreshold ${threshold} (0..256), minHoleShare ${minHoleShare} (0..1).`);
  }
  const label = await labeller(options.engine);
  const stats = label(rgba, width, height, threshold);
  if (options.kind !== 'background') return holesFromComponents(stats, width, height, minHoleShare);
  try {
    return holesFromComponents(stats, width, height, minHoleShare);
  } catch (error) {
    if (!(error instanceof PipelineError) || error.code !== 'FRAME_NOT_TRANSPARENT') throw error;
    const canvas = width * height;
    let transparent = 0;
    for (let s = 0; s + STAT_FIELDS <= stats.length; s += STAT_FIELDS) transparent += stats[s + 4] ?? 0;
    return { width, height, holes: [{ x: 0, y: 0, width, height, area: canvas, share: 1 }], transparentShare: transparent / canvas };
  }
}

export async function analyzeFrameBitmap(bitmap: ImageBitmap, options: AnalyzeFrameOptions = {}): Promise<FrameAnalysis> {
  const { width, height } = bitmap;
  validateSize(width, height); // a closed bitmap reports 0×0
  const context = new OffscreenCanvas(width, height).getContext('2d', { willReadFrequently: true });
  if (!context) throw new PipelineError('FRAME_INVALID', 'Cannot read the frame pixels: no 2D canvas in this context.');
  context.drawImage(bitmap, 0, 0);
  return analyzeFrame(context.getImageData(0, 0, width, height).data, width, height, options);
}
