import { beforeAll, describe, expect, it } from 'vitest';
import type { DesignDocument, DesignElement, TextElement } from '../../contract/design.ts';
import { design, ellipse, group, image, line, opaqueBounds, pixel, polygon, rect, star, text } from '../testing/designShapes.ts';
import { DESIGN_FONTS, loadDesignFonts } from './designFonts.ts';
import { drawDesign, drawElement, drawElementBody, elementSize, fontFor, layoutText, type DesignImages } from './designRender.ts';

/** The test page is a window (workers/ is type-checked against the worker lib too). */
const fonts = (globalThis as unknown as { document: { fonts: FontFaceSet } }).document.fonts;
const noImages: DesignImages = { get: () => undefined };

function draw(document: DesignDocument, images: DesignImages = noImages, holes?: 'cut' | 'skip'): ImageData {
  const canvas = new OffscreenCanvas(document.width, document.height);
  const context = canvas.getContext('2d')!;
  drawDesign(context, document, images, holes ? { holes } : undefined);
  return context.getImageData(0, 0, canvas.width, canvas.height);
}

const drawOne = (element: DesignElement, size = 600, images?: DesignImages) => draw(design({ width: size, height: size, elements: [element] }), images);
const context = () => new OffscreenCanvas(10, 10).getContext('2d')!;
const close = (a: readonly number[], b: readonly number[], tolerance = 3) => a.every((v, i) => Math.abs(v - (b[i] ?? 0)) <= tolerance);

beforeAll(() => loadDesignFonts(fonts));

describe('shapes', () => {
  it('fills a rect with rounded corners clamped to half the short side', () => {
    const img = drawOne(rect({ x: 100, y: 100, width: 200, height: 100, cornerRadius: 500 }));
    expect(pixel(img, 200, 150)).toEqual([255, 0, 0, 255]);
    // Radius 50 (half of 100): the box corner is outside, the middle of each end is inside.
    expect(pixel(img, 101, 101)[3]).toBe(0);
    expect(pixel(img, 102, 150)[3]).toBe(255);
    expect(opaqueBounds(img)).toMatchObject({ x0: 100, y0: 100, x1: 300, y1: 200 });
  });

  it('draws an ellipse, a polygon and a star inscribed in their boxes, first vertex on top', () => {
    const e = drawOne(ellipse({ x: 50, y: 50, width: 300, height: 100 }));
    expect(pixel(e, 200, 100)[3]).toBe(255);
    expect(pixel(e, 55, 55)[3]).toBe(0);
    expect(opaqueBounds(e)).toMatchObject({ x0: 50, y0: 50, x1: 350, y1: 150 });

    const triangle = drawOne(polygon({ x: 100, y: 100, width: 200, height: 200, sides: 3 }));
    const b = opaqueBounds(triangle);
    expect(b).toMatchObject({ x0: 100, y0: 100, x1: 300, y1: 300 });
    expect(pixel(triangle, 200, 103)[3]).toBeGreaterThan(0); // apex on top, centred
    expect(pixel(triangle, 110, 110)[3]).toBe(0);
    expect(pixel(triangle, 105, 297)[3]).toBe(255); // flat base along the bottom

    const s = drawOne(star({ x: 100, y: 100, width: 200, height: 200, points: 5, innerRatio: 0.4 }));
    expect(opaqueBounds(s)).toMatchObject({ x0: 100, y0: 100, x1: 300 });
    expect(pixel(s, 200, 104)[3]).toBeGreaterThan(0); // top point
    expect(pixel(s, 200, 200)).toEqual([0, 0, 255, 255]);
    expect(pixel(s, 200, 295)[3]).toBe(0); // between the two lower points
  });

  it('strokes centred on the outline, over the fill', () => {
    const img = drawOne(rect({ x: 100, y: 100, width: 200, height: 200, stroke: { color: '#0000ff', width: 20 } }));
    expect(pixel(img, 92, 200)).toEqual([0, 0, 255, 255]);
    expect(pixel(img, 108, 200)).toEqual([0, 0, 255, 255]);
    expect(pixel(img, 115, 200)).toEqual([255, 0, 0, 255]);
    expect(opaqueBounds(img)).toMatchObject({ x0: 90, x1: 310 });
  });

  it('draws a line across the box, its height the stroke width, with caps and dashes', () => {
    const butt = opaqueBounds(drawOne(line({ x: 100, y: 200, width: 300, height: 20 })));
    expect(butt).toMatchObject({ x0: 100, y0: 200, x1: 400, y1: 220 });
    const round = opaqueBounds(drawOne(line({ x: 100, y: 200, width: 300, height: 20, cap: 'round' })));
    expect(round).toMatchObject({ x0: 90, x1: 410 });
    const dashed = drawOne(line({ x: 100, y: 200, width: 300, height: 20, dash: [50, 50] }));
    expect(pixel(dashed, 125, 210)[3]).toBe(255);
    expect(pixel(dashed, 175, 210)[3]).toBe(0);
  });

  it('accepts #rrggbbaa colours', () => {
    const img = drawOne(rect({ x: 0, y: 0, width: 100, height: 100, fill: { kind: 'solid', color: '#00ff0080' } }));
    const [r, g, b, a] = pixel(img, 50, 50);
    expect([r, g, b]).toEqual([0, 255, 0]);
    expect(a).toBeGreaterThanOrEqual(127);
    expect(a).toBeLessThanOrEqual(129);
  });
});

