import type Konva from 'konva';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { Group, Image as KonvaImage, Rect as KonvaRect } from 'react-konva';
import type { Rect, Size } from '../../../core/geometry.ts';
import { blurFillPlacement } from '../../../core/holeFill.ts';
import { coversHole, type HoleFill, type PhotoTransform } from '../../pipeline/index.ts';
import { photoNodeAttrs, type PhotoNodeAttrs } from './adjusterMath.ts';
import { checkerPattern } from './checkerPattern.ts';
import { photoEdgeColor } from './photoEdgeColor.ts';

/** One hole of the adjuster: its photo, where the photo sits, and the box it must fill. */
export interface AdjusterHole {
  /** Preview copy of the photo (LoadedPhoto.proxy). */
  proxy: ImageBitmap;
  /** Working-image size: the space of `transform`. */
  photoSize: Size;
  /** The hole's cover box in frame pixels (HoleRegion.cover): the clamp's hole and the fill's box. */
  cover: Rect;
  /** The committed placement. */
  transform: PhotoTransform;
  /** What Reset goes back to (the automatic placement). */
  auto: PhotoTransform;
}

/** Moves a hole's nodes to a transform without a React render. */
export type ShowTransform = (transform: PhotoTransform) => void;

interface HoleNodesProps {
  hole: AdjusterHole;
  /** What fills the cover box where the photo does not reach ('transparent': a checkerboard); null for nothing (a design shows). */
  fill: HoleFill | null;
  /** Clip the photo to its cover box (frames with several holes, so photos never spill into a neighbour). */
  clip: boolean;
  opacity: number;
  /** Blur of the whole photo in frame pixels (a background campaign's 'blur' choice); 0 for none. */
  photoBlur: number;
  /** Frame pixels per CSS pixel, so the transparency checkerboard keeps its size on screen. */
  cssPixel: number;
  index: number;
  /** Hands the parent the function that moves this hole's nodes (null on unmount). */
  register: (index: number, show: ShowTransform | null) => void;
}

function moveNode(node: Konva.Image, attrs: PhotoNodeAttrs): void {
  node.position({ x: attrs.x, y: attrs.y });
  node.rotation(attrs.rotation);
  node.scale({ x: attrs.scaleX, y: attrs.scaleY });
  node.offset({ x: attrs.offsetX, y: attrs.offsetY });
}

/** Cache pixels per proxy pixel for a blur of `sigma` proxy pixels: a few cache pixels of blur are plenty. */
const blurCacheRatio = (sigma: number) => Math.min(1, 3 / Math.max(sigma, 1));

/**
 * The Konva nodes of one hole: the fill (clipped to the cover box, shown only while the photo leaves
 * part of it uncovered) under the photo. Gestures move them through the function given to `register`.
 */
export function HoleNodes({ hole, fill, clip, opacity, photoBlur, cssPixel, index, register }: HoleNodesProps) {
  const { proxy, photoSize, cover, transform } = hole;
  const photoNode = useRef<Konva.Image>(null);
  const fillGroup = useRef<Konva.Group>(null);
  const blurNode = useRef<Konva.Image>(null);
  const latest = useRef(hole);
  latest.current = hole;

  const show = useCallback<ShowTransform>((next) => {
    const { proxy: image, photoSize: size, cover: box } = latest.current;
    const node = photoNode.current;
    if (node) moveNode(node, photoNodeAttrs(next, size, image));
    fillGroup.current?.visible(!coversHole(next, size, box));
    if (blurNode.current) moveNode(blurNode.current, photoNodeAttrs(blurFillPlacement(next, size, box).transform, size, image));
    node?.getLayer()?.batchDraw();
  }, []);

  useLayoutEffect(() => {
    register(index, show);
    return () => register(index, null);
  }, [register, index, show]);

  // The whole-photo blur (background choice) needs a cached node; Konva then applies the CSS filter natively.
  useEffect(() => {
    const node = photoNode.current;
    if (!node) return;
    if (photoBlur > 0) {
      const proxyPixels = photoBlur / ((transform.scale * photoSize.width) / proxy.width);
      node.filters([`blur(${Math.max(1, Math.round(proxyPixels))}px)`]);
      node.cache();
    } else {
      node.filters([]);
      node.clearCache();
    }
    node.getLayer()?.batchDraw();
    // Only a new blur or image needs a new cache; a zoom keeps the blur approximate, like the preview promises.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [photoBlur, proxy]);

  // The blurred fill: σ in proxy pixels follows the committed zoom, rounded so small moves keep the cache.
  const blur = blurFillPlacement(transform, photoSize, cover);
  const blurProxyPixels = Math.max(1, Math.round(blur.sigma / ((blur.transform.scale * photoSize.width) / proxy.width)));
  useEffect(() => {
    const node = blurNode.current;
    if (!node) return;
    node.filters([`blur(${blurProxyPixels}px)`]);
    node.cache({ pixelRatio: blurCacheRatio(blurProxyPixels) });
    node.getLayer()?.batchDraw();
  }, [blurProxyPixels, proxy, fill?.kind]);

  const covered = coversHole(transform, photoSize, cover);
  return (
    <Group listening={false} {...(clip ? { clip: cover } : {})}>
      {fill && (
        <Group ref={fillGroup} name="hole-fill" clip={cover} visible={!covered}>
          {fill.kind === 'blur' && <KonvaImage ref={blurNode} image={proxy} perfectDrawEnabled={false} {...photoNodeAttrs(blur.transform, photoSize, proxy)} />}
          {fill.kind === 'edge' && <KonvaRect {...cover} fill={photoEdgeColor(proxy)} />}
          {fill.kind === 'color' && <KonvaRect {...cover} fill={fill.color} />}
          {fill.kind === 'transparent' && <KonvaRect {...cover} fillPatternImage={checkerPattern()} fillPatternScale={{ x: cssPixel, y: cssPixel }} />}
        </Group>
      )}
      <KonvaImage ref={photoNode} name="photo" image={proxy} opacity={opacity} perfectDrawEnabled={false} {...photoNodeAttrs(transform, photoSize, proxy)} />
    </Group>
  );
}
