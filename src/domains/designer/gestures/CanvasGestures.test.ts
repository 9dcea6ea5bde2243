import { describe, expect, it } from 'vitest';
import type { Viewport } from '../canvasViewport.ts';
import type { Rect } from '../../../../core/geometry.ts';
import { CanvasGestures, MENU_REPEAT_MS } from './CanvasGestures.ts';
import type { GestureEffect, GestureEnv, PointerInput, PressTarget } from './gestureTypes.ts';

/** A canvas at zoom 2 panned by (10, 20): element "a" covers screen x 100–200, "b" x 300–400, the rest is empty page. */
function setup({ selection = [] as string[], space = false, view = { zoom: 2, x: 10, y: 20 } as Viewport } = {}) {
  const state = { selection, view, space };
  const env: GestureEnv = {
    view: () => state.view,
    selection: () => state.selection,
    spaceHeld: () => state.space,
    hit: ({ x }): PressTarget => (x >= 100 && x < 200 ? { kind: 'element', id: 'a' } : x >= 300 && x < 400 ? { kind: 'element', id: 'b' } : x < 0 ? { kind: 'none' } : { kind: 'empty' }),
    measureMove: () => (state.selection.length ? { box: { x: 45, y: 0, width: 50, height: 50 }, others: [{ x: 145, y: 0, width: 50, height: 50 }], page: { width: 1000, height: 1000 } } : null),
    elementsIn: (box: Rect) => ['a', 'b'].filter((id) => (id === 'a' ? box.x < 95 && box.x + box.width > 45 : box.x < 195 && box.x + box.width > 145)),
  };
  const gestures = new CanvasGestures(env);
  /** Carries out the selection and view effects like the canvas does, and returns all of them. */
  const apply = (effects: GestureEffect[]) => {
    for (const effect of effects) {
      if (effect.type === 'select') state.selection = [...effect.ids];
      if (effect.type === 'toggleSelected') state.selection = state.selection.includes(effect.id) ? state.selection.filter((id) => id !== effect.id) : [...state.selection, effect.id];
      if (effect.type === 'setViewport') state.view = effect.view;
    }
    return effects;
  };
  const pointer = (x: number, y: number, more: Partial<PointerInput> = {}): PointerInput => ({
    pointerId: 1,
    point: { x, y },
    clientX: x,
    clientY: y,
    button: 0,
    buttons: 1,
    pointerType: 'mouse',
    shiftKey: false,
    altKey: false,
    ...more,
  });
  return {
    state,
    gestures,
    down: (x: number, y: number, more?: Partial<PointerInput>) => apply(gestures.pointerDown(pointer(x, y, more))),
    move: (x: number, y: number, more?: Partial<PointerInput>) => apply(gestures.pointerMove(pointer(x, y, more))),
    up: (pointerId = 1) => apply(gestures.pointerUp(pointerId)),
  };
}

const types = (effects: GestureEffect[]) => effects.map((effect) => effect.type);

