import type Konva from 'konva';
import { RotateCcw, RotateCcwSquare, RotateCwSquare, ZoomIn, ZoomOut } from 'lucide-react';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Image as KonvaImage, Layer, Stage } from 'react-konva';
import { Button } from '../../ui/Button.tsx';
import { pan, rotateBy, setRotation, zoomAt, type PhotoTransform } from '../../pipeline/index.ts';
import type { Point, Rect, Size } from '../../../core/geometry.ts';
import { wheelZoomFactor } from '../../../core/wheelZoomFactor.ts';
import { applyKeyAction, clientToFrame, fitStage, holeCentre, keyAction, KEY_ZOOM_FACTOR, photoNodeAttrs, pinchStep } from './adjusterMath.ts';
import { useDevicePixelRatio } from '../../lib/useDevicePixelRatio.ts';
import { useElementWidth } from '../../lib/useElementWidth.ts';

export interface PhotoAdjusterProps {
  /** Preview copy of the photo (LoadedPhoto.proxy). */
  proxy: ImageBitmap;
  /** Working-image size: the space of `transform`. */
  photoSize: Size;
  /** The campaign's frame (or design); the stage shows nothing of it until it has loaded. */
  frameImage: CanvasImageSource | undefined;
  frameSize: Size;
  /** Where the photo must stay visible, in frame pixels. */
  hole: Rect;
  /** 'frame': photo under the frame; 'background': photo over the design. */
  frameType: 'frame' | 'background';
  /** The committed placement. */
  transform: PhotoTransform;
  /** What Reset goes back to (the automatic placement). */
  autoTransform: PhotoTransform;
  /** Called once per finished gesture, button press or key, never per pointer move. */
  onTransformChange: (transform: PhotoTransform) => void;
  /** Approximate blur of the preview, in frame pixels (the background choice 'blur'); 0 for none. */
  previewBlur?: number;
  /** Opacity of the photo in the preview (1 = opaque), e.g. to hint at a cut-out over the design. */
  previewOpacity?: number;
  /** Largest stage height in CSS pixels (defaults to 70 % of the viewport). */
  maxHeight?: number;
}

const WHEEL_COMMIT_MS = 200;

const sameTransform = (a: PhotoTransform, b: PhotoTransform) => a.x === b.x && a.y === b.y && a.scale === b.scale && a.rotation === b.rotation;

/**
 * Drag, wheel, pinch, two-finger rotate, keys, buttons and a slider move the photo behind the frame.
 * Gestures write straight to the Konva node (no React render per pointer move, so it stays at 60 fps)
 * and commit the plain-number transform when they end.
 */