describe('fills', () => {
  const stops = [
    { offset: 0, color: '#ff0000' },
    { offset: 1, color: '#0000ff' },
  ];

  it('runs a linear gradient across the box at its angle', () => {
    const across = drawOne(rect({ x: 100, y: 100, width: 400, height: 200, fill: { kind: 'linear', angle: 0, stops } }));
    expect(pixel(across, 101, 200)[0]).toBeGreaterThan(245);
    expect(pixel(across, 498, 200)[2]).toBeGreaterThan(245);
    expect(close(pixel(across, 300, 120), [128, 0, 127, 255], 4)).toBe(true);
    // Same colour down a column: the angle-0 gradient only changes along x.
    expect(pixel(across, 200, 110)).toEqual(pixel(across, 200, 290));

    const down = drawOne(rect({ x: 100, y: 100, width: 400, height: 200, fill: { kind: 'linear', angle: 90, stops } }));
    expect(pixel(down, 300, 101)[0]).toBeGreaterThan(245);
    expect(pixel(down, 300, 298)[2]).toBeGreaterThan(245);
    expect(pixel(down, 110, 150)).toEqual(pixel(down, 490, 150));

    // 45°: the corners are the ends of the gradient line.
    const diagonal = drawOne(rect({ x: 100, y: 100, width: 200, height: 200, fill: { kind: 'linear', angle: 45, stops } }));
    expect(pixel(diagonal, 101, 101)[0]).toBeGreaterThan(245);
    expect(pixel(diagonal, 298, 298)[2]).toBeGreaterThan(245);
  });

  it('runs a radial gradient from the centre to the farthest corner', () => {
    const img = drawOne(rect({ x: 100, y: 100, width: 200, height: 200, fill: { kind: 'radial', stops } }));
    expect(pixel(img, 200, 200)[0]).toBeGreaterThan(245);
    expect(pixel(img, 100, 100)[2]).toBeGreaterThan(240);
    expect(pixel(img, 200, 100)).toEqual(pixel(img, 100, 200));
  });

  it('paints the background over the whole canvas, under the elements', () => {
    const img = draw(design({ width: 500, height: 700, background: { kind: 'solid', color: '#123456' }, elements: [rect({ x: 0, y: 0, width: 10, height: 10 })] }));
    expect(pixel(img, 499, 699)).toEqual([0x12, 0x34, 0x56, 255]);
    expect(pixel(img, 5, 5)).toEqual([255, 0, 0, 255]);
  });
});

