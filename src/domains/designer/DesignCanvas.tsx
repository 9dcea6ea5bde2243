import Konva from 'konva';
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Group, Layer, Shape, Stage, Transformer } from 'react-konva';
import type { DesignAsset, RectElement } from '../../../contract/design.ts';
import { drawElementBody } from '../../../core/design/designRender.ts';
import { loadDesignFonts } from '../../../core/design/designFonts.ts';
import { cn } from '../../lib/cn.ts';
import { isLocked, transformCommand } from '../../../core/design/commandBuilders.ts';
import { findElement } from '../../../core/design/tree.ts';
import { useDesignStore } from './designStore.ts';
import { useDesignViewStore } from './designViewStore.ts';
import { fitViewport, type Viewport } from './canvasViewport.ts';
import { ELEMENT_NODE, ElementNode } from './ElementNode.tsx';
import { useDesignImages } from './useDesignImages.ts';
import { useDevicePixelRatio } from '../../lib/useDevicePixelRatio.ts';
import { CanvasTextEditor } from './CanvasTextEditor.tsx';
import { elementNodeOf } from './canvasNodes.ts';
import { drawCanvasOverlay, SELECT_COLOR, type CanvasOverlay } from './drawCanvasOverlay.ts';
import { PageBackdrop, type DesignUnderlay } from './PageBackdrop.tsx';
import { useCanvasGestures } from './useCanvasGestures.ts';
import { useElementSize } from './useElementSize.ts';
import { useSpaceHeld } from './useSpaceHeld.ts';

export type { DesignUnderlay };

export interface DesignCanvasProps {
  /** The face sample photo, one per hole (clipped to it), drawn under the design so it shows through the holes. */
  underlays?: readonly DesignUnderlay[];
  /** Right-click or long press; targetId is the (selectable) element under the pointer. */
  onContextMenu?(at: { clientX: number; clientY: number }, targetId: string | null): void;
  className?: string;
}

const ROTATION_SNAPS = [0, 45, 90, 135, 180, 225, 270, 315];
const NO_ASSETS: Readonly<Record<string, DesignAsset>> = {};
const NO_UNDERLAYS: readonly DesignUnderlay[] = [];

/**
 * The frame designer's canvas: the document at the view store's zoom and pan, with click, Shift+click
 * and marquee selection, moving with snapping guides, a transformer for resizing and rotating,
 * wheel/pinch zoom, Space/middle-button/wheel pan, context menus and inline text editing.
 * Gestures (gestures/, wired by useCanvasGestures) move Konva nodes directly and dispatch one command when they end.
 */
