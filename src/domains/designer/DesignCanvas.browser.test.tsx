import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import Konva from 'konva';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { DesignAsset, DesignDocument, DesignElement, RectElement } from '../../../contract/design.ts';
import { initBrowserTestI18n, missingBrowserKeys } from '../../testing/browserI18n.ts';
import { findElement } from '../../../core/design/tree.ts';
import { useDesignStore } from './designStore.ts';
import { useDesignViewStore } from './designViewStore.ts';
import { wheelZoomFactor } from '../../../core/wheelZoomFactor.ts';
import { screenToDocument } from './canvasViewport.ts';
import { DesignCanvas, type DesignCanvasProps, type DesignUnderlay } from './DesignCanvas.tsx';

const base = { rotation: 0, opacity: 1, locked: false, hidden: false, hole: false };
const rect = (id: string, name: string, x: number, y: number, width: number, height: number, color: string, extra: Partial<RectElement> = {}): RectElement => ({
  ...base,
  id,
  name,
  type: 'rect',
  x,
  y,
  width,
  height,
  cornerRadius: 0,
  fill: { kind: 'solid', color },
  stroke: null,
  ...extra,
});

const RED = [255, 0, 0];
const BLUE = [0, 0, 255];
const WHITE = [255, 255, 255];
const GREEN = [0, 160, 0];

/**
 * 1000 × 800, white: a red box, a hole, a blue box, a group with an orange child, a locked box
 * and a text. Placed so that only the snaps a test wants are within reach.
 */
function testDocument(): DesignDocument {
  const elements: DesignElement[] = [
    rect('red', 'Red box', 100, 100, 200, 100, '#ff0000'),
    rect('hole', 'Photo hole', 100, 550, 150, 150, '#000000', { hole: true }),
    rect('blue', 'Blue box', 600, 500, 100, 100, '#0000ff'),
    { ...base, id: 'grp', name: 'Badge', type: 'group', x: 800, y: 100, children: [rect('child', 'Orange', 0, 0, 100, 100, '#ff8800')] },
    rect('locked', 'Locked box', 850, 300, 100, 100, '#00ff00', { locked: true }),
    rect('ghost', 'Hidden box', 430, 400, 60, 40, '#ff0000', { hidden: true }),
    { ...base, id: 'logo', name: 'Logo', type: 'image', x: 430, y: 250, width: 60, height: 40, assetId: 'magenta' },
    {
      ...base,
      id: 'title',
      name: 'Title',
      type: 'text',
      x: 600,
      y: 700,
      width: 300,
      text: 'Hello',
      fontFamily: 'inter',
      fontSize: 40,
      fontWeight: 400,
      italic: false,
      underline: false,
      align: 'left',
      letterSpacing: 0,
      lineHeight: 1.2,
      fill: { kind: 'solid', color: '#111111' },
      stroke: null,
    },
  ];
  return {
    schemaVersion: 2,
    id: 'doc1',
    name: 'Test',
    kind: 'frame',
    width: 1000,
    height: 800,
    background: { kind: 'solid', color: '#ffffff' },
    elements,
    assets: { magenta: magentaAsset },
    templateId: null,
    updatedAt: '2026-11-26T08:00:00.000Z',
  };
}

let underlay: DesignUnderlay;
let magentaAsset: DesignAsset;
const MAGENTA = [255, 0, 255];

beforeAll(async () => {
  await initBrowserTestI18n();
  // The sample photo: green all over, half the document's size, scaled ×2 by its matrix.
  const photo = new OffscreenCanvas(500, 400);
  const ctx = photo.getContext('2d')!;
  ctx.fillStyle = `rgb(${GREEN.join(',')})`;
  ctx.fillRect(0, 0, 500, 400);
  const png = new OffscreenCanvas(6, 4);
  const png2d = png.getContext('2d')!;
  png2d.fillStyle = `rgb(${MAGENTA.join(',')})`;
  png2d.fillRect(0, 0, 6, 4);
  const bytes = new Uint8Array(await (await png.convertToBlob({ type: 'image/png' })).arrayBuffer());
  magentaAsset = { mime: 'image/png', width: 6, height: 4, data: btoa(String.fromCharCode(...bytes)) };
  underlay = { image: await createImageBitmap(photo), width: 500, height: 400, matrix: { a: 2, b: 0, c: 0, d: 2, e: 0, f: 0 }, clip: { x: 0, y: 0, width: 1000, height: 800 } };
});

