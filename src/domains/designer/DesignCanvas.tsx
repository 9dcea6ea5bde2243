import Konva from 'konva';
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Group, Layer, Rect, Shape, Stage, Transformer } from 'react-konva';
import { DESIGN_LIMITS, isShapeElement, type DesignAsset, type DesignDocument, type RectElement, type TextElement } from '../../../contract/design.ts';
import { drawElementBody, fontFor, layoutText, shapePath } from '../../../core/design/designRender.ts';
import { loadDesignFonts } from '../../../core/design/designFonts.ts';
import { cn } from '../../lib/cn.ts';
import { isLocked, transformCommand } from '../../../core/design/commandBuilders.ts';
import { ancestorsOf, findElement } from '../../../core/design/tree.ts';
import { useDesignStore } from './designStore.ts';
import { useDesignViewStore } from './designViewStore.ts';
import { fitViewport, panBy, pinchViewport, screenToDocument, wheelZoomFactor, zoomAt, type Point, type Viewport } from './canvasViewport.ts';
import { ELEMENT_NODE, ElementNode, HOLE_NODE, measureContext } from './ElementNode.tsx';
import { boxesIntersect, snapMove, SNAP_SCREEN_PX, unionBox, type Box, type Guide } from './snapping.ts';
import { useDesignImages } from './useDesignImages.ts';
import { useDevicePixelRatio } from '../../lib/useDevicePixelRatio.ts';
import { useLongPress } from './useLongPress.ts';

export interface DesignUnderlay {
  image: CanvasImageSource;
  width: number;
  height: number;
  /** Photo px → document px. */
  matrix: { a: number; b: number; c: number; d: number; e: number; f: number };
}

export interface DesignCanvasProps {
  /** The face sample photo, drawn under the design so it shows through the holes. */
  underlay?: DesignUnderlay | null;
  /** Right-click or long press; targetId is the (selectable) element under the pointer. */
  onContextMenu?(at: { clientX: number; clientY: number }, targetId: string | null): void;
  className?: string;
}

/** Screen px a press may move and still count as a click. */
const CLICK_SLOP = 3;
const ROTATION_SNAPS = [0, 45, 90, 135, 180, 225, 270, 315];
const GUIDE_COLOR = '#ec4899';
const SELECT_COLOR = '#3b82f6';
const NO_ASSETS: Readonly<Record<string, DesignAsset>> = {};

const tidy = (value: number) => Math.round(value * 1000) / 1000;

/** Content size of an element, kept current with a ResizeObserver. */
function useElementSize(ref: RefObject<HTMLElement | null>): { width: number; height: number } {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = (width: number, height: number) => setSize((old) => (old.width === width && old.height === height ? old : { width, height }));
    update(element.clientWidth, element.clientHeight);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) update(Math.floor(entry.contentRect.width), Math.floor(entry.contentRect.height));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return size;
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

/** The element node a Konva shape belongs to, or null for the transformer, guides and the like. */
function elementNodeOf(shape: Konva.Node | null): Konva.Node | null {
  for (let node = shape; node; node = node.getParent()) {
    if (node instanceof Konva.Transformer) return null;
    if (node.hasName(ELEMENT_NODE)) return node;
  }
  return null;
}

/**
 * What a press on `node` selects: a selected node or ancestor (a child picked in the layers panel
 * stays the target), else the top-level element around it.
 */
function targetOf(design: DesignDocument, selection: readonly string[], node: Konva.Node): string | null {
  for (let current: Konva.Node | null = node; current && current.hasName(ELEMENT_NODE); current = current.getParent()) {
    if (selection.includes(current.id())) return current.id();
  }
  const path = ancestorsOf(design, node.id());
  return path[0]?.id ?? (findElement(design, node.id()) ? node.id() : null);
}

type Gesture =
  | { kind: 'press'; pointerId: number; start: Point; target: string; shift: boolean; added: boolean; wasSelected: boolean }
  | { kind: 'move'; pointerId: number; start: Point; nodes: { node: Konva.Node; from: Point }[]; box: Box; others: Box[] }
  | { kind: 'marquee'; pointerId: number; start: Point; current: Point; additive: boolean; active: boolean }
  | { kind: 'pan'; pointerId: number; last: Point }
  | { kind: 'pinch' };

