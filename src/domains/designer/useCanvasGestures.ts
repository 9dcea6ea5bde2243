import Konva from 'konva';
import { useCallback, useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { findElement } from '../../../core/design/tree.ts';
import { isLocked } from '../../../core/design/commandBuilders.ts';
import type { Point, Rect } from '../../../core/geometry.ts';
import { clamp, tidy } from '../../../core/numbers.ts';
import { documentBox, elementNodeOf, targetOf, topLevelNodes } from './canvasNodes.ts';
import { useDesignStore } from './designStore.ts';
import { useDesignViewStore } from './designViewStore.ts';
import { CanvasGestures } from './gestures/CanvasGestures.ts';
import type { ClientPoint, GestureEffect, GestureEnv, PointerInput } from './gestures/gestureTypes.ts';
import { boxesIntersect, unionBox, type Guide } from './snapping.ts';

export interface CanvasGestureHost {
  wrapper: RefObject<HTMLDivElement | null>;
  stage: RefObject<Konva.Stage | null>;
  designLayer: RefObject<Konva.Layer | null>;
  spaceHeld: RefObject<boolean>;
  findNode(id: string): Konva.Node | undefined;
  /** Puts nodes back where the document says. */
  resetNodes(nodes: readonly Konva.Node[]): void;
  setOverlay(next: { guides?: Guide[]; marquee?: Rect | null }): void;
  /** Right click or long press; targetId is the (selectable) element under the pointer. */
  onContextMenu?(at: ClientPoint, targetId: string | null): void;
}

/**
 * Wires the canvas's DOM and Konva to the gesture state machines (gestures/): native listeners
 * (wheel must preventDefault, which React's passive one cannot; moves and ups are followed on
 * window) become plain inputs, and the effects that come back are carried out here.
 * Returns a function that cancels the running gesture.
 */
export function useCanvasGestures(host: CanvasGestureHost): () => void {
  const latest = useRef(host);
  useLayoutEffect(() => {
    latest.current = host;
  });
  const cancelRef = useRef<() => void>(() => {});
  const { wrapper } = host;

  useEffect(() => {
    const element = wrapper.current;
    if (!element) return;
    const h = () => latest.current;
    let moving: { node: Konva.Node; from: Point }[] = [];
    let timer: number | undefined;
    const local = (event: { clientX: number; clientY: number }): Point => {
      const box = element.getBoundingClientRect();
      return { x: event.clientX - box.left, y: event.clientY - box.top };
    };

    const env: GestureEnv = {
      view: () => useDesignViewStore.getState(),
      selection: () => useDesignStore.getState().selection,
      spaceHeld: () => h().spaceHeld.current,
      hit(point) {
        const stage = h().stage.current;
        const { document: current, selection } = useDesignStore.getState();
        if (!stage || !current) return { kind: 'none' };
        const shape = stage.getIntersection(point);
        const node = elementNodeOf(shape);
        if (shape && !node && shape.getParent() instanceof Konva.Transformer) return { kind: 'none' };
        const target = node ? targetOf(current, selection, node) : null;
        return target ? { kind: 'element', id: target } : { kind: 'empty' };
      },
      measureMove() {
        const { document: current, selection } = useDesignStore.getState();
        const stage = h().stage.current;
        if (!current) return null;
        const found = selection
          .filter((id) => !isLocked(current, id))
          .map((id) => h().findNode(id))
          .filter((node): node is Konva.Node => !!node && node.isVisible());
        // A selected group carries its selected children along: move them once.
        const nodes = found.filter((node) => !found.some((other) => other instanceof Konva.Container && other !== node && other.isAncestorOf(node)));
        const box = unionBox(nodes.map((node) => documentBox(node, stage)));
        if (!box) return null;
        const contains = (top: Konva.Node) => nodes.some((node) => top instanceof Konva.Container && top.isAncestorOf(node));
        const others = topLevelNodes(h().designLayer.current)
          .filter((node) => !nodes.includes(node) && !contains(node))
          .map((node) => documentBox(node, stage));
        moving = nodes.map((node) => ({ node, from: node.absolutePosition() }));
        return { box, others, page: { width: current.width, height: current.height } };
      },
      elementsIn: (box) =>
        topLevelNodes(h().designLayer.current)
          .filter((node) => node.isListening() && boxesIntersect(documentBox(node, h().stage.current), box))
          .map((node) => node.id()),
    };
    const gestures = new CanvasGestures(env);

    const openMenu = (at: ClientPoint) => {
      const stage = h().stage.current;
      const box = element.getBoundingClientRect();
      const { document: current, selection, select } = useDesignStore.getState();
      if (!stage || !current) return;
      const node = elementNodeOf(stage.getIntersection({ x: at.clientX - box.left, y: at.clientY - box.top }));
      const target = node ? targetOf(current, selection, node) : null;
      if (target && !selection.includes(target)) select([target]);
      h().onContextMenu?.(at, target);
    };

    const commitMove = () => {
      const nodes = moving.map(({ node }) => node);
      moving = [];
      const store = useDesignStore.getState();
      const changes = nodes.map((node) => ({ id: node.id(), patch: { x: tidy(node.x()), y: tidy(node.y()) } }));
      const { document: current } = store;
      const moved = changes.some(({ id, patch }) => {
        const element = current && findElement(current, id)?.element;
        return element?.x !== patch.x || element?.y !== patch.y;
      });
      try {
        if (current && moved) store.dispatch({ type: 'updateElements', changes }, { label: 'move' });
      } catch (error) {
        console.warn('The move could not be applied', error);
      }
      h().resetNodes(nodes);
    };

    const run = (effects: readonly GestureEffect[], event?: Event) => {
      for (const effect of effects) {
        switch (effect.type) {
          case 'focus':
            element.focus({ preventScroll: true });
            break;
          case 'preventDefault':
            event?.preventDefault();
            break;
          case 'select':
            useDesignStore.getState().select(effect.ids);
            break;
          case 'toggleSelected':
            useDesignStore.getState().toggleSelected(effect.id);
            break;
          case 'setViewport':
            useDesignViewStore.getState().setViewport(effect.view);
            break;
          case 'moveBy': {
            const scale = useDesignViewStore.getState().zoom;
            for (const { node, from } of moving) node.absolutePosition({ x: from.x + effect.dx * scale, y: from.y + effect.dy * scale });
            h().designLayer.current?.batchDraw();
            break;
          }
          case 'commitMove':
            commitMove();
            break;
          case 'cancelMove':
            h().resetNodes(moving.map(({ node }) => node));
            moving = [];
            break;
          case 'guides':
            h().setOverlay({ guides: effect.guides });
            break;
          case 'marquee':
            h().setOverlay({ marquee: effect.box });
            break;
          case 'cursor':
            if (element.contains(event?.target as Node | null)) element.style.cursor = effect.cursor;
            break;
          case 'startLongPressTimer':
            window.clearTimeout(timer);
            timer = window.setTimeout(() => run(gestures.longPressTimeout(Date.now())), effect.delay);
            break;
          case 'clearLongPressTimer':
            window.clearTimeout(timer);
            break;
          case 'openMenu':
            openMenu(effect.at);
            break;
        }
      }
    };
    cancelRef.current = () => run(gestures.cancel());

    const input = (event: PointerEvent): PointerInput => ({
      pointerId: event.pointerId,
      point: local(event),
      clientX: event.clientX,
      clientY: event.clientY,
      button: event.button,
      buttons: event.buttons,
      pointerType: event.pointerType,
      shiftKey: event.shiftKey,
      altKey: event.altKey,
    });
    const onDown = (event: PointerEvent) => run(gestures.pointerDown(input(event)), event);
    const onMove = (event: PointerEvent) => run(gestures.pointerMove(input(event)), event);
    const onUp = (event: PointerEvent) => run(gestures.pointerUp(event.pointerId), event);
    const onCancel = (event: PointerEvent) => run(gestures.pointerCancel(event.pointerId), event);
    const onWheel = (event: WheelEvent) => run(gestures.wheel({ deltaX: event.deltaX, deltaY: event.deltaY, deltaMode: event.deltaMode, ctrlKey: event.ctrlKey, metaKey: event.metaKey, shiftKey: event.shiftKey, point: local(event) }), event);
    const onMenu = (event: MouseEvent) => run(gestures.contextMenu({ clientX: event.clientX, clientY: event.clientY }, Date.now()), event);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') run(gestures.escape(), event);
    };
    // The context-menu key and Shift+F10 open the menu for the selection as it is (no hit test), at its
    // centre on screen, or at the canvas's centre with nothing selected.
    const onMenuKey = (event: KeyboardEvent) => {
      if (event.target !== element || !isMenuKey(event)) return;
      event.preventDefault();
      const { selection } = useDesignStore.getState();
      const box = element.getBoundingClientRect();
      const nodes = selection.map((id) => h().findNode(id)).filter((node): node is Konva.Node => !!node && node.isVisible());
      const shown = unionBox(nodes.map((node) => node.getClientRect()));
      const centre = shown ? { x: shown.x + shown.width / 2, y: shown.y + shown.height / 2 } : { x: box.width / 2, y: box.height / 2 };
      const at = { clientX: box.left + clamp(centre.x, 0, box.width), clientY: box.top + clamp(centre.y, 0, box.height) };
      h().onContextMenu?.(at, selection[0] ?? null);
    };

    element.addEventListener('pointerdown', onDown);
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
    window.addEventListener('pointercancel', onCancel);
    element.addEventListener('wheel', onWheel, { passive: false });
    element.addEventListener('contextmenu', onMenu);
    element.addEventListener('keydown', onMenuKey);
    window.addEventListener('keydown', onKey);
    return () => {
      element.removeEventListener('pointerdown', onDown);
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
      window.removeEventListener('pointercancel', onCancel);
      element.removeEventListener('wheel', onWheel);
      element.removeEventListener('contextmenu', onMenu);
      element.removeEventListener('keydown', onMenuKey);
      window.removeEventListener('keydown', onKey);
      window.clearTimeout(timer);
      run(gestures.dispose());
      cancelRef.current = () => {};
    };
  }, [wrapper]);

  return useCallback(() => cancelRef.current(), []);
}

/** The keys that open a context menu from the keyboard: the menu key, or Shift+F10. */
function isMenuKey(event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'ctrlKey' | 'altKey' | 'metaKey'>): boolean {
  if (event.ctrlKey || event.altKey || event.metaKey) return false;
  return event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey);
}