export function DesignCanvas({ underlays = NO_UNDERLAYS, onContextMenu, className }: DesignCanvasProps) {
  const { t } = useTranslation();
  const helpId = useId();
  const design = useDesignStore((state) => state.document);
  const selection = useDesignStore((state) => state.selection);
  const zoom = useDesignViewStore((state) => state.zoom);
  const viewX = useDesignViewStore((state) => state.x);
  const viewY = useDesignViewStore((state) => state.y);
  const fitRequest = useDesignViewStore((state) => state.fitRequest);

  const wrapper = useRef<HTMLDivElement>(null);
  const stageRef = useRef<Konva.Stage>(null);
  const designLayer = useRef<Konva.Layer>(null);
  const overlayLayer = useRef<Konva.Layer>(null);
  const backdropLayer = useRef<Konva.Layer>(null);
  const transformer = useRef<Konva.Transformer>(null);
  const overlay = useRef<CanvasOverlay>({ guides: [], marquee: null });

  const size = useElementSize(wrapper);
  const pixelRatio = useDevicePixelRatio();
  const images = useDesignImages(design?.assets ?? NO_ASSETS);
  const [fontsVersion, setFontsVersion] = useState(0);
  const [editingId, setEditingId] = useState<string | null>(null);
  const { spaceHeld, spaceRef } = useSpaceHeld(wrapper);

  const stageReady = design !== null && size.width > 0 && size.height > 0;
  const findNode = useCallback((id: string): Konva.Node | undefined => designLayer.current?.findOne((node: Konva.Node) => node.id() === id && node.hasName(ELEMENT_NODE)), []);

  // Fonts measure and draw only once loaded; then text is laid out again.
  useEffect(() => {
    let live = true;
    loadDesignFonts(document.fonts).then(
      () => live && setFontsVersion((v) => v + 1),
      (error: unknown) => console.warn('Design fonts failed to load', error),
    );
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    useDesignViewStore.getState().setStageSize(size.width, size.height);
  }, [size.width, size.height]);

  // Fit on a new document, a new page size or a zoomToFit(); refit on resize until the user zooms or pans.
  const fitted = useRef<{ key: string; view: Viewport } | null>(null);
  useLayoutEffect(() => {
    if (!design || size.width === 0 || size.height === 0) return;
    const key = `${design.id}:${design.width}x${design.height}:${fitRequest}`;
    const state = useDesignViewStore.getState();
    const last = fitted.current;
    const untouched = last !== null && last.view.zoom === state.zoom && last.view.x === state.x && last.view.y === state.y;
    if (last && last.key === key && !untouched) return;
    const view = fitViewport(size, design);
    fitted.current = { key, view };
    state.setViewport(view);
  }, [design, size, fitRequest]);

  // Sharp on high-density screens, also after the ratio changes.
  useEffect(() => {
    for (const layer of [backdropLayer.current, designLayer.current, overlayLayer.current]) {
      if (!layer) continue;
      layer.getCanvas().setPixelRatio(pixelRatio);
      layer.batchDraw();
    }
  }, [pixelRatio, size]);

  // The overlay follows the design layer (hole outlines track nodes during drags and transforms).
  useEffect(() => {
    const layer = designLayer.current;
    if (!layer) return;
    const redraw = () => overlayLayer.current?.batchDraw();
    layer.on('draw.overlay', redraw);
    return () => {
      layer.off('draw.overlay');
    };
  }, [stageReady]);

  // The transformer wraps the selected, unlocked, visible nodes.
  useEffect(() => {
    const node = transformer.current;
    if (!node) return;
    const nodes = editingId ? [] : selection.map(findNode).filter((found): found is Konva.Node => !!found && found.isListening() && found.isVisible());
    node.nodes(nodes);
    node.forceUpdate();
    node.getLayer()?.batchDraw();
  }, [selection, design, fontsVersion, images, editingId, findNode, stageReady]);

  /** Puts nodes back where the document says (after a commit, or a cancelled gesture). */
  const resetNodes = useCallback((nodes: readonly Konva.Node[]) => {
    const current = useDesignStore.getState().document;
    for (const node of nodes) {
      const element = current && findElement(current, node.id())?.element;
      if (!element) continue;
      node.setAttrs({ x: element.x, y: element.y, rotation: element.rotation, scaleX: 1, scaleY: 1 });
    }
    designLayer.current?.batchDraw();
  }, []);

  const setOverlay = useCallback((next: Partial<CanvasOverlay>) => {
    overlay.current = { ...overlay.current, ...next };
    overlayLayer.current?.batchDraw();
  }, []);

  const cancelGesture = useCanvasGestures({ wrapper, stage: stageRef, designLayer, spaceHeld: spaceRef, findNode, resetNodes, setOverlay, onContextMenu });

  const commitTransform = () => {
    const nodes = transformer.current?.nodes() ?? [];
    const current = useDesignStore.getState().document;
    if (!current || nodes.length === 0) return;
    const command = transformCommand(
      current,
      nodes.map((node) => ({ id: node.id(), x: node.x(), y: node.y(), rotation: node.rotation(), scaleX: node.scaleX(), scaleY: node.scaleY() })),
    );
    try {
      if (command) useDesignStore.getState().dispatch(command, { label: 'transform' });
    } catch (error) {
      console.warn('The transform could not be applied', error);
    }
    resetNodes(nodes);
  };

  /** Double-click (or double-tap) on a text element edits it in place. */
  const onDoubleClick = (event: Konva.KonvaEventObject<MouseEvent | TouchEvent | PointerEvent>) => {
    const node = elementNodeOf(event.target);
    const current = useDesignStore.getState().document;
    const found = node && current ? findElement(current, node.id()) : null;
    if (!found || found.element.type !== 'text' || isLocked(current!, found.element.id)) return;
    cancelGesture();
    useDesignStore.getState().select([found.element.id]);
    setEditingId(found.element.id);
  };

  const onTextDone = (id: string, text: string | null) => {
    setEditingId(null);
    const store = useDesignStore.getState();
    const current = store.document && findElement(store.document, id)?.element;
    if (text !== null && current?.type === 'text' && current.text !== text) {
      try {
        store.dispatch({ type: 'updateElements', changes: [{ id, patch: { text } }] }, { label: 'editText' });
      } catch (error) {
        console.warn('The text could not be changed', error);
      }
    }
    wrapper.current?.focus({ preventScroll: true });
  };

  const backgroundFill = design?.background ?? null;
  const pageWidth = design?.width ?? 0;
  const pageHeight = design?.height ?? 0;
  // The page background is drawn like a locked rect under everything, with the same renderer.
  const background = useMemo<RectElement | null>(
    () =>
      backgroundFill
        ? { id: 'background', name: '', type: 'rect', x: 0, y: 0, width: pageWidth, height: pageHeight, rotation: 0, opacity: 1, locked: true, hidden: false, hole: false, cornerRadius: 0, fill: backgroundFill, stroke: null }
        : null,
    [backgroundFill, pageWidth, pageHeight],
  );

  const selectionText = useMemo(() => {
    if (!design || selection.length === 0) return t('design.canvas.selectionNone');
    const names = selection.map((id) => findElement(design, id)?.element.name.trim() || t('design.canvas.unnamed'));
    return t('design.canvas.selection', { count: selection.length, names: names.join(', ') });
  }, [design, selection, t]);

  const drawOverlay = (context: Konva.Context) => {
    const stage = stageRef.current;
    const layer = designLayer.current;
    if (stage && layer && design) drawCanvasOverlay(context._context, stage, layer, design, overlay.current, pixelRatio);
  };

  const editing = editingId && design ? findElement(design, editingId)?.element : undefined;

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- role "application": a pointer- and keyboard-driven canvas
    <div
      ref={wrapper}
      role="application"
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the canvas takes the designer's shortcuts, so it must be focusable
      tabIndex={0}
      aria-label={t('design.canvas.label')}
      aria-describedby={helpId}
      data-testid="design-canvas"
      // The design is a picture, not text: in a right-to-left page it stays unmirrored, and the canvas's text
      // (whose direction the 2D context inherits from its element) draws as the worker's export does.
      dir="ltr"
      style={{ position: 'relative', overflow: 'hidden' }}
      className={cn(
        'h-full w-full touch-none overflow-hidden bg-muted select-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        spaceHeld && 'cursor-grab',
        className,
      )}
    >
      {design && size.width > 0 && size.height > 0 && (
        // Absolute, so the stage never sizes the box it measures.
        <div style={{ position: 'absolute', inset: 0 }}>
          <Stage ref={stageRef} width={size.width} height={size.height} scaleX={zoom} scaleY={zoom} x={viewX} y={viewY} onDblClick={onDoubleClick} onDblTap={onDoubleClick}>
            <Layer ref={backdropLayer} listening={false}>
              <PageBackdrop design={design} zoom={zoom} underlays={underlays} />
            </Layer>
            <Layer ref={designLayer}>
              <Group name="page" clipX={0} clipY={0} clipWidth={design.width} clipHeight={design.height}>
                {background && <Shape listening={false} sceneFunc={(context: Konva.Context) => drawElementBody(context._context, background, images)} />}
                {design.elements.map((element) => (
                  <ElementNode key={element.id} element={element} images={images} fontsVersion={fontsVersion} />
                ))}
              </Group>
            </Layer>
            <Layer ref={overlayLayer}>
              <Shape listening={false} sceneFunc={drawOverlay} />
              <Transformer
                ref={transformer}
                rotationSnaps={ROTATION_SNAPS}
                rotationSnapTolerance={4}
                flipEnabled={false}
                ignoreStroke
                borderStroke={SELECT_COLOR}
                anchorStroke={SELECT_COLOR}
                anchorSize={10}
                anchorCornerRadius={2}
                boundBoxFunc={(old, next) => (Math.abs(next.width) < 2 || Math.abs(next.height) < 2 ? old : next)}
                onTransformEnd={commitTransform}
              />
            </Layer>
          </Stage>
        </div>
      )}
      {editing?.type === 'text' && (
        <CanvasTextEditor
          key={editing.id}
          element={editing}
          findNode={findNode}
          view={`${zoom}:${viewX}:${viewY}`}
          label={t('design.canvas.editText')}
          onDone={(text) => onTextDone(editing.id, text)}
        />
      )}
      <p id={helpId} className="sr-only">
        {selectionText}. {t('design.canvas.help')} {t('design.canvas.helpKeys')}
      </p>
    </div>
  );
}