/** Overlay state drawn by the overlay shape (not React state: it changes on every pointer move). */
interface Overlay {
  guides: Guide[];
  /** In document px. */
  marquee: Box | null;
}

/**
 * The frame designer's canvas: the document at the view store's zoom and pan, with click, Shift+click
 * and marquee selection, moving with snapping guides, a transformer for resizing and rotating,
 * wheel/pinch zoom, Space/middle-button/wheel pan, context menus and inline text editing.
 * Gestures move Konva nodes directly and dispatch one command when they end.
 */
export function DesignCanvas({ underlay = null, onContextMenu, className }: DesignCanvasProps) {
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
  const overlay = useRef<Overlay>({ guides: [], marquee: null });
  const gestureRef = useRef<Gesture | null>(null);
  const lastMenuAt = useRef(0);
  const latest = useRef({ onContextMenu });
  useLayoutEffect(() => {
    latest.current = { onContextMenu };
  });

  const size = useElementSize(wrapper);
  const pixelRatio = useDevicePixelRatio();
  const images = useDesignImages(design?.assets ?? NO_ASSETS);
  const [fontsVersion, setFontsVersion] = useState(0);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [spaceHeld, setSpaceHeld] = useState(false);

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

  const setOverlay = (next: Partial<Overlay>) => {
    overlay.current = { ...overlay.current, ...next };
    overlayLayer.current?.batchDraw();
  };

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

  const openContextMenu = useCallback(
    (at: { clientX: number; clientY: number }) => {
      const stage = stageRef.current;
      const box = wrapper.current?.getBoundingClientRect();
      const { document: current, selection: selected, select } = useDesignStore.getState();
      if (!stage || !box || !current) return;
      lastMenuAt.current = Date.now();
      const node = elementNodeOf(stage.getIntersection({ x: at.clientX - box.left, y: at.clientY - box.top }));
      const target = node ? targetOf(current, selected, node) : null;
      if (target && !selected.includes(target)) select([target]);
      latest.current.onContextMenu?.(at, target);
    },
    [],
  );

  /** Ends the running gesture without committing: nodes go back, overlays clear. */
  const cancelGesture = useCallback(() => {
    const gesture = gestureRef.current;
    gestureRef.current = null;
    if (gesture?.kind === 'move') resetNodes(gesture.nodes.map(({ node }) => node));
    overlay.current = { guides: [], marquee: null };
    overlayLayer.current?.batchDraw();
  }, [resetNodes]);

  useLongPress(wrapper, (at) => {
    if (Date.now() - lastMenuAt.current < 800) return;
    cancelGesture();
    openContextMenu(at);
  });

  // Space held: drags pan (not while typing somewhere).
  useEffect(() => {
    const typing = (target: EventTarget | null) => target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && event.type === 'keydown' && gestureRef.current) cancelGesture();
      if (event.key !== ' ' || typing(event.target)) return;
      if (event.type === 'keydown' && event.target === wrapper.current) event.preventDefault();
      setSpaceHeld(event.type === 'keydown');
    };
    const onBlur = () => setSpaceHeld(false);
    window.addEventListener('keydown', onKey);
    window.addEventListener('keyup', onKey);
    window.addEventListener('blur', onBlur);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('keyup', onKey);
      window.removeEventListener('blur', onBlur);
    };
  }, [cancelGesture]);
  const spaceRef = useRef(spaceHeld);
  useLayoutEffect(() => {
    spaceRef.current = spaceHeld;
  }, [spaceHeld]);

  // Native listeners: wheel must preventDefault (React's is passive); moves and ups are followed on window.
  useEffect(() => {
    const element = wrapper.current;
    if (!element) return;
    const pointers = new Map<number, Point>();
    const view = () => useDesignViewStore.getState();
    const local = (event: { clientX: number; clientY: number }): Point => {
      const box = element.getBoundingClientRect();
      return { x: event.clientX - box.left, y: event.clientY - box.top };
    };
    const docBox = (node: Konva.Node): Box => {
      const rect = node.getClientRect({ relativeTo: stageRef.current ?? undefined, skipShadow: true });
      return { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
    };
    const topLevelNodes = (): Konva.Node[] => {
      const page = designLayer.current?.findOne('.page');
      return page instanceof Konva.Group ? page.getChildren((node) => node.hasName(ELEMENT_NODE) && node.isVisible()) : [];
    };

    /** A press that moved: the selection starts moving. */
    const startMove = (gesture: Extract<Gesture, { kind: 'press' }>): Gesture | null => {
      const { document: current, selection: selected } = useDesignStore.getState();
      if (!current) return null;
      const found = selected
        .filter((id) => !isLocked(current, id))
        .map((id) => findNode(id))
        .filter((node): node is Konva.Node => !!node && node.isVisible());
      // A selected group carries its selected children along: move them once.
      const nodes = found.filter((node) => !found.some((other) => other instanceof Konva.Container && other !== node && other.isAncestorOf(node)));
      const box = unionBox(nodes.map(docBox));
      if (!box) return null;
      const moving = new Set(nodes);
      const contains = (top: Konva.Node) => nodes.some((node) => top instanceof Konva.Container && top.isAncestorOf(node));
      const others = topLevelNodes()
        .filter((node) => !moving.has(node) && !contains(node))
        .map(docBox);
      return { kind: 'move', pointerId: gesture.pointerId, start: gesture.start, nodes: nodes.map((node) => ({ node, from: node.absolutePosition() })), box, others };
    };

    const onDown = (event: PointerEvent) => {
      const point = local(event);
      pointers.set(event.pointerId, point);
      if (pointers.size >= 2) {
        if (gestureRef.current?.kind !== 'pinch') cancelGesture();
        gestureRef.current = { kind: 'pinch' };
        return;
      }
      element.focus({ preventScroll: true });
      if (event.button === 1 || (event.button === 0 && spaceRef.current)) {
        event.preventDefault();
        gestureRef.current = { kind: 'pan', pointerId: event.pointerId, last: point };
        return;
      }
      if (event.button !== 0) return;
      const stage = stageRef.current;
      const { document: current, selection: selected, select, toggleSelected } = useDesignStore.getState();
      if (!stage || !current) return;
      const hit = stage.getIntersection(point);
      if (hit && !elementNodeOf(hit) && hit.getParent() instanceof Konva.Transformer) return; // the transformer's own drag
      const node = elementNodeOf(hit);
      const target = node ? targetOf(current, selected, node) : null;
      if (!target) {
        const start = screenToDocument(view(), point);
        gestureRef.current = { kind: 'marquee', pointerId: event.pointerId, start, current: start, additive: event.shiftKey, active: false };
        return;
      }
      const wasSelected = selected.includes(target);
      let added = false;
      if (!wasSelected) {
        if (event.shiftKey) toggleSelected(target);
        else select([target]);
        added = true;
      }
      gestureRef.current = { kind: 'press', pointerId: event.pointerId, start: point, target, shift: event.shiftKey, added, wasSelected };
    };

    const onMove = (event: PointerEvent) => {
      if (!pointers.has(event.pointerId)) {
        // Hover: a move cursor over what a drag would move.
        if (event.pointerType === 'mouse' && event.buttons === 0 && element.contains(event.target as Node | null)) {
          const hit = stageRef.current?.getIntersection(local(event));
          element.style.cursor = !spaceRef.current && elementNodeOf(hit ?? null) ? 'move' : '';
        }
        return;
      }
      const point = local(event);
      const before = pointers.get(event.pointerId)!;
      pointers.set(event.pointerId, point);
      let gesture = gestureRef.current;
      if (!gesture) return;
      if (gesture.kind === 'pinch') {
        const entries = [...pointers.entries()];
        const [a, b] = entries;
        if (!a || !b || (a[0] !== event.pointerId && b[0] !== event.pointerId)) return;
        const old: [Point, Point] = a[0] === event.pointerId ? [before, b[1]] : [a[1], before];
        view().setViewport(pinchViewport(view(), old, [a[1], b[1]]));
        return;
      }
      if (gesture.pointerId !== event.pointerId) return;
      if (gesture.kind === 'pan') {
        view().setViewport(panBy(view(), point.x - gesture.last.x, point.y - gesture.last.y));
        gestureRef.current = { ...gesture, last: point };
        return;
      }
      if (gesture.kind === 'press') {
        if (Math.hypot(point.x - gesture.start.x, point.y - gesture.start.y) <= CLICK_SLOP) return;
        gesture = startMove(gesture);
        gestureRef.current = gesture;
        if (!gesture) return;
      }
      if (gesture.kind === 'move') {
        const { zoom: scale } = view();
        const dx = (point.x - gesture.start.x) / scale;
        const dy = (point.y - gesture.start.y) / scale;
        const current = useDesignStore.getState().document;
        const moved = { ...gesture.box, x: gesture.box.x + dx, y: gesture.box.y + dy };
        // Alt moves freely.
        const snap = current && !event.altKey ? snapMove(moved, gesture.others, current, SNAP_SCREEN_PX / scale) : { dx: 0, dy: 0, guides: [] };
        for (const { node, from } of gesture.nodes) node.absolutePosition({ x: from.x + (dx + snap.dx) * scale, y: from.y + (dy + snap.dy) * scale });
        designLayer.current?.batchDraw();
        setOverlay({ guides: snap.guides });
        return;
      }
      if (gesture.kind === 'marquee') {
        const at = screenToDocument(view(), point);
        const active = gesture.active || Math.hypot(point.x - (gesture.start.x * view().zoom + view().x), point.y - (gesture.start.y * view().zoom + view().y)) > CLICK_SLOP;
        gestureRef.current = { ...gesture, current: at, active };
        if (active) {
          setOverlay({
            marquee: { x: Math.min(gesture.start.x, at.x), y: Math.min(gesture.start.y, at.y), width: Math.abs(at.x - gesture.start.x), height: Math.abs(at.y - gesture.start.y) },
          });
        }
      }
    };

    const onUp = (event: PointerEvent) => {
      if (!pointers.delete(event.pointerId)) return;
      const gesture = gestureRef.current;
      if (!gesture) return;
      if (gesture.kind === 'pinch') {
        if (pointers.size === 0) gestureRef.current = null;
        return;
      }
      if (gesture.pointerId !== event.pointerId) return;
      gestureRef.current = null;
      const store = useDesignStore.getState();
      if (gesture.kind === 'press') {
        // A click (no drag): Shift+click on a selected element drops it; a click inside a multi-selection keeps just it.
        if (gesture.shift && gesture.wasSelected) store.toggleSelected(gesture.target);
        else if (!gesture.shift && !gesture.added && store.selection.length > 1) store.select([gesture.target]);
      } else if (gesture.kind === 'move') {
        const nodes = gesture.nodes.map(({ node }) => node);
        const changes = nodes.map((node) => ({ id: node.id(), patch: { x: tidy(node.x()), y: tidy(node.y()) } }));
        try {
          if (store.document && changes.some(({ id, patch }) => findElement(store.document!, id)?.element.x !== patch.x || findElement(store.document!, id)?.element.y !== patch.y)) {
            store.dispatch({ type: 'updateElements', changes }, { label: 'move' });
          }
        } catch (error) {
          console.warn('The move could not be applied', error);
        }
        resetNodes(nodes);
        setOverlay({ guides: [] });
      } else if (gesture.kind === 'marquee') {
        const marquee = overlay.current.marquee;
        setOverlay({ marquee: null });
        if (!gesture.active || !marquee) {
          if (!gesture.additive) store.select([]);
          return;
        }
        const hits = topLevelNodes()
          .filter((node) => node.isListening() && boxesIntersect(docBox(node), marquee))
          .map((node) => node.id());
        store.select(gesture.additive ? [...store.selection, ...hits] : hits);
      }
    };

    const onCancel = (event: PointerEvent) => {
      if (!pointers.delete(event.pointerId)) return;
      if (gestureRef.current?.kind !== 'pinch' || pointers.size === 0) cancelGesture();
    };

    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const current = view();
      // Ctrl/Cmd + wheel, and trackpad pinches (which arrive as ctrl + wheel), zoom; a plain wheel pans.
      if (event.ctrlKey || event.metaKey) current.setViewport(zoomAt(current, wheelZoomFactor(event.deltaY, event.deltaMode), local(event)));
      else {
        const unit = event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? 400 : 1;
        const [dx, dy] = event.shiftKey && event.deltaX === 0 ? [event.deltaY, 0] : [event.deltaX, event.deltaY];
        current.setViewport(panBy(current, -dx * unit, -dy * unit));
      }
    };

    const onMenu = (event: MouseEvent) => {
      event.preventDefault();
      if (Date.now() - lastMenuAt.current < 800) return; // the long press already opened it
      openContextMenu({ clientX: event.clientX, clientY: event.clientY });
    };

    element.addEventListener('pointerdown', onDown);
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
    window.addEventListener('pointercancel', onCancel);
    element.addEventListener('wheel', onWheel, { passive: false });
    element.addEventListener('contextmenu', onMenu);
    return () => {
      element.removeEventListener('pointerdown', onDown);
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
      window.removeEventListener('pointercancel', onCancel);
      element.removeEventListener('wheel', onWheel);
      element.removeEventListener('contextmenu', onMenu);
      cancelGesture();
    };
  }, [findNode, cancelGesture, resetNodes, openContextMenu]);

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
    const ctx = context._context;
    const stage = stageRef.current;
    const layer = designLayer.current;
    if (!stage || !layer || !design) return;
    const scale = stage.scaleX();
    // Page edge.
    ctx.lineWidth = 1 / scale;
    ctx.strokeStyle = 'rgba(15, 23, 42, 0.25)';
    ctx.strokeRect(0, 0, design.width, design.height);
    // Holes stay visible under whatever covers them: a light and a dashed dark outline.
    const base = ctx.getTransform();
    for (const node of layer.find(`.${HOLE_NODE}`)) {
      if (!node.isVisible() || !(node instanceof Konva.Shape)) continue;
      const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = node.getAbsoluteTransform(stage).getMatrix();
      ctx.transform(a, b, c, d, e, f);
      const w = node.width();
      const h = node.height();
      const element = findElement(design, node.id())?.element;
      // Shapes get their exact outline; text, images and lines their box.
      if (element && isShapeElement(element)) shapePath(ctx, { ...element, width: w, height: h });
      else {
        ctx.beginPath();
        ctx.rect(0, 0, w, h);
      }
      // Strokes in device px, whatever the zoom.
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.setLineDash([]);
      ctx.lineWidth = 3 * pixelRatio;
      ctx.strokeStyle = 'rgba(255, 255, 255, 0.8)';
      ctx.stroke();
      ctx.setLineDash([6 * pixelRatio, 4 * pixelRatio]);
      ctx.lineWidth = 1.5 * pixelRatio;
      ctx.strokeStyle = '#be185d';
      ctx.stroke();
      ctx.setTransform(base);
    }
    ctx.setLineDash([]);
    ctx.lineWidth = 1 / scale;
    ctx.strokeStyle = GUIDE_COLOR;
    for (const guide of overlay.current.guides) {
      ctx.beginPath();
      if (guide.orientation === 'vertical') {
        ctx.moveTo(guide.position, guide.start);
        ctx.lineTo(guide.position, guide.end);
      } else {
        ctx.moveTo(guide.start, guide.position);
        ctx.lineTo(guide.end, guide.position);
      }
      ctx.stroke();
    }
    const marquee = overlay.current.marquee;
    if (marquee) {
      ctx.fillStyle = 'rgba(59, 130, 246, 0.12)';
      ctx.fillRect(marquee.x, marquee.y, marquee.width, marquee.height);
      ctx.strokeStyle = SELECT_COLOR;
      ctx.strokeRect(marquee.x, marquee.y, marquee.width, marquee.height);
    }
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
        <TextEditor
          key={editing.id}
          element={editing}
          findNode={findNode}
          view={`${zoom}:${viewX}:${viewY}`}
          label={t('design.canvas.editText')}
          onDone={(text) => {
            setEditingId(null);
            const store = useDesignStore.getState();
            const current = store.document && findElement(store.document, editing.id)?.element;
            if (text !== null && current?.type === 'text' && current.text !== text) {
              try {
                store.dispatch({ type: 'updateElements', changes: [{ id: editing.id, patch: { text } }] }, { label: 'editText' });
              } catch (error) {
                console.warn('The text could not be changed', error);
              }
            }
            wrapper.current?.focus({ preventScroll: true });
          }}
        />
      )}
      <p id={helpId} className="sr-only">
        {selectionText}. {t('design.canvas.help')}
      </p>
    </div>
  );
}

