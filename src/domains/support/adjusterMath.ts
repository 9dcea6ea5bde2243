/**
 * Pure math of the photo adjuster: how a PhotoTransform (working-image coordinates) maps onto the
 * Konva node that draws the smaller proxy, how the stage fits its container, and what wheel, pinch
 * and keys do to the transform. Every transform returned keeps placement's clamp rule (core/placement.ts).
 */
import { pan, setRotationAbout, zoomAt, type PhotoTransform } from '../../pipeline/index.ts';
import type { Point, Rect, Size } from '../../../core/geometry.ts';
import { coverScaleMin } from '../../../core/placement.ts';

const RAD = Math.PI / 180;

/** Attributes of the Konva.Image that draws `proxy` where the working image sits under `t`. */
export interface PhotoNodeAttrs {
  x: number;
  y: number;
  rotation: number;
  scaleX: number;
  scaleY: number;
  offsetX: number;
  offsetY: number;
}

/**
 * The proxy is the working image reduced (≤ 1280 px a side), so one proxy pixel stands for
 * working / proxy working pixels; the node's scale undoes that reduction. Both axes separately,
 * since rounding the proxy size can change its aspect ratio slightly.
 */
export function photoNodeAttrs(t: PhotoTransform, working: Size, proxy: Size): PhotoNodeAttrs {
  return {
    x: t.x,
    y: t.y,
    rotation: t.rotation,
    scaleX: (t.scale * working.width) / proxy.width,
    scaleY: (t.scale * working.height) / proxy.height,
    offsetX: proxy.width / 2,
    offsetY: proxy.height / 2,
  };
}

/** Stage size for a container: the frame scaled to the container width, no taller than `maxHeight`. */
export function fitStage(containerWidth: number, frame: Size, maxHeight = Number.POSITIVE_INFINITY): Size & { scale: number } {
  if (!(containerWidth > 0) || !(frame.width > 0) || !(frame.height > 0)) return { width: 0, height: 0, scale: 0 };
  const scale = Math.min(containerWidth / frame.width, maxHeight > 0 ? maxHeight / frame.height : Number.POSITIVE_INFINITY);
  return { width: Math.round(frame.width * scale), height: Math.round(frame.height * scale), scale };
}

/** Turns the photo by `degrees` about a frame point (two-finger rotate); a photo that covered the hole keeps covering it. */
export function rotateAbout(t: PhotoTransform, degrees: number, anchor: Point, photo: Size, hole: Rect): PhotoTransform {
  return setRotationAbout(t, t.rotation + degrees, anchor, photo, hole);
}

const distance = (a: Point, b: Point) => Math.hypot(b.x - a.x, b.y - a.y);
const angle = (a: Point, b: Point) => Math.atan2(b.y - a.y, b.x - a.x) / RAD;
const middle = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });

/**
 * One step of a two-finger gesture from pointers `before` to `after` (frame pixels): the midpoint's
 * move pans, the distance ratio zooms and the angle change turns, both about the new midpoint.
 */
export function pinchStep(t: PhotoTransform, before: [Point, Point], after: [Point, Point], photo: Size, hole: Rect): PhotoTransform {
  const [a0, b0] = before;
  const [a1, b1] = after;
  const d0 = distance(a0, b0);
  const d1 = distance(a1, b1);
  // Fingers on top of each other give no direction: treat it as a plain pan.
  if (!(d0 > 1) || !(d1 > 1)) return pan(t, middle(a1, b1).x - middle(a0, b0).x, middle(a1, b1).y - middle(a0, b0).y, photo, hole);
  const m0 = middle(a0, b0);
  const m1 = middle(a1, b1);
  let turn = angle(a1, b1) - angle(a0, b0);
  if (turn > 180) turn -= 360;
  if (turn < -180) turn += 360;
  const moved = pan(t, m1.x - m0.x, m1.y - m0.y, photo, hole);
  const zoomed = zoomAt(moved, d1 / d0, m1, photo, hole);
  return turn === 0 ? zoomed : rotateAbout(zoomed, turn, m1, photo, hole);
}

/**
 * What the adjuster announces after a keyboard or button change: the zoom as a share of the smallest scale that
 * still covers the hole (100 = just covering), and the rotation in whole degrees within (−180, 180].
 */
export function adjusterReading(t: PhotoTransform, photo: Size, hole: Size): { zoom: number; rotation: number } {
  const rotation = Math.round(t.rotation) % 360;
  const folded = rotation > 180 ? rotation - 360 : rotation <= -180 ? rotation + 360 : rotation;
  return { zoom: Math.round((t.scale / coverScaleMin(photo, hole, t.rotation)) * 100), rotation: folded };
}

export type AdjusterKeyAction = { kind: 'pan'; dx: number; dy: number } | { kind: 'zoom'; factor: number };

export const KEY_ZOOM_FACTOR = 1.1;

/**
 * Keyboard: arrows move the photo by 2 % of the hole (10 % with Shift), + and − zoom about the hole
 * centre. Null for keys the adjuster leaves alone.
 */
export function keyAction(key: string, shiftKey: boolean, hole: Size): AdjusterKeyAction | null {
  const step = Math.max(hole.width, hole.height) * (shiftKey ? 0.1 : 0.02);
  switch (key) {
    case 'ArrowLeft':
      return { kind: 'pan', dx: -step, dy: 0 };
    case 'ArrowRight':
      return { kind: 'pan', dx: step, dy: 0 };
    case 'ArrowUp':
      return { kind: 'pan', dx: 0, dy: -step };
    case 'ArrowDown':
      return { kind: 'pan', dx: 0, dy: step };
    case '+':
    case '=':
      return { kind: 'zoom', factor: KEY_ZOOM_FACTOR };
    case '-':
    case '_':
      return { kind: 'zoom', factor: 1 / KEY_ZOOM_FACTOR };
    default:
      return null;
  }
}

export function holeCentre(hole: Rect): Point {
  return { x: hole.x + hole.width / 2, y: hole.y + hole.height / 2 };
}

/** Applies a key action; zoom keeps the hole centre fixed. */
export function applyKeyAction(t: PhotoTransform, action: AdjusterKeyAction, photo: Size, hole: Rect): PhotoTransform {
  return action.kind === 'pan' ? pan(t, action.dx, action.dy, photo, hole) : zoomAt(t, action.factor, holeCentre(hole), photo, hole);
}

/** Client (CSS) pixels → frame pixels, given the stage's box on the page and its scale. */
export function clientToFrame(client: Point, box: Point, scale: number): Point {
  return { x: (client.x - box.x) / scale, y: (client.y - box.y) / scale };
}
