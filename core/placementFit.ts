/**
 * The search behind autoPlace with faces (core/placement.ts): the largest scale in a range at which
 * an upright photo can sit so that it keeps placement's clamp rule and the faces' union box lies
 * inside the body shrunk by a margin. Each axis is solved alone (the photo is upright), in frame
 * pixels, for E, where the photo's near edge (x = 0 or y = 0) lands at scale s:
 *
 *   clamp rule  E between h0 and h0 + H − p·s   (covers the hole [h0, h0 + H] when p·s ≥ H, inside it otherwise)
 *   faces       E in [b0 + m − a·s, b0 + B − m − b·s]   (union [a, b] in photo px, body [b0, b0 + B], margin m)
 *
 * Every bound is linear in s, so the scales where an axis stops or starts fitting are where two of
 * its bounds cross. The largest fitting scale is therefore the range's top or one of those
 * crossings: the candidates are tried from the top down. Closed form, no iteration, deterministic.
 */
import type { Rect, Size } from './geometry.ts';

export interface FitInput {
  photo: Size;
  /** The faces' union box, in photo pixels. */
  faces: Rect;
  /** The rect the clamp rule uses, in frame pixels. */
  hole: Rect;
  /** Where the faces must land, in frame pixels. */
  body: Rect;
  /** Frame pixels kept between every face and the body's edges. */
  margin: number;
  /** Scales to search; `min` wins when `max` is below it. */
  scales: { min: number; max: number };
}

/** The photo's centre in frame pixels, and its scale. */
export interface Fit {
  x: number;
  y: number;
  scale: number;
}

/** p + q·s */
type Linear = readonly [p: number, q: number];

interface Axis {
  photo: number;
  holeStart: number;
  holeLength: number;
  bodyStart: number;
  bodyLength: number;
  faceStart: number;
  faceEnd: number;
}

const at = ([p, q]: Linear, s: number) => p + q * s;

function axes({ photo, faces, hole, body }: FitInput): [Axis, Axis] {
  return [
    { photo: photo.width, holeStart: hole.x, holeLength: hole.width, bodyStart: body.x, bodyLength: body.width, faceStart: faces.x, faceEnd: faces.x + faces.width },
    { photo: photo.height, holeStart: hole.y, holeLength: hole.height, bodyStart: body.y, bodyLength: body.height, faceStart: faces.y, faceEnd: faces.y + faces.height },
  ];
}

/** The clamp rule's two edge bounds and the faces' lower and upper bounds. */
function bounds(axis: Axis, margin: number): { clamp: [Linear, Linear]; faces: [Linear, Linear] } {
  return {
    clamp: [
      [axis.holeStart, 0],
      [axis.holeStart + axis.holeLength, -axis.photo],
    ],
    faces: [
      [axis.bodyStart + margin, -axis.faceStart],
      [axis.bodyStart + axis.bodyLength - margin, -axis.faceEnd],
    ],
  };
}

/** Where the photo's edge may go at scale s: by the clamp rule alone, and with the faces too (lo > hi when they cannot). */
function allowed(axis: Axis, margin: number, s: number): { clamp: [number, number]; both: [number, number] } {
  const { clamp, faces } = bounds(axis, margin);
  const lo = Math.min(at(clamp[0], s), at(clamp[1], s));
  const hi = Math.max(at(clamp[0], s), at(clamp[1], s));
  return { clamp: [lo, hi], both: [Math.max(lo, at(faces[0], s)), Math.min(hi, at(faces[1], s))] };
}

/** Scales where two of the axis's bounds cross. */
function crossings(axis: Axis, margin: number): number[] {
  const { clamp, faces } = bounds(axis, margin);
  const lines = [...clamp, ...faces];
  return lines.flatMap(([p1, q1], i) => lines.slice(i + 1).flatMap(([p2, q2]) => (q1 === q2 ? [] : [(p2 - p1) / (q1 - q2)])));
}

export function fitFaces(input: FitInput): Fit {
  const { margin, hole } = input;
  const [ax, ay] = axes(input);
  const min = input.scales.min;
  const max = Math.max(input.scales.max, min);
  // Crossings are exact only up to rounding, so "fits" allows a hair.
  const tolerance = 1e-9 * Math.max(hole.width, hole.height);
  const fits = (axis: Axis, s: number) => {
    const [lo, hi] = allowed(axis, margin, s).both;
    return lo <= hi + tolerance;
  };
  const candidates = [max, ...crossings(ax, margin), ...crossings(ay, margin)].filter((s) => s > min && s <= max).sort((a, b) => b - a);
  const scale = candidates.find((s) => fits(ax, s) && fits(ay, s)) ?? min;

  // Faces' centre over the body centre, or the nearest edge position allowed (faces and rule if
  // they can both hold on this axis, else the rule alone).
  const edge = (axis: Axis) => {
    const want = axis.bodyStart + axis.bodyLength / 2 - ((axis.faceStart + axis.faceEnd) / 2) * scale;
    const { clamp, both } = allowed(axis, margin, scale);
    const [lo, hi] = fits(axis, scale) ? both : clamp;
    return Math.min(Math.max(want, lo), hi);
  };
  return { x: edge(ax) + (ax.photo * scale) / 2, y: edge(ay) + (ay.photo * scale) / 2, scale };
}
