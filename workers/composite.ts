/**
 * The final picture at output size.
 *
 *   compositeResult(input: CompositeInput) → Promise<OffscreenCanvas>   (2D canvas, frame size × outputScale)
 *   photoToOutputMatrix(transform, photo, outputScale) → DOMMatrix      photo px → output px
 *
 * Layers, bottom first:
 *   'frame' campaigns:      [design, when the background choice is 'design'] → photo → frame → watermark
 *   'background' campaigns: frame (the design) → photo → watermark
 * The photo layer is the working image (never the proxy). With a background choice other
 * than 'keep', its visible part is first reduced to about its size in the output, then its
 * background is replaced (background.ts), so the mask work follows the output, not the photo.
 *
 * Rendering is WebGL2 (compositeWebgl.ts) on a hardware GPU, else Canvas2D (compositeCanvas.ts);
 * `renderer` forces one ('webgl' throws RENDER_FAILED where WebGL2 is missing). Both give the
 * same picture (mean abs difference ≈ 0.1/255 on a photo). Measured for 1080² from a 4096 px
 * working image (medians, headless Chromium --disable-gpu, 2 shared cores): Canvas2D ≈ 36 ms
 * (keep), 55 ms (colour), 100 ms (blur); at 2× 86 / 204 / 277 ms. WebGL2 on SwiftShader ≈
 * 230 ms (keep), 480 ms at 2×: the CPU rasteriser's texture upload dominates, hence 'auto'.
 */
import { replaceBackground, validateBackground } from './background.ts';
import type { MaskInput } from './background.ts';
import { renderLayersCanvas, visibleRegion } from './compositeCanvas.ts';
import type { Layer, LayerPlan } from './compositeCanvas.ts';
import { renderLayersWebgl, webglAvailable, webglIsSoftware } from './compositeWebgl.ts';
import { photoToFrameMatrix } from '../core/placement.ts';
import { resampleTo } from './resample.ts';
import type { Bitmap } from './resample.ts';
import { PipelineError } from '../core/pipelineTypes.ts';
import type { Size } from '../core/geometry.ts';
import type { BackgroundChoice, PhotoTransform } from '../core/pipelineTypes.ts';
import { drawWatermark, loadWatermarkFont, validateWatermark } from './watermark.ts';
import type { WatermarkSpec } from './watermark.ts';

export type Renderer = 'auto' | 'webgl' | 'canvas';

export interface BackgroundLayer {
  choice: BackgroundChoice;
  /** Person confidence over the whole photo (any resolution). */
  mask: MaskInput;
  /** Choice 'image': the uploaded picture. Choice 'design' on a 'frame' campaign: the design. */
  image?: Bitmap;
}

export interface CompositeInput {
  frame: Bitmap;
  frameType: 'frame' | 'background';
  /** The working image. */
  photo: Bitmap;
  transform: PhotoTransform;
  /** 1 or 2. */
  outputScale: number;
  background?: BackgroundLayer;
  watermark?: WatermarkSpec;
  renderer?: Renderer;
}

function fail(message: string): never {
  throw new PipelineError('RENDER_FAILED', message);
}

/** Photo px → output px: placement's photo → frame matrix, then × outputScale. */
export function photoToOutputMatrix(t: PhotoTransform, photo: Size, outputScale: number): DOMMatrix {
  const m = photoToFrameMatrix(t, photo);
  return new DOMMatrix().scale(outputScale).multiply(new DOMMatrix([m.a, m.b, m.c, m.d, m.e, m.f]));
}

/** Scales `source` to cover width × height, centred. */
function coverMatrix(source: Size, width: number, height: number): DOMMatrix {
  const k = Math.max(width / source.width, height / source.height);
  return new DOMMatrix().translate((width - source.width * k) / 2, (height - source.height * k) / 2).scale(k);
}

