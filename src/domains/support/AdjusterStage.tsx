import type Konva from 'konva';
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { Group, Image as KonvaImage, Layer, Rect as KonvaRect, Stage } from 'react-konva';
import { checkerPattern } from './checkerPattern.ts';
import type { Rect, Size } from '../../../core/geometry.ts';
import type { HoleFill } from '../../pipeline/index.ts';
import { markOnNextDraw, PERF_MARKS } from '../../lib/perfMarks.ts';
import { useDevicePixelRatio } from '../../lib/useDevicePixelRatio.ts';
import { HoleNodes, type AdjusterHole, type ShowTransform } from './HoleNodes.tsx';

interface AdjusterStageProps {
  holes: readonly AdjusterHole[];
  /** The edited hole, outlined when there are several. */
  active: number;
  fill: HoleFill | null;
  frameImage: CanvasImageSource | undefined;
  frameSize: Size;
  frameType: 'frame' | 'background';
  /** The stage's CSS size and CSS pixels per frame pixel. */
  stage: Size & { scale: number };
  photoBlur: number;
  photoOpacity: number;
  register: (index: number, show: ShowTransform | null) => void;
  /** The worker's picture of the committed state, drawn over the live nodes; null while there is none. */
  preview: ImageBitmap | null;
  previewRef: RefObject<Konva.Group | null>;
  /** The live nodes (frame, photos, fills): hidden while the preview covers them, so a redraw skips their filters. */
  liveRef: RefObject<Konva.Group | null>;
}

/** The edited hole's outline: a dark and a light ring, so it shows on any photo and in high contrast. */
function ActiveOutline({ rect }: { rect: Rect }) {
  return (
    <>
      <KonvaRect name="active-hole" {...rect} stroke="#000000" strokeWidth={5} strokeScaleEnabled={false} listening={false} />
      <KonvaRect {...rect} stroke="#ffffff" strokeWidth={2} dash={[8, 4]} strokeScaleEnabled={false} listening={false} />
    </>
  );
}

/**
 * The adjuster's Konva view: every hole's photo over its fill, the frame on top ('frame' campaigns) or
 * underneath ('background' campaigns), and with several holes each photo clipped to its hole's cover
 * box and the edited hole outlined. Over them, once it has arrived, the worker's preview of the committed
 * picture (what will be downloaded), the live nodes hidden under it; they show while a gesture moves away from it.
 * Listens to nothing: the surface around it takes the gestures.
 */
export function AdjusterStage({ holes, active, fill, frameImage, frameSize, frameType, stage, photoBlur, photoOpacity, register, preview, previewRef, liveRef }: AdjusterStageProps) {
  const layer = useRef<Konva.Layer>(null);
  const pixelRatio = useDevicePixelRatio();

  // Sharp on high-density screens, also after the ratio changes (browser zoom, another screen). Setting the ratio
  // clears the canvas until the next frame's draw, so only when it differs from the canvas's own.
  useEffect(() => {
    const canvas = layer.current?.getCanvas();
    if (!canvas || canvas.getPixelRatio() === pixelRatio) return;
    canvas.setPixelRatio(pixelRatio);
    layer.current?.batchDraw();
  }, [pixelRatio, stage.width]);

  // The bench's pick → preview ends when the layer first draws a newly placed photo (before its draw is scheduled).
  const placedProxy = holes[0]?.proxy;
  useLayoutEffect(() => markOnNextDraw(layer.current, PERF_MARKS.preview), [placedProxy]);

  const several = holes.length > 1;
  const edited = holes[active];
  const frame = frameImage ? <KonvaImage image={frameImage} width={frameSize.width} height={frameSize.height} listening={false} /> : null;
  return (
    <Stage width={stage.width} height={stage.height} scaleX={stage.scale} scaleY={stage.scale} listening={false}>
      <Layer ref={layer} listening={false}>
        <Group ref={liveRef} name="live" visible={!preview} listening={false}>
          {frameType === 'background' && frame}
          {holes.map((hole, index) => (
            <HoleNodes
              // Holes keep their order for a frame; a new frame gives a new set.
              // eslint-disable-next-line react/no-array-index-key
              key={index}
              index={index}
              hole={hole}
              fill={fill}
              clip={several}
              opacity={photoOpacity}
              photoBlur={photoBlur}
              cssPixel={1 / stage.scale}
              register={register}
            />
          ))}
          {frameType === 'frame' && frame}
        </Group>
        {preview && (
          // Opaque as a whole: where the result is see-through (a PNG), the usual checkerboard, never the live nodes.
          <Group ref={previewRef} name="preview" listening={false}>
            <KonvaRect width={frameSize.width} height={frameSize.height} fillPatternImage={checkerPattern()} fillPatternScale={{ x: 1 / stage.scale, y: 1 / stage.scale }} />
            <KonvaImage image={preview} width={frameSize.width} height={frameSize.height} />
          </Group>
        )}
        {several && edited && <ActiveOutline rect={edited.cover} />}
      </Layer>
    </Stage>
  );
}