describe('CanvasGestures', () => {
  it('selects on click, adds with Shift+click and drops a selected element with Shift+click', () => {
    const canvas = setup();
    expect(types(canvas.down(150, 50))).toEqual(['focus', 'select']);
    canvas.up();
    expect(canvas.state.selection).toEqual(['a']);
    canvas.down(350, 50, { shiftKey: true });
    canvas.up();
    expect(canvas.state.selection).toEqual(['a', 'b']);
    canvas.down(150, 50, { shiftKey: true });
    expect(canvas.state.selection).toEqual(['a', 'b']);
    canvas.up();
    expect(canvas.state.selection).toEqual(['b']);
  });

  it('keeps just the clicked element of a multi-selection, but drags them all', () => {
    const canvas = setup({ selection: ['a', 'b'] });
    canvas.down(150, 50);
    expect(canvas.up()).toEqual([{ type: 'select', ids: ['a'] }]);
    canvas.state.selection = ['a', 'b'];
    canvas.down(150, 50);
    canvas.move(170, 50);
    expect(canvas.up()).toEqual([{ type: 'commitMove' }, { type: 'guides', guides: [] }]);
    expect(canvas.state.selection).toEqual(['a', 'b']);
  });

  it('stays a click within 3 px and then moves in document px, snapping to other elements unless Alt is held', () => {
    const canvas = setup();
    canvas.down(150, 50);
    expect(canvas.move(152, 51)).toEqual([]);
    expect(canvas.gestures.current?.kind).toBe('press');
    // 40 screen px = 20 document px: the box's left edge (45 → 65) is off every vertical line (its top stays on the page's).
    const free = canvas.move(190, 50);
    expect(free[0]).toEqual({ type: 'moveBy', dx: 20, dy: 0 });
    expect(free[1]).toMatchObject({ type: 'guides' });
    expect((free[1] as { guides: { orientation: string }[] }).guides.filter((guide) => guide.orientation === 'vertical')).toEqual([]);
    // 196 screen px = 98 document px: the left edge lands at 143, within 3 document px (6 screen px) of the other box's 145.
    const snapped = canvas.move(346, 50);
    expect(snapped[0]).toEqual({ type: 'moveBy', dx: 100, dy: 0 });
    expect((snapped[1] as { guides: { orientation: string; position: number }[] }).guides).toContainEqual(expect.objectContaining({ orientation: 'vertical', position: 145 }));
    expect(canvas.move(346, 50, { altKey: true })[0]).toEqual({ type: 'moveBy', dx: 98, dy: 0 });
    expect(types(canvas.up())).toEqual(['commitMove', 'guides']);
  });

  it('does not move when nothing selected can move', () => {
    const canvas = setup();
    canvas.down(150, 50);
    canvas.state.selection = [];
    expect(canvas.move(200, 50)).toEqual([]);
    expect(canvas.gestures.current).toBeNull();
  });

  it('selects what a marquee touches, adds with Shift, and clears on a click on empty space', () => {
    const canvas = setup({ selection: ['b'] });
    canvas.down(50, 20);
    // Start (50, 20) screen = (20, 0) document; (250, 120) screen = (120, 50) document.
    expect(canvas.move(250, 120)).toEqual([{ type: 'marquee', box: { x: 20, y: 0, width: 100, height: 50 } }]);
    expect(canvas.up()).toEqual([
      { type: 'marquee', box: null },
      { type: 'select', ids: ['a'] },
    ]);
    canvas.state.selection = ['b'];
    canvas.down(50, 20, { shiftKey: true });
    canvas.move(250, 120);
    canvas.up();
    expect(canvas.state.selection).toEqual(['b', 'a']);
    canvas.down(500, 20);
    canvas.move(501, 21);
    expect(canvas.up()).toEqual([
      { type: 'marquee', box: null },
      { type: 'select', ids: [] },
    ]);
    expect(canvas.state.selection).toEqual([]);
  });

  it('pans with Space + drag and with the middle button, without selecting', () => {
    const canvas = setup({ space: true });
    expect(types(canvas.down(150, 50))).toEqual(['focus', 'preventDefault']);
    canvas.move(170, 40);
    expect(canvas.state.view).toEqual({ zoom: 2, x: 30, y: 10 });
    canvas.up();
    canvas.state.space = false;
    canvas.down(150, 50, { button: 1 });
    canvas.move(140, 50);
    expect(canvas.state.view).toEqual({ zoom: 2, x: 20, y: 10 });
    expect(canvas.state.selection).toEqual([]);
  });

  it('leaves presses on the transformer and with the secondary button alone', () => {
    const canvas = setup();
    expect(canvas.down(-5, 0)).toEqual([{ type: 'focus' }]);
    canvas.up();
    expect(canvas.down(150, 0, { button: 2 })).toEqual([{ type: 'focus' }]);
    expect(canvas.state.selection).toEqual([]);
  });

  it('zooms about the pointer with Ctrl + wheel and pans with the wheel', () => {
    const canvas = setup();
    const wheel = { deltaX: 0, deltaY: 100, deltaMode: 0, ctrlKey: false, metaKey: false, shiftKey: false, point: { x: 110, y: 120 } };
    canvas.gestures.wheel(wheel).forEach((effect) => effect.type === 'setViewport' && (canvas.state.view = effect.view));
    expect(canvas.state.view).toEqual({ zoom: 2, x: 10, y: -80 });
    canvas.gestures.wheel({ ...wheel, shiftKey: true }).forEach((effect) => effect.type === 'setViewport' && (canvas.state.view = effect.view));
    expect(canvas.state.view).toEqual({ zoom: 2, x: -90, y: -80 });
    // A mouse reporting lines pans by the same pixels as the zoom counts them (3 lines = 48 px).
    canvas.gestures.wheel({ ...wheel, deltaY: 3, deltaMode: 1 }).forEach((effect) => effect.type === 'setViewport' && (canvas.state.view = effect.view));
    expect(canvas.state.view).toEqual({ zoom: 2, x: -90, y: -128 });
    const [prevent, zoomed] = canvas.gestures.wheel({ ...wheel, deltaY: -10, ctrlKey: true });
    expect(prevent).toEqual({ type: 'preventDefault' });
    const view = (zoomed as { view: Viewport }).view;
    expect(view.zoom).toBeGreaterThan(2);
    // The document point under the pointer stays there.
    expect((110 - view.x) / view.zoom).toBeCloseTo((110 - -90) / 2);
  });

  it('pinches with two fingers, dropping the press the first one started', () => {
    const canvas = setup({ selection: ['a'] });
    canvas.down(150, 50, { pointerType: 'touch' });
    canvas.move(160, 50, { pointerType: 'touch' });
    expect(canvas.gestures.current?.kind).toBe('move');
    expect(types(canvas.down(250, 50, { pointerId: 2, pointerType: 'touch' }))).toEqual(['cancelMove', 'guides', 'marquee']);
    // The fingers spread from 90 to 180 px apart about x = 205: zoom doubles.
    canvas.move(295, 50, { pointerId: 2, pointerType: 'touch' });
    canvas.move(115, 50, { pointerType: 'touch' });
    expect(canvas.state.view.zoom).toBeCloseTo(4);
    canvas.up(1);
    expect(canvas.gestures.current?.kind).toBe('pinch');
    canvas.up(2);
    expect(canvas.gestures.current).toBeNull();
  });

  it('opens the context menu on a touch long press, once, and not after the finger moved', () => {
    const canvas = setup();
    expect(canvas.down(150, 50, { pointerType: 'touch' })).toContainEqual({ type: 'startLongPressTimer', delay: 500 });
    expect(canvas.gestures.longPressTimeout(1000)).toEqual([
      { type: 'guides', guides: [] },
      { type: 'marquee', box: null },
      { type: 'openMenu', at: { clientX: 150, clientY: 50 } },
    ]);
    // The browser's contextmenu after the long press is the same request.
    expect(canvas.gestures.contextMenu({ clientX: 150, clientY: 50 }, 1000 + MENU_REPEAT_MS - 1)).toEqual([{ type: 'preventDefault' }]);
    canvas.up();
    canvas.down(150, 50, { pointerType: 'touch' });
    expect(canvas.move(160, 50, { pointerType: 'touch' })).toContainEqual({ type: 'clearLongPressTimer' });
    expect(canvas.gestures.longPressTimeout(5000)).toEqual([]);
    // Mice right-click instead.
    canvas.up();
    expect(types(canvas.down(150, 50))).not.toContain('startLongPressTimer');
    expect(canvas.gestures.contextMenu({ clientX: 1, clientY: 2 }, 9000)).toEqual([{ type: 'preventDefault' }, { type: 'openMenu', at: { clientX: 1, clientY: 2 } }]);
  });

  it('drops a move on Escape and on pointercancel', () => {
    const canvas = setup({ selection: ['a'] });
    canvas.down(150, 50);
    canvas.move(180, 50);
    expect(types(canvas.gestures.escape())).toEqual(['cancelMove', 'guides', 'marquee']);
    expect(canvas.up()).toEqual([]);
    expect(canvas.gestures.escape()).toEqual([]);
    canvas.down(150, 50);
    canvas.move(180, 50);
    expect(types(canvas.gestures.pointerCancel(1))).toEqual(['cancelMove', 'guides', 'marquee']);
  });

  it('shows a move cursor when a mouse hovers an element, not while Space is held', () => {
    const canvas = setup();
    expect(canvas.move(150, 50, { buttons: 0 })).toEqual([{ type: 'cursor', cursor: 'move' }]);
    expect(canvas.move(250, 50, { buttons: 0 })).toEqual([{ type: 'cursor', cursor: '' }]);
    canvas.state.space = true;
    expect(canvas.move(150, 50, { buttons: 0 })).toEqual([{ type: 'cursor', cursor: '' }]);
    expect(canvas.move(150, 50, { buttons: 0, pointerType: 'touch' })).toEqual([]);
  });
});
