import { describe, expect, it } from 'vitest';
import { designElement, type DesignDocument, type TextElement } from '../../../contract/design.ts';
import { blankDocument, defaultHole } from '../../../core/design/defaultElements.ts';
import type { Rect } from '../../../core/geometry.ts';
import { holeBoundsList } from './holeBounds.ts';
import { MIN_FONT_SIZE, newTextElement } from './newTextElement.ts';
import { DESIGN_TEMPLATES } from './templates/index.ts';

/** The text's one line as drawn: its box width and line height. */
const box = (text: TextElement): Rect => ({ x: text.x, y: text.y, width: text.width, height: text.fontSize * text.lineHeight });
const overlaps = (a: Rect, b: Rect) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (a: Rect, document: DesignDocument) => a.x >= 0 && a.y >= 0 && a.x + a.width <= document.width && a.y + a.height <= document.height;

const blank = (width = 1080, height = 1080) => blankDocument({ id: 'd', name: 'D', kind: 'frame', width, height });

describe('newTextElement', () => {
  it('keeps new text off every template’s photo holes, on the canvas, at its full size', () => {
    for (const template of DESIGN_TEMPLATES) {
      const document = template.build({ id: 'd', kind: 'frame', name: 'T' });
      const text = newTextElement(document);
      expect(designElement.safeParse(text).success, template.id).toBe(true);
      expect(inside(box(text), document), template.id).toBe(true);
      for (const hole of holeBoundsList(document)) expect(overlaps(box(text), hole), `${template.id} hole ${JSON.stringify(hole)}`).toBe(false);
      expect(text.fontSize, template.id).toBe(72);
    }
  });

  it('is light with a dark outline', () => {
    expect(newTextElement(blank())).toMatchObject({ fill: { kind: 'solid', color: '#ffffff' }, stroke: { color: '#111111', width: 5 } });
  });

  it('goes below where the photo hole will be in a design without one, not at the centre', () => {
    const document = blank();
    const text = newTextElement(document);
    const future = holeBoundsList({ ...document, elements: [defaultHole('circle', document)] })[0]!;
    expect(text.y).toBeGreaterThanOrEqual(future.y + future.height);
    expect(text.x + text.width / 2).toBeCloseTo(540);
  });

  it('takes the taller band: above a hole near the bottom', () => {
    const document = blank();
    const hole = { ...defaultHole('rounded-rect', document), y: 600, height: 400 };
    const text = newTextElement({ ...document, elements: [hole] });
    expect(text.y + text.fontSize * text.lineHeight).toBeLessThanOrEqual(600);
    expect(text.y).toBeGreaterThan(0);
  });

  it('shrinks the font to fit a short band, and sits at the bottom edge when even the smallest size does not fit', () => {
    const document = blank();
    const tall = { ...defaultHole('rounded-rect', document), y: 120, height: 880 };
    const squeezed = newTextElement({ ...document, elements: [tall] });
    expect(squeezed.fontSize).toBeLessThan(72);
    expect(squeezed.fontSize).toBeGreaterThanOrEqual(MIN_FONT_SIZE);
    expect(squeezed.stroke!.width).toBeLessThan(5);
    expect(squeezed.y + squeezed.fontSize * squeezed.lineHeight).toBeLessThanOrEqual(120);

    const full = { ...tall, y: 0, height: 1080 };
    const cornered = newTextElement({ ...document, elements: [full] });
    expect(cornered.fontSize).toBe(MIN_FONT_SIZE);
    expect(cornered.y + MIN_FONT_SIZE * cornered.lineHeight).toBeCloseTo(1080 - 1080 * 0.02);
  });
});