beforeEach(() => {
  useDesignStore.getState().load(testDocument());
  useDesignViewStore.setState({ zoom: 1, x: 0, y: 0, fitRequest: 0 });
});

afterEach(() => {
  cleanup();
  missingBrowserKeys.clear();
});

function setup(props: DesignCanvasProps = {}) {
  render(
    <div style={{ width: 600, height: 500, display: 'grid' }}>
      <DesignCanvas underlays={[underlay]} {...props} />
    </div>,
  );
  const surface = screen.getByRole('application', { name: 'Design canvas' });
  return { surface };
}

const view = () => useDesignViewStore.getState();
const doc = () => useDesignStore.getState().document!;
const element = (id: string) => findElement(doc(), id)!.element as RectElement;
const stage = () => Konva.stages[Konva.stages.length - 1]!;

/** Document px → client px. */
function client(surface: HTMLElement, x: number, y: number) {
  const box = surface.getBoundingClientRect();
  const { zoom, x: vx, y: vy } = view();
  return { clientX: box.left + vx + x * zoom, clientY: box.top + vy + y * zoom };
}

/** What the screen shows at a document point: the stage's layer canvases composited in order. */
function pixel(surface: HTMLElement, x: number, y: number): number[] {
  const canvases = [...surface.querySelectorAll('canvas')];
  const first = canvases[0]!;
  const out = new OffscreenCanvas(first.width, first.height);
  const ctx = out.getContext('2d')!;
  for (const canvas of canvases) ctx.drawImage(canvas, 0, 0);
  const ratio = first.width / surface.clientWidth;
  const { zoom, x: vx, y: vy } = view();
  const data = ctx.getImageData(Math.round((vx + x * zoom) * ratio), Math.round((vy + y * zoom) * ratio), 1, 1).data;
  return [data[0] ?? 0, data[1] ?? 0, data[2] ?? 0];
}

const near = (actual: number[], expected: number[]) => actual.every((value, i) => Math.abs(value - (expected[i] ?? 0)) <= 10);

/** The topmost canvas: where the browser delivers pointer events (they bubble to the canvas wrapper and window). */
const topCanvas = (surface: HTMLElement) => [...surface.querySelectorAll('canvas')].at(-1)!;

interface PointerOptions {
  pointerId?: number;
  pointerType?: string;
  button?: number;
  shiftKey?: boolean;
  altKey?: boolean;
}

/** A pointer event at a document point, followed by its compatibility mouse event like a real mouse. */
function pointer(surface: HTMLElement, type: 'down' | 'move' | 'up', x: number, y: number, options: PointerOptions = {}) {
  const { pointerId = 1, pointerType = 'mouse', button = 0, shiftKey = false, altKey = false } = options;
  const at = client(surface, x, y);
  const init = { ...at, pointerId, pointerType, isPrimary: pointerId === 1, button: type === 'move' ? -1 : button, buttons: type === 'up' ? 0 : 1, shiftKey, altKey, bubbles: true, cancelable: true };
  const target = topCanvas(surface);
  target.dispatchEvent(new PointerEvent(`pointer${type}`, init));
  if (pointerType === 'mouse') target.dispatchEvent(new MouseEvent(`mouse${type}`, { ...init, button }));
}

function click(surface: HTMLElement, x: number, y: number, options: PointerOptions = {}) {
  act(() => {
    pointer(surface, 'down', x, y, options);
    pointer(surface, 'up', x, y, options);
  });
}

/** A drag in `steps` moves from one document point to another (moves are in screen px, converted here). */
function drag(surface: HTMLElement, from: [number, number], to: [number, number], options: PointerOptions = {}, steps = 4) {
  act(() => {
    pointer(surface, 'down', from[0], from[1], options);
    for (let i = 1; i <= steps; i++) pointer(surface, 'move', from[0] + ((to[0] - from[0]) * i) / steps, from[1] + ((to[1] - from[1]) * i) / steps, options);
    pointer(surface, 'up', to[0], to[1], options);
  });
}

/** Waits until the stage has drawn (hit graph included), at the fitted zoom. */
async function drawn(surface: HTMLElement) {
  await expect.poll(() => near(pixel(surface, 200, 150), RED)).toBe(true);
}

