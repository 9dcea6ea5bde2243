import Konva from 'konva';
import { Group, Rect, Shape } from 'react-konva';
import type { DesignDocument } from '../../../contract/design.ts';
import type { AffineMatrix } from '../../../core/geometry.ts';

export interface DesignUnderlay {
  image: CanvasImageSource;
  width: number;
  height: number;
  /** Photo px → document px. */
  matrix: AffineMatrix;
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

/** What shows through the page's transparent parts: a checkerboard (the same screen size at any zoom) and the sample photo. */
export function PageBackdrop({ design, zoom, underlay }: { design: DesignDocument; zoom: number; underlay: DesignUnderlay | null }) {
  return (
    <>
      <Rect width={design.width} height={design.height} fillPatternImage={checkerTile() as unknown as HTMLImageElement} fillPatternScale={{ x: 1 / zoom, y: 1 / zoom }} fillPatternRepeat="repeat" />
      {underlay && (
        <Group clipX={0} clipY={0} clipWidth={design.width} clipHeight={design.height}>
          <Shape
            sceneFunc={(context: Konva.Context) => {
              const { a, b, c, d, e, f } = underlay.matrix;
              context._context.transform(a, b, c, d, e, f);
              context._context.drawImage(underlay.image, 0, 0, underlay.width, underlay.height);
            }}
          />
        </Group>
      )}
    </>
  );
}