export function PhotoAdjuster(props: PhotoAdjusterProps) {
  const { proxy, photoSize, frameImage, frameSize, hole, frameType, transform, autoTransform, previewBlur = 0, previewOpacity = 1 } = props;
  const { t } = useTranslation();
  const id = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const surface = useRef<HTMLDivElement>(null);
  const photoNode = useRef<Konva.Image>(null);
  const layer = useRef<Konva.Layer>(null);
  const slider = useRef<HTMLInputElement>(null);
  const live = useRef(transform);
  const latest = useRef(props);
  latest.current = props;

  const width = useElementWidth(wrapper);
  const maxHeight = props.maxHeight ?? (typeof window === 'undefined' ? 640 : Math.max(240, window.innerHeight * 0.7));
  const stage = fitStage(width, frameSize, maxHeight);
  const pixelRatio = useDevicePixelRatio();
  const stageScale = useRef(stage.scale);
  stageScale.current = stage.scale;

  /** Moves the node (and the slider) without a React render. */
  const draw = useCallback((next: PhotoTransform) => {
    live.current = next;
    const { photoSize: size, proxy: image } = latest.current;
    const node = photoNode.current;
    if (node) {
      const attrs = photoNodeAttrs(next, size, image);
      node.position({ x: attrs.x, y: attrs.y });
      node.rotation(attrs.rotation);
      node.scale({ x: attrs.scaleX, y: attrs.scaleY });
      node.offset({ x: attrs.offsetX, y: attrs.offsetY });
      node.getLayer()?.batchDraw();
    }
    if (slider.current && document.activeElement !== slider.current) slider.current.value = String(Math.round(next.rotation));
  }, []);

  const commit = useCallback(() => {
    const { transform: committed, onTransformChange } = latest.current;
    if (!sameTransform(committed, live.current)) onTransformChange(live.current);
  }, []);

  const apply = (next: PhotoTransform) => {
    draw(next);
    commit();
  };

  // A transform from outside (reset, frame switch, new photo) replaces whatever the node shows.
  useLayoutEffect(() => {
    live.current = transform;
    if (slider.current) slider.current.value = String(Math.round(transform.rotation));
  }, [transform]);

  // Sharp on high-density screens, also after the ratio changes (browser zoom, another screen).
  useEffect(() => {
    const node = layer.current;
    if (!node) return;
    node.getCanvas().setPixelRatio(pixelRatio);
    node.batchDraw();
  }, [pixelRatio, stage.width]);

  // The blur preview needs a cached node; Konva then applies the CSS filter natively.
  useEffect(() => {
    const node = photoNode.current;
    if (!node) return;
    if (previewBlur > 0) {
      const proxyPixels = previewBlur / ((transform.scale * photoSize.width) / proxy.width);
      node.filters([`blur(${Math.max(1, Math.round(proxyPixels))}px)`]);
      node.cache();
    } else {
      node.filters([]);
      node.clearCache();
    }
    node.getLayer()?.batchDraw();
    // Only a new blur or image needs a new cache; a zoom keeps the blur approximate, like the preview promises.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [previewBlur, proxy, width]);

  // Native listeners: wheel must be able to preventDefault (React's is passive), pointers need capture.
  useEffect(() => {
    const element = surface.current;
    if (!element) return;
    const pointers = new Map<number, Point>();
    let drag: { start: PhotoTransform; origin: Point } | null = null;
    let wheelTimer = 0;

    const toFrame = (event: { clientX: number; clientY: number }): Point => {
      const box = element.getBoundingClientRect();
      return clientToFrame({ x: event.clientX, y: event.clientY }, { x: box.left, y: box.top }, stageScale.current);
    };
    const geometry = () => ({ size: latest.current.photoSize, hole: latest.current.hole });
    const rebase = () => {
      const [only] = [...pointers.values()];
      drag = pointers.size === 1 && only ? { start: live.current, origin: only } : null;
    };

    const onDown = (event: PointerEvent) => {
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      event.preventDefault();
      element.focus({ preventScroll: true });
      try {
        element.setPointerCapture(event.pointerId);
      } catch {
        // Synthetic or already released pointers cannot be captured; moves still arrive over the stage.
      }
      pointers.set(event.pointerId, toFrame(event));
      rebase();
    };
    const onMove = (event: PointerEvent) => {
      if (!pointers.has(event.pointerId)) return;
      const point = toFrame(event);
      const { size, hole: rect } = geometry();
      if (pointers.size === 1 && drag) {
        // From the gesture's start, so the photo stays under the finger up to the coverage limit.
        draw(pan(drag.start, point.x - drag.origin.x, point.y - drag.origin.y, size, rect));
      } else if (pointers.size >= 2) {
        // The first two fingers steer; a third one is ignored.
        const [a, b] = [...pointers.entries()];
        if (a && b && (a[0] === event.pointerId || b[0] === event.pointerId)) {
          const after: [Point, Point] = a[0] === event.pointerId ? [point, b[1]] : [a[1], point];
          draw(pinchStep(live.current, [a[1], b[1]], after, size, rect));
        }
      }
      pointers.set(event.pointerId, point);
    };
    const onUp = (event: PointerEvent) => {
      if (!pointers.delete(event.pointerId)) return;
      rebase();
      if (pointers.size === 0) commit();
    };
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const { size, hole: rect } = geometry();
      draw(zoomAt(live.current, wheelZoomFactor(event.deltaY, event.deltaMode, event.ctrlKey), toFrame(event), size, rect));
      window.clearTimeout(wheelTimer);
      wheelTimer = window.setTimeout(commit, WHEEL_COMMIT_MS);
    };

    element.addEventListener('pointerdown', onDown);
    element.addEventListener('pointermove', onMove);
    element.addEventListener('pointerup', onUp);
    element.addEventListener('pointercancel', onUp);
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      element.removeEventListener('pointerdown', onDown);
      element.removeEventListener('pointermove', onMove);
      element.removeEventListener('pointerup', onUp);
      element.removeEventListener('pointercancel', onUp);
      element.removeEventListener('wheel', onWheel);
      // A wheel zoom still waiting for its commit is kept.
      if (wheelTimer) {
        window.clearTimeout(wheelTimer);
        commit();
      }
    };
  }, [draw, commit]);

  // The slider commits on release (native change); while it moves only the node follows.
  useEffect(() => {
    const element = slider.current;
    if (!element) return;
    const onChange = () => commit();
    element.addEventListener('change', onChange);
    return () => element.removeEventListener('change', onChange);
  }, [commit]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const action = keyAction(event.key, event.shiftKey, hole);
    if (!action) return;
    event.preventDefault();
    apply(applyKeyAction(live.current, action, photoSize, hole));
  };

  const zoomBy = (factor: number) => apply(zoomAt(live.current, factor, holeCentre(hole), photoSize, hole));
  const photo = (
    <KonvaImage ref={photoNode} name="photo" image={proxy} opacity={previewOpacity} listening={false} perfectDrawEnabled={false} {...photoNodeAttrs(transform, photoSize, proxy)} />
  );
  const frame = frameImage ? <KonvaImage image={frameImage} width={frameSize.width} height={frameSize.height} listening={false} /> : null;

  return (
    <div className="flex flex-col gap-3">
      <div ref={wrapper} className="w-full">
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- role "application" is ARIA's role for a keyboard-driven canvas */}
        <div
          ref={surface}
          role="application"
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the canvas takes arrow and +/− keys, so it must be focusable
          tabIndex={0}
          aria-label={t('support.adjuster.label')}
          aria-describedby={`${id}-help`}
          onKeyDown={onKeyDown}
          data-testid="photo-adjuster"
          className="mx-auto cursor-grab touch-none overflow-hidden rounded-lg border bg-muted select-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none active:cursor-grabbing"
          style={{ width: stage.width, height: stage.height }}
        >
          {stage.width > 0 && (
            <Stage width={stage.width} height={stage.height} scaleX={stage.scale} scaleY={stage.scale} listening={false}>
              <Layer ref={layer} listening={false}>
                {frameType === 'background' ? frame : photo}
                {frameType === 'background' ? photo : frame}
              </Layer>
            </Stage>
          )}
        </div>
        <p id={`${id}-help`} className="mt-2 text-center text-sm text-muted-foreground">
          {t('support.adjuster.help')}
        </p>
      </div>

      {/* Phones: zoom and rotate buttons on one row, the slider and Reset on the next; wider screens: one row. */}
      <div className="flex flex-col items-center gap-2 sm:flex-row sm:flex-wrap sm:justify-center">
        <div className="flex items-center gap-2">
          <Button type="button" variant="outline" size="icon" aria-label={t('support.adjuster.zoomOut')} title={t('support.adjuster.zoomOut')} onClick={() => zoomBy(1 / KEY_ZOOM_FACTOR)}>
            <ZoomOut aria-hidden="true" />
          </Button>
          <Button type="button" variant="outline" size="icon" aria-label={t('support.adjuster.zoomIn')} title={t('support.adjuster.zoomIn')} onClick={() => zoomBy(KEY_ZOOM_FACTOR)}>
            <ZoomIn aria-hidden="true" />
          </Button>
          <Button type="button" variant="outline" size="icon" aria-label={t('support.adjuster.rotateLeft')} title={t('support.adjuster.rotateLeft')} onClick={() => apply(rotateBy(live.current, -45, photoSize, hole))}>
            <RotateCcwSquare aria-hidden="true" />
          </Button>
          <Button type="button" variant="outline" size="icon" aria-label={t('support.adjuster.rotateRight')} title={t('support.adjuster.rotateRight')} onClick={() => apply(rotateBy(live.current, 45, photoSize, hole))}>
            <RotateCwSquare aria-hidden="true" />
          </Button>
        </div>
        <div className="flex w-full items-center gap-2 sm:w-auto">
          <label className="flex min-w-0 flex-1 items-center gap-2 text-sm">
            <span>{t('support.adjuster.rotate')}</span>
            <input
              ref={slider}
              type="range"
              min={-180}
              max={180}
              step={1}
              defaultValue={Math.round(transform.rotation)}
              className="min-w-0 flex-1 accent-primary sm:w-44 sm:flex-none"
              onChange={(event) => draw(setRotation(live.current, Number(event.currentTarget.value), photoSize, hole))}
            />
          </label>
          <Button type="button" variant="outline" onClick={() => apply(autoTransform)}>
            <RotateCcw aria-hidden="true" />
            {t('support.adjuster.reset')}
          </Button>
        </div>
      </div>
    </div>
  );
}