describe('text', () => {
  const words = text({ x: 50, y: 50, width: 500, text: 'Merdeka!', fontSize: 60 });

  it('uses the registered family in its font shorthand', () => {
    expect(fontFor({ ...words, fontWeight: 700, italic: true })).toBe('italic 700 60px "Bingkai Inter"');
    expect(fonts.check(fontFor(words))).toBe(true);
  });

  it('wraps words to the width, honours \\n, breaks over-long words and aligns lines', () => {
    const ctx = context();
    const element = text({ width: 300, text: 'one two three four five six\nseven', fontSize: 40, lineHeight: 1.5 });
    const layout = layoutText(ctx, element);
    expect(layout.lines.length).toBeGreaterThanOrEqual(3);
    expect(layout.lines.at(-1)?.text).toBe('seven');
    expect(layout.lines.map((l) => l.text).join(' ')).toBe('one two three four five six seven');
    for (const l of layout.lines) expect(l.width).toBeLessThanOrEqual(300);
    expect(layout.lineHeightPx).toBe(60);
    expect(layout.height).toBe(layout.lines.length * 60);

    const long = layoutText(ctx, text({ width: 100, text: 'Supercalifragilistic ok', fontSize: 40 }));
    expect(long.lines.length).toBeGreaterThan(2);
    expect(long.lines.map((l) => l.text).join('').replace(' ', '')).toBe('Supercalifragilisticok');
    for (const l of long.lines) expect(l.width).toBeLessThanOrEqual(100);

    const right = layoutText(ctx, text({ width: 400, text: 'Hi', align: 'right' })).lines[0]!;
    expect(right.x + right.width).toBeCloseTo(400, 5);
    const centre = layoutText(ctx, text({ width: 400, text: 'Hi', align: 'center' })).lines[0]!;
    expect(centre.x).toBeCloseTo((400 - centre.width) / 2, 5);
    expect(layoutText(ctx, text({ width: 400, text: '' })).lines).toHaveLength(1);
  });

  it('renders glyphs inside its layout box', () => {
    const img = drawOne(words);
    const size = elementSize(context(), words);
    const b = opaqueBounds(img);
    expect(b.count).toBeGreaterThan(500);
    expect(b.x0).toBeGreaterThanOrEqual(50);
    expect(b.y0).toBeGreaterThanOrEqual(50);
    expect(b.x1).toBeLessThanOrEqual(50 + size.width);
    expect(b.y1).toBeLessThanOrEqual(50 + size.height);
  });

  it('draws bold wider than regular and letterSpacing widens the line', () => {
    const ctx = context();
    const regular = layoutText(ctx, words).lines[0]!.width;
    const bold = layoutText(ctx, { ...words, fontWeight: 700 }).lines[0]!.width;
    const spaced = layoutText(ctx, { ...words, letterSpacing: 10 }).lines[0]!.width;
    expect(bold).toBeGreaterThan(regular * 1.02);
    expect(spaced).toBeCloseTo(regular + 10 * ('Merdeka!'.length - 1), 3);

    const inkWidth = (element: TextElement) => opaqueBounds(drawOne(element)).width;
    expect(inkWidth({ ...words, fontWeight: 700 })).toBeGreaterThan(inkWidth(words) + 5);
    expect(inkWidth({ ...words, letterSpacing: 10 })).toBeGreaterThan(inkWidth(words) + 60);
  });

  it('draws the outline under the fill and an underline under each line', () => {
    const ctx = context();
    const plain = opaqueBounds(drawOne(words));
    const outlined = drawOne({ ...words, stroke: { color: '#ff0000', width: 4 } });
    const outline = opaqueBounds(outlined);
    expect(outline.x0).toBeLessThan(plain.x0);
    expect(opaqueBounds(outlined, ([r, g, b, a]) => r === 0 && g === 0 && b === 0 && a === 255).count).toBeGreaterThan(plain.count * 0.5);

    const underlined = opaqueBounds(drawOne({ ...words, text: 'acemnorsuvwxz', underline: true }));
    const noUnderline = opaqueBounds(drawOne({ ...words, text: 'acemnorsuvwxz' }));
    expect(underlined.y1).toBeGreaterThan(noUnderline.y1 + 2);
    expect(underlined.width).toBeGreaterThanOrEqual(Math.floor(layoutText(ctx, { ...words, text: 'acemnorsuvwxz' }).lines[0]!.width) - 1);
  });

  it('fills glyphs with a gradient over the text box', () => {
    const element = text({ x: 0, y: 0, width: 600, text: 'MMMMMMMMMM', fontSize: 80, fontWeight: 700, fill: { kind: 'linear', angle: 0, stops: [{ offset: 0, color: '#ff0000' }, { offset: 1, color: '#0000ff' }] } });
    const img = drawOne(element);
    const red = opaqueBounds(img, ([r, , b, a]) => a === 255 && r > 200 && b < 60);
    const blue = opaqueBounds(img, ([r, , b, a]) => a === 255 && b > 200 && r < 60);
    expect(red.count).toBeGreaterThan(50);
    expect(blue.count).toBeGreaterThan(50);
    expect(red.x1).toBeLessThan(blue.x0 + 200);
  });
});