function validate(input: CompositeInput): void {
  const { frame, photo, transform: t, outputScale, frameType } = input;
  if (frameType !== 'frame' && frameType !== 'background') fail(`Unknown frame type "${String(frameType)}".`);
  if (!(frame.width > 0 && frame.height > 0)) fail('The frame image is empty.');
  if (!(photo.width > 0 && photo.height > 0)) fail('The photo is empty.');
  if (outputScale !== 1 && outputScale !== 2) fail(`Output scale must be 1 or 2, not ${outputScale}.`);
  if (![t.x, t.y, t.scale, t.rotation].every(Number.isFinite) || t.scale <= 0) fail('Invalid photo transform.');
  if (input.background) validateBackground(input.background);
  if (input.watermark) validateWatermark(input.watermark);
}

/**
 * The photo layer. With a background choice, only the visible part of the photo, reduced to
 * about its output size, gets its background replaced: the work follows the output, not the photo.
 */
function photoLayer(input: CompositeInput, matrix: DOMMatrix, output: Size): Layer {
  const { photo, background, transform: t } = input;
  if (!background || background.choice.kind === 'keep') return { source: photo, matrix };
  const k = Math.min(1, t.scale * input.outputScale);
  // Room for the blur to see past the output's edge, and for the resampling filter.
  const blurMargin = background.choice.kind === 'blur' ? (3 * background.choice.radius) / t.scale : 0;
  const region = visibleRegion(matrix, photo, output, 2 / k + blurMargin);
  if (!region) return { source: photo, matrix };
  const reduced = resampleTo(photo, Math.max(1, Math.ceil(region.width * k)), Math.max(1, Math.ceil(region.height * k)), region);
  const pxPerPhotoPx = reduced.width / region.width;
  // The blur radius is in frame pixels: what the supporter sees, whatever the photo's resolution.
  const choice: BackgroundChoice = background.choice.kind === 'blur' ? { kind: 'blur', radius: (background.choice.radius / t.scale) * pxPerPhotoPx } : background.choice;
  const window = { x: region.x / photo.width, y: region.y / photo.height, width: region.width / photo.width, height: region.height / photo.height };
  const source = replaceBackground({ photo: reduced, mask: background.mask, choice, window, ...(background.image ? { image: background.image } : {}) });
  return { source, matrix: matrix.translate(region.x, region.y).scale(region.width / reduced.width, region.height / reduced.height) };
}

export function planLayers(input: CompositeInput): LayerPlan {
  const width = input.frame.width * input.outputScale;
  const height = input.frame.height * input.outputScale;
  const frame: Layer = { source: input.frame, matrix: new DOMMatrix().scale(input.outputScale) };
  const layers: Layer[] = [];
  if (input.frameType === 'frame' && input.background?.choice.kind === 'design') {
    const design = input.background.image ?? fail('The background design is missing.');
    layers.push({ source: design, matrix: coverMatrix(design, width, height) });
  }
  const photo = photoLayer(input, photoToOutputMatrix(input.transform, input.photo, input.outputScale), { width, height });
  if (input.frameType === 'background') layers.push(frame, photo);
  else layers.push(photo, frame);
  return { width, height, layers };
}

function render(plan: LayerPlan, renderer: Renderer): OffscreenCanvas {
  // A software WebGL (SwiftShader) is slower than Canvas2D, so 'auto' only takes a real GPU.
  const useWebgl = renderer === 'webgl' || (renderer === 'auto' && webglAvailable() && !webglIsSoftware());
  if (!useWebgl) return renderLayersCanvas(plan);
  let gl: OffscreenCanvas;
  try {
    gl = renderLayersWebgl(plan);
  } catch (error) {
    // A lost context or an oversized output: 'auto' still delivers, through Canvas2D.
    if (renderer === 'auto') return renderLayersCanvas(plan);
    throw error;
  }
  // The WebGL canvas is shared between calls: copy the pixels out.
  const out = new OffscreenCanvas(plan.width, plan.height);
  (out.getContext('2d') ?? fail('Canvas2D is not available.')).drawImage(gl, 0, 0);
  return out;
}

export async function compositeResult(input: CompositeInput): Promise<OffscreenCanvas> {
  validate(input);
  if (input.watermark) await loadWatermarkFont();
  const plan = planLayers(input);
  const out = render(plan, input.renderer ?? 'auto');
  if (input.watermark) {
    const ctx = out.getContext('2d') ?? fail('Canvas2D is not available.');
    drawWatermark(ctx, input.watermark, out);
  }
  return out;
}