interface TextEditorProps {
  element: TextElement;
  findNode: (id: string) => Konva.Node | undefined;
  /** Changes with the zoom and pan, so the editor follows the node. */
  view: string;
  label: string;
  /** The new text, or null when cancelled. */
  onDone: (text: string | null) => void;
}

/** A textarea laid exactly over the text node (same transform, font and wrapping); the node hides meanwhile. */
function TextEditor({ element, findNode, view, label, onDone }: TextEditorProps) {
  const [draft, setDraft] = useState(element.text);
  const area = useRef<HTMLTextAreaElement>(null);
  const done = useRef(false);
  const finish = (text: string | null) => {
    if (done.current) return;
    done.current = true;
    onDone(text);
  };

  useLayoutEffect(() => {
    const node = findNode(element.id);
    if (!node) return;
    node.hide();
    node.getLayer()?.batchDraw();
    area.current?.focus();
    area.current?.select();
    return () => {
      node.show();
      node.getLayer()?.batchDraw();
    };
  }, [findNode, element.id]);

  // The node's full transform (zoom and pan included) places the textarea; it follows the view.
  useLayoutEffect(() => {
    const matrix = findNode(element.id)?.getAbsoluteTransform().getMatrix();
    if (area.current && matrix) area.current.style.transform = `matrix(${matrix.join(',')})`;
  }, [findNode, element, view]);

  const layout = layoutText(measureContext(), { ...element, text: draft || ' ' });
  const style: CSSProperties = {
    position: 'absolute',
    left: 0,
    top: 0,
    transformOrigin: '0 0',
    width: element.width,
    height: Math.max(layout.height, layout.lineHeightPx),
    font: fontFor(element),
    lineHeight: `${layout.lineHeightPx}px`,
    letterSpacing: `${element.letterSpacing}px`,
    textAlign: element.align,
    textDecoration: element.underline ? 'underline' : 'none',
    color: element.fill.kind === 'solid' ? element.fill.color : (element.fill.stops[0]?.color ?? '#000000'),
    opacity: element.opacity,
    padding: 0,
    margin: 0,
    border: 0,
    outline: `1px dashed ${SELECT_COLOR}`,
    background: 'transparent',
    resize: 'none',
    overflow: 'hidden',
    whiteSpace: 'pre-wrap',
    overflowWrap: 'break-word',
  };
  return (
    <textarea
      ref={area}
      aria-label={label}
      value={draft}
      maxLength={DESIGN_LIMITS.maxTextLength}
      style={style}
      onChange={(event) => setDraft(event.currentTarget.value)}
      onBlur={() => finish(draft)}
      onKeyDown={(event) => {
        // The designer's shortcuts must not see keys typed here.
        event.stopPropagation();
        if (event.key === 'Escape') {
          event.preventDefault();
          finish(null);
        } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
          event.preventDefault();
          finish(draft);
        }
      }}
    />
  );
}
