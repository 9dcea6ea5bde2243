/**
 * The final picture at output size.
 *
 *   compositeResult(input: CompositeInput) → Promise<OffscreenCanvas>   (2D canvas, frame size × outputScale, rounded)
 *   photoToOutputMatrix(transform, photo, outputScale) → DOMMatrix      photo px → output px
 *
 * Layers, bottom first:
 *   'frame' campaigns:      slots → frame → watermark
 *   'background' campaigns: frame (the design) → slots → watermark
 * and each slot (one per hole): [design, when its background choice is 'design' on a 'frame'
 * campaign] → fill, when the photo does not cover the hole's cover box (holeFill.ts) → photo.
 * With one slot the slot's layers are drawn straight into the output; with several, each slot
 * is drawn on its own canvas the size of its owner cell and clipped to it (ownerCells.ts).
 * The photo layer is the working image (never the proxy). With a background choice other
 * than 'keep', its visible part is first reduced to about its size in the output, then its
 * background is replaced (background.ts), so the mask work follows the output, not the photo.
 *
 * Rendering is WebGL2 (compositeWebgl.ts) on a hardware GPU, else Canvas2D (compositeCanvas.ts);
 * `renderer` forces one ('webgl' throws RENDER_FAILED where WebGL2 is missing). Fills and clipped
 * slots are prepared with Canvas2D and reach either renderer as plain layers. Both give the
 * same picture (mean abs difference ≈ 0.1/255 on a photo). Measured for 1080² from a 4096 px
 * working image (medians, headless Chromium --disable-gpu, 2 shared cores): Canvas2D ≈ 36 ms
 * (keep), 55 ms (colour), 100 ms (blur); at 2× 86 / 204 / 277 ms. WebGL2 on SwiftShader ≈
 * 230 ms (keep), 480 ms at 2×: the CPU rasteriser's texture upload dominates, hence 'auto'.
 */
import { replaceBackground, validateBackground } from './background.ts';
import type { MaskInput } from './background.ts';
import { coverMatrix, renderLayersCanvas, visibleRegion } from './compositeCanvas.ts';
import type { Layer, LayerPlan } from './compositeCanvas.ts';
import { renderLayersWebgl, webglAvailable, webglIsSoftware } from './compositeWebgl.ts';
import { holeFillLayer, holeFillSource, photoSamples, validateHoleFill } from './holeFill.ts';
import type { PhotoSamples } from './holeFill.ts';
import { ownerCells } from './ownerCells.ts';
import type { OwnerMap } from './ownerCells.ts';
import { coversHole, photoToFrameMatrix } from '../core/placement.ts';
import { resampleTo } from './resample.ts';
import type { Bitmap } from './resample.ts';
import { PipelineError } from '../core/pipelineTypes.ts';
import type { Rect, Size } from '../core/geometry.ts';
import type { BackgroundChoice, HoleFill, PhotoTransform } from '../core/pipelineTypes.ts';
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

export interface PhotoSlot {
  /** The working image of the photo in this hole. */
  photo: Bitmap;
  transform: PhotoTransform;
  /** Frame px: everything of this hole the photo (or the fill) must reach (HoleRegion.cover). */
  cover: Rect;
  /** This photo's background replacement (its own person mask). */
  background?: BackgroundLayer;
}

export interface CompositeInput {
  frame: Bitmap;
  frameType: 'frame' | 'background';
  /** One per hole, in hole order. */
  slots: PhotoSlot[];
  /** Frame-size owner map (FrameRegions.owner: 1 + hole index per pixel). Required when there are several slots: slot i is drawn only where owner === i + 1. */
  owner?: OwnerMap;
  /** How the part of a slot's cover box its photo does not reach is filled; default { kind: 'blur' }. */
  fill?: HoleFill;
  /** 1 or 2. */
  outputScale: number;
  /** Moved into the slots. */
  background?: never;
  watermark?: WatermarkSpec;
  renderer?: Renderer;
}

const DEFAULT_FILL: HoleFill = { kind: 'blur' };
/** A photo short of its cover box by less than this (frame px) covers it: float noise of the clamp, not a gap. */
const COVER_TOLERANCE = 0.01;

function fail(message: string): never {
  throw new PipelineError('RENDER_FAILED', message);
}

/** Photo px → output px: placement's photo → frame matrix, then × outputScale. */
export function photoToOutputMatrix(t: PhotoTransform, photo: Size, outputScale: number): DOMMatrix {
  const m = photoToFrameMatrix(t, photo);
  return new DOMMatrix().scale(outputScale).multiply(new DOMMatrix([m.a, m.b, m.c, m.d, m.e, m.f]));
}

function validateSlot(slot: PhotoSlot, label: string): void {
  const { photo, transform: t, cover } = slot;
  if (!(photo?.width > 0 && photo.height > 0)) fail(`The photo${label} is empty.`);
  if (![t.x, t.y, t.scale, t.rotation].every(Number.isFinite) || t.scale <= 0) fail(`Invalid photo transform${label}.`);
  if (![cover.x, cover.y, cover.width, cover.height].every(Number.isFinite) || cover.width <= 0 || cover.height <= 0) fail(`Invalid cover box${label}.`);
  if (slot.background) validateBackground(slot.background);
}

