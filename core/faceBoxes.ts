/** Pure geometry of the face stage: tiles for small faces, and merging duplicate detections. */
import type { Rect, Size } from './geometry.ts';
import type { FaceBox } from './pictureTypes.ts';

export function boxIoU(a: Rect, b: Rect): number {
  const inter = intersection(a, b);
  const union = a.width * a.height + b.width * b.height - inter;
  return union > 0 ? inter / union : 0;
}

function intersection(a: Rect, b: Rect): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/** Share of the smaller box covered by the other: catches a half face found at a tile edge. */
function containment(a: Rect, b: Rect): number {
  const smaller = Math.min(a.width * a.height, b.width * b.height);
  return smaller > 0 ? intersection(a, b) / smaller : 0;
}

/**
 * Non-maximum suppression across passes: the best-scoring box of each overlapping group wins.
 * Boxes overlap when IoU ≥ `iou` or one mostly contains the other (≥ `contained`).
 */
export function mergeFaceBoxes(faces: FaceBox[], iou = 0.3, contained = 0.6): FaceBox[] {
  const kept: FaceBox[] = [];
  for (const face of [...faces].sort((a, b) => b.score - a.score)) {
    if (kept.every((k) => boxIoU(k.box, face.box) < iou && containment(k.box, face.box) < contained)) kept.push(face);
  }
  return kept;
}

/**
 * Overlapping square tiles, each `share` of the short side, spaced at most half a tile apart so
 * any face smaller than half a tile lies wholly in one tile, well away from its edges. When one
 * tile almost spans a side (≤ 1/8 of a tile left over) it is centred instead of doubled: the
 * usual 4:3 or 3:2 photo gets one row of two or three tiles, and the strips left at its ends
 * (≤ 1/16 tile) hold only faces cut by the photo's edge, which the whole-image pass still sees.
 * No tiles for images whose short side is below `minSide` (their faces are big enough).
 */
export function faceTiles(size: Size, share = 0.9, minSide = 256): Rect[] {
  const short = Math.min(size.width, size.height);
  if (short < minSide) return [];
  const side = Math.round(short * share);
  const starts = (length: number) => {
    const spare = length - side;
    if (spare <= side / 8) return [Math.round(spare / 2)];
    const count = Math.ceil(spare / (side / 2)) + 1;
    return Array.from({ length: count }, (_, i) => Math.round((spare * i) / (count - 1)));
  };
  return starts(size.height).flatMap((y) => starts(size.width).map((x) => ({ x, y, width: side, height: side })));
}

/** Faces scaled from a copy of an image to the image itself. */
export function scaleFaces(faces: FaceBox[], sx: number, sy: number): FaceBox[] {
  return faces.map((f) => ({
    box: { x: f.box.x * sx, y: f.box.y * sy, width: f.box.width * sx, height: f.box.height * sy },
    score: f.score,
    keypoints: f.keypoints.map((k) => ({ x: k.x * sx, y: k.y * sy })),
  }));
}

/**
 * Drops faces cut by a tile edge that lies inside the image: such a box is part of a face
 * that a neighbouring tile (or the whole-image pass) sees completely.
 */
export function dropCutFaces(faces: FaceBox[], tile: Rect, image: Size, margin = 0.01 * tile.width): FaceBox[] {
  const right = tile.x + tile.width;
  const bottom = tile.y + tile.height;
  return faces.filter(({ box }) => {
    if (tile.x > 0 && box.x < tile.x + margin) return false;
    if (tile.y > 0 && box.y < tile.y + margin) return false;
    if (right < image.width && box.x + box.width > right - margin) return false;
    if (bottom < image.height && box.y + box.height > bottom - margin) return false;
    return true;
  });
}