describe('drawElement', () => {
  it('rotates about the element origin, multiplies opacity and skips hidden elements', () => {
    const rotated = opaqueBounds(drawOne(rect({ x: 300, y: 100, width: 200, height: 50, rotation: 90 })));
    expect(rotated).toMatchObject({ x0: 250, y0: 100, x1: 300, y1: 300 });

    const faded = drawOne(group({ opacity: 0.5, children: [rect({ x: 0, y: 0, width: 50, height: 50, opacity: 0.5 })] }));
    expect(pixel(faded, 25, 25)[3]).toBeGreaterThanOrEqual(63);
    expect(pixel(faded, 25, 25)[3]).toBeLessThanOrEqual(65);

    expect(opaqueBounds(drawOne(rect({ x: 0, y: 0, width: 50, height: 50, hidden: true }))).count).toBe(0);
    expect(opaqueBounds(drawOne(group({ hidden: true, children: [rect({ x: 0, y: 0, width: 50, height: 50 })] }))).count).toBe(0);
  });

  it('cuts holes with their shape whatever their fill; elements above paint over the hole', () => {
    const document = design({
      background: { kind: 'solid', color: '#ffffff' },
      elements: [
        ellipse({ x: 100, y: 100, width: 400, height: 400, hole: true, fill: { kind: 'solid', color: '#ff000010' } }),
        rect({ x: 280, y: 280, width: 40, height: 40, fill: { kind: 'solid', color: '#00ff00' } }),
      ],
    });
    const img = draw(document);
    expect(pixel(img, 200, 200)[3]).toBe(0);
    expect(pixel(img, 300, 300)).toEqual([0, 255, 0, 255]);
    expect(pixel(img, 50, 50)).toEqual([255, 255, 255, 255]);
    // A hole without a fill still cuts its whole shape.
    const ring = draw(design({ background: { kind: 'solid', color: '#ffffff' }, elements: [ellipse({ x: 100, y: 100, width: 400, height: 400, hole: true, fill: null, stroke: { color: '#ff0000', width: 4 } })] }));
    expect(pixel(ring, 300, 300)[3]).toBe(0);
    // 'skip' leaves holes out: the art alone.
    expect(pixel(draw(document, noImages, 'skip'), 200, 200)).toEqual([255, 255, 255, 255]);
  });

  it('cuts text holes with the glyphs and hole groups with all their children', () => {
    const background = { kind: 'solid', color: '#ffffff' } as const;
    const glyphs = draw(design({ background, elements: [text({ x: 50, y: 50, width: 500, text: 'HOLE', fontSize: 120, fontWeight: 700, hole: true })] }));
    const cut = opaqueBounds(glyphs, ([, , , a]) => a === 0);
    expect(cut.count).toBeGreaterThan(1000);
    expect(cut.x0).toBeGreaterThanOrEqual(50);
    expect(pixel(glyphs, 45, 45)[3]).toBe(255);

    const holeGroup = group({
      x: 100,
      y: 100,
      hole: true,
      children: [rect({ x: 0, y: 0, width: 100, height: 100, fill: { kind: 'solid', color: '#ff000020' } }), ellipse({ x: 200, y: 0, width: 100, height: 100 })],
    });
    const img = draw(design({ background, elements: [holeGroup] }));
    expect(pixel(img, 150, 150)[3]).toBe(0);
    expect(pixel(img, 350, 150)[3]).toBe(0);
    expect(pixel(img, 250, 150)[3]).toBe(255);
    expect(elementSize(context(), holeGroup)).toEqual({ width: 300, height: 100 });
  });

  it('draws image assets over their box and nothing for a missing one', async () => {
    const source = new OffscreenCanvas(20, 10);
    const sourceContext = source.getContext('2d')!;
    sourceContext.fillStyle = '#00ff00';
    sourceContext.fillRect(0, 0, 10, 10);
    const bitmap = source.transferToImageBitmap();
    const images: DesignImages = { get: (id) => (id === 'photo' ? bitmap : undefined) };
    const img = drawOne(image({ x: 100, y: 100, width: 200, height: 100, assetId: 'photo' }), 600, images);
    expect(pixel(img, 150, 150)).toEqual([0, 255, 0, 255]);
    expect(pixel(img, 250, 150)[3]).toBe(0); // the asset's own transparency
    // Scaled 10× with smoothing: the green half ends near x = 200, softly.
    const green = opaqueBounds(img);
    expect(green).toMatchObject({ x0: 100, y0: 100, y1: 200 });
    expect(green.x1).toBeGreaterThanOrEqual(195);
    expect(green.x1).toBeLessThanOrEqual(210);
    expect(opaqueBounds(drawOne(image({ x: 0, y: 0, width: 100, height: 100, assetId: 'gone' }), 600, images)).count).toBe(0);

    // An image hole cuts with its alpha.
    const cut = draw(design({ background: { kind: 'solid', color: '#ffffff' }, elements: [image({ x: 100, y: 100, width: 200, height: 100, assetId: 'photo', hole: true })] }), images);
    expect(pixel(cut, 150, 150)[3]).toBe(0);
    expect(pixel(cut, 250, 150)).toEqual([255, 255, 255, 255]);
  });

  it('sizes groups from their origin over their children’s rotated boxes', () => {
    const g = group({ children: [rect({ x: 10, y: 20, width: 100, height: 50 }), rect({ x: 200, y: 0, width: 100, height: 100, rotation: 90 })] });
    expect(elementSize(context(), g)).toEqual({ width: 200, height: 100 });
    expect(elementSize(context(), group({ children: [] }))).toEqual({ width: 0, height: 0 });
  });

  it('works on a main-thread canvas with drawElementBody and leaves the context state alone', () => {
    const canvas = (globalThis as unknown as { document: { createElement(tag: 'canvas'): HTMLCanvasElement } }).document.createElement('canvas');
    canvas.width = 100;
    canvas.height = 100;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#123456';
    drawElementBody(ctx, rect({ width: 50, height: 50 }) as Extract<DesignElement, { type: 'rect' }>, noImages);
    drawElement(ctx, rect({ x: 50, y: 50, width: 50, height: 50, hole: true }), noImages);
    expect(ctx.fillStyle).toBe('#123456');
    expect(ctx.globalCompositeOperation).toBe('source-over');
    expect([...ctx.getImageData(25, 25, 1, 1).data]).toEqual([255, 0, 0, 255]);
  });
});

describe('DESIGN_FONTS', () => {
  it('registers every font under its own Bingkai family', () => {
    for (const font of Object.values(DESIGN_FONTS)) {
      expect(font.family).toBe(`Bingkai ${font.label}`);
      expect(font.faces.some((face) => face.weight === 400 && face.style === 'normal')).toBe(true);
      const loaded = [...fonts].filter((face) => face.family.replaceAll('"', '') === font.family && face.status === 'loaded');
      expect(loaded).toHaveLength(font.faces.length);
    }
  });
});
