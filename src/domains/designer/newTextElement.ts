/**
 * The text the toolbar adds: the default text element (white with a dark outline, readable on any art)
 * placed where the supporter's photo will not be. The photo holes are the union of every visible hole's
 * bounds, or, in a design without holes yet, where the default photo hole would go (the canvas centre).
 * The text goes in the taller free band below or above them (below when they are alike), centred in it
 * and across the canvas; a band too short for it shrinks the font, down to MIN_FONT_SIZE, below which the
 * text sits at the bottom edge.
 */
import type { DesignDocument, TextElement } from '../../../contract/design.ts';
import { defaultElement, defaultHole } from '../../../core/design/defaultElements.ts';
import type { Rect } from '../../../core/geometry.ts';
import { holeBoundsList } from './holeBounds.ts';

/** Smaller than this, new text is hard to read on a phone: it keeps this size and overlaps the holes instead. */
export const MIN_FONT_SIZE = 24;

const round = (value: number): number => Math.round(value * 100) / 100;

function union(rects: readonly Rect[]): Rect {
  const left = Math.min(...rects.map((rect) => rect.x));
  const top = Math.min(...rects.map((rect) => rect.y));
  const right = Math.max(...rects.map((rect) => rect.x + rect.width));
  const bottom = Math.max(...rects.map((rect) => rect.y + rect.height));
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** Where the photo shows (or will): every visible hole, or the default hole's place. */
function photoArea(document: DesignDocument): Rect {
  const holes = holeBoundsList(document);
  return holes.length > 0 ? union(holes) : holeBoundsList({ ...document, elements: [defaultHole('circle', document)] })[0]!;
}

export function newTextElement(document: DesignDocument): TextElement {
  const text = defaultElement('text', document);
  const photo = photoArea(document);
  const margin = Math.min(document.width, document.height) * 0.02;
  const below = { top: photo.y + photo.height, height: document.height - (photo.y + photo.height) };
  const above = { top: 0, height: photo.y };
  const band = below.height >= above.height ? below : above;
  const room = band.height - 2 * margin;
  const fontSize = Math.max(MIN_FONT_SIZE, Math.min(text.fontSize, room / text.lineHeight));
  const scale = fontSize / text.fontSize;
  const height = fontSize * text.lineHeight;
  const y = height <= room ? band.top + (band.height - height) / 2 : document.height - margin - height;
  return {
    ...text,
    fontSize: round(fontSize),
    stroke: text.stroke && { ...text.stroke, width: round(Math.max(1, text.stroke.width * scale)) },
    y: round(y),
  };
}
