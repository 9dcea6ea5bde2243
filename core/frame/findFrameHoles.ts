/**
 * Where the photo shows through a frame: the one set of hole rules, used by the worker at upload
 * (workers/frameAnalysis.ts, wasm kernel or its TypeScript twin) and by the server's frame check
 * (server/domain/frameImage.ts, sharp's alpha plane and the TypeScript twin).
 *
 *   findFrameHoles({ width, height, alpha, channels }, labeller?) → { width, height, holes, transparentShare }
 *
 * Rules:
 * - A pixel is transparent when alpha < FRAME_ALPHA_THRESHOLD. Holes are 4-connected components
 *   (a one-pixel diagonal stroke of the frame still separates two windows).
 * - Components smaller than FRAME_MIN_HOLE_SHARE of the canvas are specks (anti-aliasing gaps,
 *   stray pixels) and never become holes; they still count towards `transparentShare`.
 * - Border rule: when the enclosed holes (not touching the canvas edge) together cover at least
 *   FRAME_MIN_TRANSPARENT_SHARE of the canvas, regions touching the edge are the outside of a shaped
 *   frame (transparent corners around a circular badge) and are dropped, because users expect their
 *   photo inside the badge. Otherwise (overlay or banner frames whose window is open to an edge)
 *   border regions are holes like any other.
 * - Holes are sorted largest first (ties: top-most, then left-most), so `holes[0]` is where the photo goes.
 * Nothing here throws for a frame without holes: callers decide (see frameHolesProblem).
 */
import { CAMPAIGN_LIMITS } from '../../contract/campaignWrite.ts';
import type { Rect, Size } from '../geometry.ts';
import { labelAlpha, STAT_FIELDS, type AlphaLabeller } from './labelAlpha.ts';

/** Alpha below this (0..255) is transparent. */
export const FRAME_ALPHA_THRESHOLD = 128;
/** Smallest component kept as a hole, as a share of the canvas. */
export const FRAME_MIN_HOLE_SHARE = 0.002;
/** A frame needs at least this share of transparent pixels (the server's limit); also the enclosed share of the border rule. */
export const FRAME_MIN_TRANSPARENT_SHARE: number = CAMPAIGN_LIMITS.frameMinTransparentShare;

/** A transparent region of a frame (connected component of alpha below the threshold). */
export interface FrameHole extends Rect {
  /** Transparent pixels in this component. */
  area: number;
  /** area / (frame width × height). */
  share: number;
}

export interface FrameAnalysis extends Size {
  /** Largest first. */
  holes: FrameHole[];
  /** Share of all transparent pixels in the canvas, 0..1. */
  transparentShare: number;
}

/** A frame's alpha: one byte per pixel (`channels` 1, e.g. sharp's extracted alpha) or RGBA (`channels` 4, the default). */
export interface FrameAlpha {
  width: number;
  height: number;
  alpha: Uint8Array | Uint8ClampedArray;
  channels?: 1 | 4;
}

export interface FindFrameHolesOptions {
  /** Defaults to FRAME_ALPHA_THRESHOLD. */
  alphaThreshold?: number;
  /** Defaults to FRAME_MIN_HOLE_SHARE. */
  minHoleShare?: number;
}

/** Holes and coverage of a frame; `labeller` is the TypeScript twin unless the caller has the wasm kernel. */
export function findFrameHoles(frame: FrameAlpha, labeller: AlphaLabeller = labelAlpha, options: FindFrameHolesOptions = {}): FrameAnalysis {
  const { width, height, alpha, channels = 4 } = frame;
  const stats = labeller(alpha, width, height, options.alphaThreshold ?? FRAME_ALPHA_THRESHOLD, channels);
  return holesFromComponents(stats, width, height, options.minHoleShare ?? FRAME_MIN_HOLE_SHARE);
}

/** Turns labelled components (STAT_FIELDS records) into holes following the rules at the top of this file. */
export function holesFromComponents(stats: Int32Array, width: number, height: number, minHoleShare: number = FRAME_MIN_HOLE_SHARE): FrameAnalysis {
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
  const enclosedShare = enclosed.reduce((sum, hole) => sum + hole.share, 0);
  const holes = enclosedShare >= FRAME_MIN_TRANSPARENT_SHARE ? enclosed : [...enclosed, ...border];
  holes.sort((a, b) => b.area - a.area || a.y - b.y || a.x - b.x);
  return { width, height, holes, transparentShare: transparent / canvas };
}

/** Why a frame cannot take a photo: too little transparency, or transparency only as specks; null when it can. */
export function frameHolesProblem(analysis: FrameAnalysis): 'notTransparent' | 'noHole' | null {
  if (analysis.transparentShare < FRAME_MIN_TRANSPARENT_SHARE) return 'notTransparent';
  if (analysis.holes.length === 0) return 'noHole';
  return null;
}

/**
 * A frame analysis from holes found earlier (the campaign payload stores what the server found at upload),
 * so the frame is not analysed again. Holes are clipped to the canvas and keep their order (largest first);
 * their area is their box (the component's pixel count is not stored), and so is transparentShare.
 * Null when no usable hole is left: then the frame has to be analysed.
 */
export function frameAnalysisFromHoles(width: number, height: number, known: readonly Rect[]): FrameAnalysis | null {
  const canvas = width * height;
  const holes: FrameHole[] = [];
  for (const hole of known) {
    const x = Math.max(0, Math.round(hole.x));
    const y = Math.max(0, Math.round(hole.y));
    const right = Math.min(width, Math.round(hole.x + hole.width));
    const bottom = Math.min(height, Math.round(hole.y + hole.height));
    if (!(right > x && bottom > y)) continue;
    const area = (right - x) * (bottom - y);
    holes.push({ x, y, width: right - x, height: bottom - y, area, share: area / canvas });
  }
  if (holes.length === 0 || !(canvas > 0)) return null;
  return { width, height, holes, transparentShare: Math.min(1, holes.reduce((sum, hole) => sum + hole.share, 0)) };
}
