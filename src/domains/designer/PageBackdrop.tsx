import Konva from 'konva';
import { Group, Rect, Shape } from 'react-konva';
import type { DesignDocument } from '../../../contract/design.ts';
import type { AffineMatrix, Rect as Box } from '../../../core/geometry.ts';

export interface DesignUnderlay {
  image: CanvasImageSource;
  width: number;
  height: number;
  /** Photo px → document px. */
  matrix: AffineMatrix;
  /** The hole's bounds (document px): the photo shows only there, so it does not show in another hole. */
  clip: Box;
}

let checker: HTMLCanvasElement | null = null;
/** 16 px tile of the transparency checkerboard. */
function checkerTile(): HTMLCanvasElement {
  if (checker) return checker;
  checker = document.createElement('canvas');
  checker.width = checker.height = 16;
  const ctx = checker.getContext('2d')!;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, 16, 16);
  ctx.fillStyle = '#e5e7eb';
  ctx.fillRect(0, 0, 8, 8);
  ctx.fillRect(8, 8, 8, 8);
  return checker;
}

/**
 * What shows through the page's transparent parts: a checkerboard (the same screen size at any zoom) and the sample
 * photos, each clipped to its hole's bounds within the page; later ones (smaller holes) draw over earlier ones where
 * bounds overlap.
 */
export function PageBackdrop({ design, zoom, underlays }: { design: DesignDocument; zoom: number; underlays: readonly DesignUnderlay[] }) {
  return (
    <>
      <Rect width={design.width} height={design.height} fillPatternImage={checkerTile() as unknown as HTMLImageElement} fillPatternScale={{ x: 1 / zoom, y: 1 / zoom }} fillPatternRepeat="repeat" />
      {underlays.map((underlay, index) => {
        const { x, y, width, height } = pageClip(underlay.clip, design);
        return (
          <Group key={index} clipX={x} clipY={y} clipWidth={width} clipHeight={height} name="sample-underlay">
            <Shape
              sceneFunc={(context: Konva.Context) => {
                const { a, b, c, d, e, f } = underlay.matrix;
                context._context.transform(a, b, c, d, e, f);
                context._context.drawImage(underlay.image, 0, 0, underlay.width, underlay.height);
              }}
            />
          </Group>
        );
      })}
    </>
  );
}

/** The clip within the page (an empty box when it lies outside). */
function pageClip(clip: Box, design: DesignDocument): Box {
  const x = Math.max(0, clip.x);
  const y = Math.max(0, clip.y);
  const right = Math.min(design.width, clip.x + clip.width);
  const bottom = Math.min(design.height, clip.y + clip.height);
  return { x, y, width: Math.max(0, right - x), height: Math.max(0, bottom - y) };
}