describe('DesignCanvas', () => {
  it('fits the page and draws the document, with the underlay showing through the hole', async () => {
    const { surface } = setup();
    // 1000 × 800 in 600 × 500 with a 32 px margin: (600 − 64) / 1000.
    expect(view().zoom).toBeCloseTo(0.536, 6);
    expect(view().x).toBeCloseTo(32, 6);
    await drawn(surface);
    expect(near(pixel(surface, 650, 550), BLUE)).toBe(true);
    expect(near(pixel(surface, 500, 300), WHITE)).toBe(true);
    // The hole cuts the white background: the sample photo is seen there.
    expect(near(pixel(surface, 175, 625), GREEN)).toBe(true);
    // The embedded image, decoded from the document's base64; the hidden box draws nothing.
    await expect.poll(() => near(pixel(surface, 460, 270), MAGENTA)).toBe(true);
    expect(near(pixel(surface, 460, 420), WHITE)).toBe(true);
    expect(surface.getAttribute('tabindex')).toBe('0');
    expect(document.getElementById(surface.getAttribute('aria-describedby')!)?.textContent).toContain('No element selected');
    expect(missingBrowserKeys.size).toBe(0);
  });

  it('outlines a star hole along the star, not its box', async () => {
    const star: DesignElement = { ...base, hole: true, id: 'star', name: 'Star hole', type: 'star', x: 300, y: 420, width: 100, height: 100, points: 5, innerRatio: 0.5, fill: { kind: 'solid', color: '#000000' }, stroke: null };
    useDesignStore.getState().load({ ...testDocument(), elements: [...testDocument().elements, star] });
    const { surface } = setup();
    await drawn(surface);
    // The box's corner lies outside the star: the page's white, no dashed outline through it.
    await expect.poll(() => near(pixel(surface, 300, 420), WHITE)).toBe(true);
    // The star's top vertex is on the outline.
    expect(near(pixel(surface, 350, 420), WHITE)).toBe(false);
  });

  it('redraws only what changed: an update moves the node and the pixels', async () => {
    const { surface } = setup();
    await drawn(surface);
    act(() => useDesignStore.getState().dispatch({ type: 'updateElements', changes: [{ id: 'blue', patch: { x: 300, y: 300 } }] }));
    await expect.poll(() => near(pixel(surface, 350, 350), BLUE)).toBe(true);
    expect(near(pixel(surface, 650, 550), WHITE)).toBe(true);
  });

  it('selects on click, the top-level group of a child, adds with Shift and clears on empty space', async () => {
    const { surface } = setup();
    await drawn(surface);
    click(surface, 200, 150);
    expect(useDesignStore.getState().selection).toEqual(['red']);
    expect(document.getElementById(surface.getAttribute('aria-describedby')!)?.textContent).toContain('1 element selected: Red box');
    click(surface, 650, 550, { shiftKey: true });
    expect(useDesignStore.getState().selection).toEqual(['red', 'blue']);
    expect(document.getElementById(surface.getAttribute('aria-describedby')!)?.textContent).toContain('2 elements selected: Red box, Blue box');
    // Shift+click on a selected one drops it.
    click(surface, 650, 550, { shiftKey: true });
    expect(useDesignStore.getState().selection).toEqual(['red']);
    click(surface, 850, 150);
    expect(useDesignStore.getState().selection).toEqual(['grp']);
    // A locked element is not selectable on the canvas: the click lands on empty space.
    click(surface, 900, 350);
    expect(useDesignStore.getState().selection).toEqual([]);
    // The transformer wraps the selection.
    click(surface, 200, 150);
    await expect.poll(() => (stage().findOne('Transformer') as Konva.Transformer).nodes().map((node) => node.id())).toEqual(['red']);
  });

  it('selects the elements a marquee touches', async () => {
    const { surface } = setup();
    await drawn(surface);
    drag(surface, [50, 50], [350, 600]);
    expect([...useDesignStore.getState().selection].sort()).toEqual(['hole', 'red']);
  });

  it('moves the selection by the drag in one undoable command', async () => {
    const { surface } = setup();
    await drawn(surface);
    const past = useDesignStore.getState().past.length;
    const { zoom } = view();
    // 40 × 30 screen px; Alt moves without snapping.
    drag(surface, [200, 150], [200 + 40 / zoom, 150 + 30 / zoom], { altKey: true });
    expect(useDesignStore.getState().past.length).toBe(past + 1);
    expect(element('red').x).toBeCloseTo(100 + 40 / zoom, 2);
    expect(element('red').y).toBeCloseTo(150 - 50 + 30 / zoom, 2);
    expect(stage().findOne('#red')!.x()).toBeCloseTo(element('red').x, 6);
    act(() => useDesignStore.getState().undo());
    expect(element('red')).toMatchObject({ x: 100, y: 100 });
    await expect.poll(() => stage().findOne('#red')!.x()).toBe(100);
  });

  it('moves every selected element together', async () => {
    const { surface } = setup();
    await drawn(surface);
    act(() => useDesignStore.getState().select(['red', 'blue']));
    const { zoom } = view();
    drag(surface, [650, 550], [650 + 20 / zoom, 550], { altKey: true });
    expect(element('red').x).toBeCloseTo(100 + 20 / zoom, 2);
    expect(element('blue').x).toBeCloseTo(600 + 20 / zoom, 2);
  });

  it('pans with Space+drag and with the middle button, moving nothing', async () => {
    const { surface } = setup();
    await drawn(surface);
    const before = view();
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true }));
    });
    drag(surface, [200, 150], [200 + 50 / before.zoom, 150 + 20 / before.zoom], {}, 1);
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keyup', { key: ' ', bubbles: true }));
    });
    expect(view().x).toBeCloseTo(before.x + 50, 6);
    expect(view().y).toBeCloseTo(before.y + 20, 6);
    const panned = view();
    // Points are in document px at the current view; a middle-button drag of 30 screen px.
    drag(surface, [650, 550], [650 - 30 / panned.zoom, 550], { button: 1 }, 1);
    expect(view().x).toBeCloseTo(panned.x - 30, 6);
    expect(useDesignStore.getState().past.length).toBe(0);
    expect(useDesignStore.getState().selection).toEqual([]);
  });

  it('cancels a drag with Escape', async () => {
    const { surface } = setup();
    await drawn(surface);
    act(() => {
      pointer(surface, 'down', 200, 150, { altKey: true });
      pointer(surface, 'move', 260, 190, { altKey: true });
    });
    expect(stage().findOne('#red')!.x()).toBeCloseTo(160, 6);
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(stage().findOne('#red')!.x()).toBe(100);
    act(() => pointer(surface, 'up', 260, 190, { altKey: true }));
    expect(useDesignStore.getState().past.length).toBe(0);
    expect(element('red').x).toBe(100);
  });

  it('snaps to the page centre and shows guides while dragging', async () => {
    const { surface } = setup();
    await drawn(surface);
    const { zoom } = view();
    // The blue box's centre (650, 550) to 2 screen px off the page centre (500, 400).
    const to: [number, number] = [500 + 2 / zoom, 400 - 2 / zoom];
    act(() => {
      pointer(surface, 'down', 650, 550);
      pointer(surface, 'move', 600, 500);
      pointer(surface, 'move', to[0], to[1]);
    });
    // Live: only the Konva node moved, snapped; a guide is drawn in the overlay.
    expect(stage().findOne('#blue')!.x()).toBeCloseTo(450, 6);
    expect(element('blue').x).toBe(600);
    // The 1 px guide at x = 500 (anti-aliased over a pixel or two): pink over the white page.
    const pink = () => [-1, 0, 1].some((dx) => {
      const [r = 0, g = 0, b = 0] = pixel(surface, 500 + dx / view().zoom, 100);
      return r > 230 && g < 215 && b > 190 && g < b;
    });
    await expect.poll(pink).toBe(true);
    act(() => pointer(surface, 'up', to[0], to[1]));
    expect(element('blue')).toMatchObject({ x: 450, y: 350 });
  });

  it('resizes with the transformer and bakes the scale into the geometry', async () => {
    const { surface } = setup();
    await drawn(surface);
    act(() => useDesignStore.getState().select(['red']));
    const transformer = stage().findOne('Transformer') as Konva.Transformer;
    await expect.poll(() => transformer.nodes().length).toBe(1);
    const anchor = transformer.findOne('.middle-right')!;
    const at = anchor.absolutePosition();
    // The overlay's hit graph is drawn on the next frame.
    await expect.poll(() => stage().getIntersection(at)).toBe(anchor);
    const box = topCanvas(surface).getBoundingClientRect();
    const start = { clientX: box.left + at.x, clientY: box.top + at.y };
    const end = { clientX: start.clientX + 200 * view().zoom, clientY: start.clientY };
    act(() => {
      topCanvas(surface).dispatchEvent(new MouseEvent('mousedown', { ...start, button: 0, buttons: 1, bubbles: true, cancelable: true }));
      window.dispatchEvent(new MouseEvent('mousemove', { ...end, buttons: 1, bubbles: true }));
      window.dispatchEvent(new MouseEvent('mouseup', { ...end, button: 0, bubbles: true }));
    });
    // Within a screen px of the pointer's 200 document px.
    expect(Math.abs(element('red').width - 400)).toBeLessThan(2);
    expect(element('red').height).toBe(100);
    expect(element('red')).not.toHaveProperty('scaleX');
    const node = stage().findOne('#red')!;
    expect(node.scaleX()).toBe(1);
    await expect.poll(() => node.width()).toBe(element('red').width);
    await expect.poll(() => near(pixel(surface, 450, 150), RED)).toBe(true);
  });

  it('zooms at the pointer with Ctrl+wheel and pans with the plain wheel', async () => {
    const { surface } = setup();
    await drawn(surface);
    const before = view();
    const box = surface.getBoundingClientRect();
    const anchor = { x: 200, y: 150 };
    const under = screenToDocument(before, anchor);
    act(() => {
      surface.dispatchEvent(new WheelEvent('wheel', { deltaY: -100, ctrlKey: true, clientX: box.left + anchor.x, clientY: box.top + anchor.y, bubbles: true, cancelable: true }));
    });
    expect(view().zoom).toBeCloseTo(before.zoom * wheelZoomFactor(-100, 0, true), 6);
    expect(screenToDocument(view(), anchor).x).toBeCloseTo(under.x, 6);
    expect(screenToDocument(view(), anchor).y).toBeCloseTo(under.y, 6);
    const zoomed = view();
    act(() => {
      surface.dispatchEvent(new WheelEvent('wheel', { deltaX: 10, deltaY: 30, clientX: box.left + 10, clientY: box.top + 10, bubbles: true, cancelable: true }));
    });
    expect(view()).toMatchObject({ zoom: zoomed.zoom, x: zoomed.x - 10, y: zoomed.y - 30 });
    // The stage follows the view store.
    await expect.poll(() => stage().scaleX()).toBeCloseTo(zoomed.zoom, 6);
  });

  it('pinch-zooms with two fingers about their midpoint', async () => {
    const { surface } = setup();
    await drawn(surface);
    const before = view();
    act(() => {
      pointer(surface, 'down', 400, 400, { pointerId: 1, pointerType: 'touch' });
      pointer(surface, 'down', 600, 400, { pointerId: 2, pointerType: 'touch' });
      pointer(surface, 'move', 700, 400, { pointerId: 2, pointerType: 'touch' });
    });
    // The fingers' distance grew by 1.5 (screen px scale with the document px at a fixed view).
    expect(view().zoom).toBeCloseTo(before.zoom * 1.5, 6);
    act(() => {
      pointer(surface, 'up', 700, 400, { pointerId: 2, pointerType: 'touch' });
      pointer(surface, 'up', 400, 400, { pointerId: 1, pointerType: 'touch' });
    });
    // Neither finger selected or moved anything.
    expect(useDesignStore.getState().past.length).toBe(0);
  });

  it('fits again on zoomToFit', async () => {
    const { surface } = setup();
    await drawn(surface);
    act(() => view().zoomIn());
    expect(view().zoom).toBeCloseTo(0.536 * 1.25, 6);
    act(() => view().zoomToFit());
    expect(view().zoom).toBeCloseTo(0.536, 6);
  });

  it('opens the context menu on right-click and on a long press', async () => {
    const onContextMenu = vi.fn();
    const { surface } = setup({ onContextMenu });
    await drawn(surface);
    const exact = client(surface, 650, 550);
    // MouseEvent coordinates are whole px.
    const at = { clientX: Math.round(exact.clientX), clientY: Math.round(exact.clientY) };
    act(() => {
      topCanvas(surface).dispatchEvent(new MouseEvent('contextmenu', { ...at, button: 2, bubbles: true, cancelable: true }));
    });
    expect(onContextMenu).toHaveBeenCalledWith(at, 'blue');
    expect(useDesignStore.getState().selection).toEqual(['blue']);

    await new Promise((resolve) => setTimeout(resolve, 900)); // past the menu's de-duplication window
    act(() => pointer(surface, 'down', 200, 150, { pointerType: 'touch' }));
    expect(onContextMenu).toHaveBeenCalledTimes(1);
    await expect.poll(() => onContextMenu.mock.calls.length, { timeout: 2000 }).toBe(2);
    expect(onContextMenu).toHaveBeenLastCalledWith(client(surface, 200, 150), 'red');
    act(() => pointer(surface, 'up', 200, 150, { pointerType: 'touch' }));
    // The press did not turn into a move.
    expect(useDesignStore.getState().past.length).toBe(0);
  });

  it('opens the context menu from the keyboard for the selection as it is, at its centre', async () => {
    const onContextMenu = vi.fn();
    const { surface } = setup({ onContextMenu });
    await drawn(surface);
    act(() => useDesignStore.getState().select(['red']));
    surface.focus();
    const key = (init: KeyboardEventInit) => {
      const event = new KeyboardEvent('keydown', { ...init, bubbles: true, cancelable: true });
      act(() => void surface.dispatchEvent(event));
      return event;
    };
    expect(key({ key: 'F10' }).defaultPrevented).toBe(false);
    expect(key({ key: 'F10', ctrlKey: true, shiftKey: true }).defaultPrevented).toBe(false);
    expect(onContextMenu).not.toHaveBeenCalled();

    // Shift+F10: the browser's own menu is prevented; ours opens for the red box, at its centre on screen.
    expect(key({ key: 'F10', shiftKey: true }).defaultPrevented).toBe(true);
    expect(onContextMenu).toHaveBeenCalledTimes(1);
    const [at, target] = onContextMenu.mock.calls[0]!;
    const centre = client(surface, 200, 150);
    expect(target).toBe('red');
    expect(at.clientX).toBeCloseTo(centre.clientX, 0);
    expect(at.clientY).toBeCloseTo(centre.clientY, 0);
    expect(useDesignStore.getState().selection).toEqual(['red']);

    // The menu key, with nothing selected: the canvas's centre, no target.
    act(() => useDesignStore.getState().select([]));
    key({ key: 'ContextMenu' });
    const box = surface.getBoundingClientRect();
    expect(onContextMenu).toHaveBeenLastCalledWith({ clientX: box.left + box.width / 2, clientY: box.top + box.height / 2 }, null);
  });

  it('edits a text in place on double-click; Escape cancels, Ctrl+Enter commits', async () => {
    const { surface } = setup();
    await drawn(surface);
    const open = () => {
      click(surface, 650, 720);
      click(surface, 650, 720);
      return screen.getByRole('textbox', { name: 'Edit text' }) as HTMLTextAreaElement;
    };
    let editor = open();
    expect(editor.value).toBe('Hello');
    expect(document.activeElement).toBe(editor);
    expect(stage().findOne('#title')!.visible()).toBe(false);
    act(() => {
      fireEvent.change(editor, { target: { value: 'Ignored' } });
      fireEvent.keyDown(editor, { key: 'Escape' });
    });
    expect(screen.queryByRole('textbox')).toBeNull();
    expect((element('title') as unknown as { text: string }).text).toBe('Hello');
    expect(stage().findOne('#title')!.visible()).toBe(true);

    await new Promise((resolve) => setTimeout(resolve, 500)); // a new double-click, not a triple
    editor = open();
    act(() => {
      fireEvent.change(editor, { target: { value: 'Merdeka' } });
      fireEvent.keyDown(editor, { key: 'Enter', ctrlKey: true });
    });
    expect((element('title') as unknown as { text: string }).text).toBe('Merdeka');
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('works with real mouse input: click selects, a drag moves, a double-click edits', async () => {
    const { surface } = setup();
    await drawn(surface);
    /** A document point as a position inside the canvas element. */
    const position = (x: number, y: number) => ({ x: view().x + x * view().zoom, y: view().y + y * view().zoom });
    await userEvent.click(surface, { position: position(650, 550) });
    expect(useDesignStore.getState().selection).toEqual(['blue']);
    // 60 screen px right: nothing to snap to within reach.
    const { zoom } = view();
    await userEvent.dragAndDrop(surface, surface, { sourcePosition: position(200, 150), targetPosition: position(200 + 60 / zoom, 150), steps: 5 });
    expect(useDesignStore.getState().selection).toEqual(['red']);
    expect(element('red').x).toBeCloseTo(100 + 60 / zoom, 0);
    expect(element('red').y).toBe(100);
    expect(useDesignStore.getState().past.length).toBe(1);
    await userEvent.dblClick(surface, { position: position(650, 720) });
    await expect.poll(() => screen.queryByRole('textbox', { name: 'Edit text' })).not.toBeNull();
  });

  it('leaves no Konva stage behind after unmount', async () => {
    const before = Konva.stages.length;
    const { unmount } = render(
      <div style={{ width: 600, height: 500, display: 'grid' }}>
        <DesignCanvas />
      </div>,
    );
    await expect.poll(() => Konva.stages.length).toBe(before + 1);
    unmount();
    expect(Konva.stages.length).toBe(before);
  });
});