function validate(input: CompositeInput): void {
  const { frame, slots, owner, outputScale, frameType } = input;
  if (frameType !== 'frame' && frameType !== 'background') fail(`Unknown frame type "${String(frameType)}".`);
  if (!(frame.width > 0 && frame.height > 0)) fail('The frame image is empty.');
  // 1 or 2 for results; previews draw at the size they are shown, below 1.
  if (!(Number.isFinite(outputScale) && outputScale > 0 && outputScale <= 2)) fail(`Output scale must be in (0, 2], not ${outputScale}.`);
  if (!Array.isArray(slots) || slots.length === 0) fail('There is no photo to composite.');
  slots.forEach((slot, i) => validateSlot(slot, slots.length > 1 ? ` of hole ${i + 1}` : ''));
  if (slots.length > 1 && !owner) fail(`${slots.length} photos need the frame's owner map.`);
  if (owner && (owner.width !== frame.width || owner.height !== frame.height || owner.data.length !== frame.width * frame.height)) {
    fail(`The owner map (${owner.width}×${owner.height}, ${owner.data.length} values) does not match the frame (${frame.width}×${frame.height}).`);
  }
  if (input.fill) validateHoleFill(input.fill);
  if (input.watermark) validateWatermark(input.watermark);
}

/** A layer matrix (source → output px) seen from `view`, a part of the output: moved by the view's origin. */
function inView(matrix: DOMMatrix, view: Rect): DOMMatrix {
  return view.x === 0 && view.y === 0 ? matrix : new DOMMatrix().translate(-view.x, -view.y).multiply(matrix);
}

/**
 * The photo layer. With a background choice, only the visible part of the photo, reduced to
 * about its output size, gets its background replaced: the work follows the output, not the photo.
 */
function photoLayer(slot: PhotoSlot, outputScale: number, matrix: DOMMatrix, output: Size): Layer {
  const { photo, background, transform: t } = slot;
  if (!background || background.choice.kind === 'keep') return { source: photo, matrix };
  const k = Math.min(1, t.scale * outputScale);
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

/** One slot's layers, bottom first, in the pixels of `view` (a part of the output). */
function slotLayers(input: CompositeInput, slot: PhotoSlot, view: Rect, photos: PhotoSamples): Layer[] {
  const { outputScale } = input;
  const layers: Layer[] = [];
  if (input.frameType === 'frame' && slot.background?.choice.kind === 'design') {
    const design = slot.background.image ?? fail('The background design is missing.');
    layers.push({ source: design, matrix: inView(coverMatrix(design, input.frame.width * outputScale, input.frame.height * outputScale), view) });
  }
  const { photo, transform, cover } = slot;
  if (!coversHole(transform, photo, cover, COVER_TOLERANCE / transform.scale)) {
    const source = holeFillSource(input.fill ?? DEFAULT_FILL, input.frameType, slot.background);
    const fill = source && holeFillLayer(source, { photo, transform, cover, outputScale, view }, photos);
    if (fill) layers.push(fill);
  }
  layers.push(photoLayer(slot, outputScale, inView(photoToOutputMatrix(transform, photo, outputScale), view), view));
  return layers;
}

/** Each slot drawn on a canvas the size of its owner cell and clipped to the cell. */
function clippedSlots(input: CompositeInput, owner: OwnerMap, photos: PhotoSamples): Layer[] {
  const s = input.outputScale;
  const cells = ownerCells(owner, input.slots.length);
  return input.slots.flatMap((slot, i) => {
    const cell = cells[i];
    if (!cell) return [];
    const view = { x: cell.box.x * s, y: cell.box.y * s, width: cell.box.width * s, height: cell.box.height * s };
    const canvas = renderLayersCanvas({ width: view.width, height: view.height, layers: slotLayers(input, slot, view, photos) });
    const ctx = canvas.getContext('2d') ?? fail('Canvas2D is not available.');
    // Nearest neighbour: every output pixel belongs to exactly one hole, as its frame pixel does.
    ctx.imageSmoothingEnabled = false;
    ctx.globalCompositeOperation = 'destination-in';
    ctx.drawImage(cell.mask, 0, 0, view.width, view.height);
    return [{ source: canvas, matrix: new DOMMatrix().translate(view.x, view.y) }];
  });
}

export function planLayers(input: CompositeInput): LayerPlan {
  const width = Math.round(input.frame.width * input.outputScale);
  const height = Math.round(input.frame.height * input.outputScale);
  const frame: Layer = { source: input.frame, matrix: new DOMMatrix().scale(input.outputScale) };
  const photos = photoSamples();
  const [only] = input.slots;
  const slots = input.slots.length === 1 && only ? slotLayers(input, only, { x: 0, y: 0, width, height }, photos) : clippedSlots(input, input.owner ?? fail('The owner map is missing.'), photos);
  return { width, height, layers: input.frameType === 'background' ? [frame, ...slots] : [...slots, frame] };
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
