import { startTransition, useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Point, Size } from '../../../core/geometry.ts';
import type Konva from 'konva';
import { rotateBy, setRotation, zoomAt, type HoleFill, type PhotoTransform, type OutputFormat, type PictureOptions, type Pipeline } from '../../pipeline/index.ts';
import { useDevicePixelRatio } from '../../lib/useDevicePixelRatio.ts';
import { useElementWidth } from '../../lib/useElementWidth.ts';
import { AdjusterControls } from './AdjusterControls.tsx';
import { AdjusterStage } from './AdjusterStage.tsx';
import { adjusterReading, applyKeyAction, fitStage, holeCentre, keyAction } from './adjusterMath.ts';
import type { AdjusterHole, ShowTransform } from './HoleNodes.tsx';
import { HoleSwitcher } from './HoleSwitcher.tsx';
import { useAdjusterGestures, type GestureTarget } from './useAdjusterGestures.ts';
import { useAdjusterPreview } from './useAdjusterPreview.ts';

export type { AdjusterHole } from './HoleNodes.tsx';

export interface PhotoAdjusterProps {
  /** One per hole of the frame, in hole order. */
  holes: readonly AdjusterHole[];
  /** The hole the gestures, keys and buttons act on. */
  active: number;
  onActiveChange: (index: number) => void;
  /** Called once per finished gesture, button press or key, never per pointer move. */
  onTransformChange: (index: number, transform: PhotoTransform) => void;
  /** The campaign's frame (or design); the stage shows nothing of it until it has loaded. */
  frameImage: CanvasImageSource | undefined;
  frameSize: Size;
  /** 'frame': photos under the frame; 'background': photos over the design. */
  frameType: 'frame' | 'background';
  /** What fills a hole where its photo does not reach ('transparent': a checkerboard); null for nothing. Default: blur. */
  fill?: HoleFill | null;
  /** Approximate blur of the photos, in frame pixels (the background choice 'blur'); 0 for none. */
  previewBlur?: number;
  /** Opacity of the photos in the preview (1 = opaque), e.g. to hint at a cut-out over the design. */
  previewOpacity?: number;
  /** Largest stage height in CSS pixels (defaults to 70 % of the viewport). */
  maxHeight?: number;
  /** Shown beside the photo-area switcher (frames with several holes). */
  holeActions?: ReactNode;
  /** The committed picture, previewed by the worker exactly as it will be downloaded (useAdjusterPreview); without it the stage shows its live nodes only. */
  preview?: { pipeline: Pipeline | null; picture: PictureOptions | null; format: OutputFormat };
}

const DEFAULT_FILL: HoleFill = { kind: 'blur' };

const sameTransform = (a: PhotoTransform, b: PhotoTransform) => a.x === b.x && a.y === b.y && a.scale === b.scale && a.rotation === b.rotation;

const inside = (point: Point, rect: { x: number; y: number; width: number; height: number }) =>
  point.x >= rect.x && point.y >= rect.y && point.x <= rect.x + rect.width && point.y <= rect.y + rect.height;

/**
 * Drag, wheel, pinch, two-finger rotate, keys, buttons and a slider move the edited hole's photo behind
 * the frame; with several holes a press in another hole or the photo-area switcher picks the hole to edit.
 * Gestures write straight to the Konva nodes (no React render per pointer move, so it stays at 60 fps)
 * and commit the plain-number transform when they end.
 */
export function PhotoAdjuster(props: PhotoAdjusterProps) {
  const { holes, active, frameImage, frameSize, frameType, fill = DEFAULT_FILL, previewBlur = 0, previewOpacity = 1, holeActions } = props;
  const { t } = useTranslation();
  const id = useId();
  /** Said by a screen reader after a keyboard or button change: the zoom and the rotation it left. */
  const [announcement, setAnnouncement] = useState('');
  const wrapper = useRef<HTMLDivElement>(null);
  const surface = useRef<HTMLDivElement>(null);
  const slider = useRef<HTMLInputElement>(null);
  const shows = useRef(new Map<number, ShowTransform>());
  const edited = holes[active] ?? holes[0];
  /** The shown transform and the hole it belongs to (a pending wheel commit may outlive a hole switch). */
  const live = useRef({ index: active, transform: edited?.transform });
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });

  const width = useElementWidth(wrapper);
  // The Konva stage mounts in a render of its own, after the adjuster's commit (a transition: React renders it in a
  // later task). Konva's and react-konva's first run (30-40 ms on the bench machine) together with the adjuster's
  // commit and the layout it measures made one long task when the first photo arrived. The surface has its size
  // meanwhile.
  const [stageReady, setStageReady] = useState(false);
  useEffect(() => startTransition(() => setStageReady(true)), []);
  const maxHeight = props.maxHeight ?? (typeof window === 'undefined' ? 640 : Math.max(240, window.innerHeight * 0.7));
  const stage = fitStage(width, frameSize, maxHeight);
  const pixelRatio = useDevicePixelRatio();
  // The preview at the size it is shown: at most the result's own size.
  const previewScale = Math.min(1, stage.scale * pixelRatio);
  const preview = useAdjusterPreview(props.preview?.pipeline ?? null, props.preview?.picture ?? null, previewScale, props.preview?.format ?? 'jpeg');
  const previewNode = useRef<Konva.Group>(null);
  const liveNodes = useRef<Konva.Group>(null);

  const register = useCallback((index: number, show: ShowTransform | null) => {
    if (show) shows.current.set(index, show);
    else shows.current.delete(index);
  }, []);

  /** Moves the edited hole's nodes (and the slider) without a React render. */
  const draw = useCallback((next: PhotoTransform) => {
    const index = latest.current.active;
    live.current = { index, transform: next };
    shows.current.get(index)?.(next);
    // The preview shows the committed picture: while a gesture moves away from it, the live nodes show instead.
    const committed = latest.current.holes[index]?.transform;
    const node = previewNode.current;
    if (node && committed) {
      const showPreview = sameTransform(committed, next);
      node.visible(showPreview);
      liveNodes.current?.visible(!showPreview);
      node.getLayer()?.batchDraw();
    }
    if (slider.current && document.activeElement !== slider.current) slider.current.value = String(Math.round(next.rotation));
  }, []);

  const commit = useCallback(() => {
    const { index, transform } = live.current;
    const committed = latest.current.holes[index]?.transform;
    if (transform && committed && !sameTransform(committed, transform)) latest.current.onTransformChange(index, transform);
  }, []);

  const select = useCallback(
    (index: number) => {
      if (index === latest.current.active) return;
      commit();
      latest.current.onActiveChange(index);
    },
    [commit],
  );

  // A transform from outside (reset, frame switch, new photo, another hole) replaces whatever the nodes show.
  const editedTransform = edited?.transform;
  useLayoutEffect(() => {
    live.current = { index: active, transform: editedTransform };
    if (slider.current && editedTransform) slider.current.value = String(Math.round(editedTransform.rotation));
  }, [active, editedTransform]);

  const gestures = useRef<GestureTarget | null>(null);
  useLayoutEffect(() => {
    gestures.current = {
      stageScale: stage.scale,
      size: edited?.photoSize ?? { width: 1, height: 1 },
      hole: edited?.cover ?? { x: 0, y: 0, width: 1, height: 1 },
      live: () => live.current.transform ?? latest.current.holes[latest.current.active]!.transform,
      draw,
      commit,
      selectAt: (point) => {
        const current = latest.current;
        if (current.holes.length < 2 || inside(point, current.holes[current.active]?.cover ?? { x: 0, y: 0, width: 0, height: 0 })) return false;
        const index = current.holes.findIndex((hole) => inside(point, hole.cover));
        if (index === -1) return false;
        select(index);
        return true;
      },
    };
  });
  useAdjusterGestures(surface, gestures);

  // The slider commits on release (native change); while it moves only the nodes follow.
  useLayoutEffect(() => {
    const element = slider.current;
    if (!element) return;
    element.addEventListener('change', commit);
    return () => element.removeEventListener('change', commit);
  }, [commit]);

  if (!edited) return null;
  const { photoSize, cover } = edited;
  const current = () => live.current.transform ?? edited.transform;
  const apply = (next: PhotoTransform) => {
    draw(next);
    commit();
    setAnnouncement(t('support.adjuster.announce', adjusterReading(next, photoSize, cover)));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const action = keyAction(event.key, event.shiftKey, cover);
    if (!action) return;
    event.preventDefault();
    apply(applyKeyAction(current(), action, photoSize, cover));
  };
  const several = holes.length > 1;

  return (
    <div className="flex flex-col gap-3">
      {several && (
        <HoleSwitcher count={holes.length} active={active} onChange={select}>
          {holeActions}
        </HoleSwitcher>
      )}
      <div ref={wrapper} className="w-full">
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- role "application" is ARIA's role for a keyboard-driven canvas */}
        <div
          ref={surface}
          role="application"
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the canvas takes arrow and +/− keys, so it must be focusable
          tabIndex={0}
          aria-label={several ? t('support.adjuster.labelArea', { n: active + 1, count: holes.length }) : t('support.adjuster.label')}
          aria-describedby={`${id}-help`}
          onKeyDown={onKeyDown}
          data-testid="photo-adjuster"
          // The photo under its frame is a picture, not text: it stays unmirrored in a right-to-left page.
          dir="ltr"
          className="mx-auto cursor-grab touch-none overflow-hidden rounded-lg border bg-muted select-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none active:cursor-grabbing"
          style={{ width: stage.width, height: stage.height }}
        >
          {stageReady && stage.width > 0 && (
            <AdjusterStage
              holes={holes}
              active={active}
              fill={fill}
              frameImage={frameImage}
              frameSize={frameSize}
              frameType={frameType}
              stage={stage}
              photoBlur={previewBlur}
              photoOpacity={previewOpacity}
              register={register}
              preview={preview}
              previewRef={previewNode}
              liveRef={liveNodes}
            />
          )}
        </div>
        <p id={`${id}-help`} className="mt-2 text-center text-sm text-muted-foreground">
          {t(several ? 'support.adjuster.helpAreas' : 'support.adjuster.help')}
        </p>
        <output aria-live="polite" className="sr-only">
          {announcement}
        </output>
      </div>
      <AdjusterControls
        slider={slider}
        rotation={edited.transform.rotation}
        onZoom={(factor) => apply(zoomAt(current(), factor, holeCentre(cover), photoSize, cover))}
        onRotate={(degrees) => apply(rotateBy(current(), degrees, photoSize, cover))}
        onSlide={(degrees) => draw(setRotation(current(), degrees, photoSize, cover))}
        onReset={() => apply(edited.auto)}
      />
    </div>
  );
}
