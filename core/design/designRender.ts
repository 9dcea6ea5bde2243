/**
 * Draws a design document (contract/design.ts) on a 2D canvas context. Plain functions, no DOM:
 * the export in the image worker and the designer's Konva shapes (their sceneFunc) call the same
 * code, so what the creator sees is what the PNG holds.
 *
 * Rules:
 * - drawDesign: the background fill (if any) over the whole canvas, then the elements bottom → top.
 * - drawElement: translate(x, y), rotate(rotation°), globalAlpha *= opacity; hidden elements draw
 *   nothing. A hole draws with 'destination-out' and an opaque black paint whatever its own fill, so
 *   it cuts fully (a shape its whole outline, fill or not; an image with its alpha; text with its
 *   glyphs); a hole group cuts with all its children. Groups draw their children in their own coordinates.
 * - Shapes draw in the local box [0, w] × [0, h], fill then stroke (stroke centred on the outline):
 *   rect (cornerRadius clamped to half the short side), ellipse, regular polygon and star (first
 *   vertex on top, scaled so their bounds fill the box), line from (0, h/2) to (w, h/2) with
 *   lineWidth h. Linear fills run across the box at their angle through its centre, radial fills
 *   from the centre to the farthest corner.
 * - Text: font from fontFor, canvas letterSpacing where supported; layoutText wraps words to the box
 *   width (over-long words by characters) and honours \n. Each line's baseline sits at
 *   lineTop + 0.8·fontSize + (lineHeightPx − fontSize)/2, a fixed ascent rather than font metrics,
 *   so both threads place text alike. The outline (stroke.width visible outside the glyphs, round
 *   joins) is drawn under the fill; underline is a rect of fontSize/15 under each line.
 * - Images: drawImage over the box; a missing image draws nothing.
 */
import type { DesignDocument, DesignElement, DesignFill, DesignStroke, LeafElement, ShapeElement, TextElement } from '../../contract/design.ts';
import type { Extent, Rect, Size } from '../geometry.ts';
import { DESIGN_FONTS } from './designFonts.ts';

/** The window's context where the DOM lib is present (app, designer), `never` in the worker build. */
type WindowContext2D = typeof globalThis extends { CanvasRenderingContext2D: { prototype: infer Context } } ? Context : never;
export type Context2D = WindowContext2D | OffscreenCanvasRenderingContext2D;

/** Decoded embedded images by asset id. */
export interface DesignImages {
  get(assetId: string): CanvasImageSource | undefined;
}

export interface TextLine {
  text: string;
  /** Left edge in the element's box after alignment. */
  x: number;
  width: number;
}

export interface TextLayout {
  lines: TextLine[];
  lineHeightPx: number;
  height: number;
}

export interface DrawOptions {
  /** 'cut' (default): holes erase (destination-out). 'skip': holes are not drawn (thumbnails of the art alone). */
  holes?: 'cut' | 'skip';
}

export interface BodyOptions {
  /** Paint everything opaque black (what a hole cuts with), ignoring the element's own colours. */
  cut?: boolean;
}

const CUT_COLOR = '#000000';
/** Baseline below the line's top, as a share of the font size (a fixed ascent, see the header). */
const ASCENT = 0.8;
const UNDERLINE_OFFSET = 0.1;
const UNDERLINE_THICKNESS = 1 / 15;

/** CSS font shorthand for a text element (family from designFonts.ts). */
export function fontFor(element: TextElement): string {
  return `${element.italic ? 'italic ' : ''}${element.fontWeight} ${element.fontSize}px "${DESIGN_FONTS[element.fontFamily].family}"`;
}

type Spaced = Context2D & { letterSpacing?: string };
const supportsLetterSpacing = (context: Context2D) => typeof (context as Spaced).letterSpacing === 'string';

/** Sets the text drawing state of an element (callers save/restore around it). */
function applyTextStyle(context: Context2D, element: TextElement, letterSpacing: number): void {
  context.font = fontFor(element);
  context.textAlign = 'left';
  context.textBaseline = 'alphabetic';
  context.direction = 'ltr';
  if (supportsLetterSpacing(context)) (context as Spaced).letterSpacing = `${letterSpacing}px`;
}

/** Wraps the text to the element's width (words, then characters for over-long words; \n breaks). */
export function layoutText(context: Context2D, element: TextElement): TextLayout {
  context.save();
  try {
    // Measured without spacing, which is then added between characters: the same numbers whether or
    // not measureText counts letterSpacing, and no trailing gap when aligning.
    applyTextStyle(context, element, 0);
    const spacing = supportsLetterSpacing(context) ? element.letterSpacing : 0;
    const measure = (text: string) => {
      const count = Array.from(text).length;
      return count === 0 ? 0 : context.measureText(text).width + spacing * (count - 1);
    };
    const maxWidth = element.width + 1e-6;
    const texts: string[] = [];
    for (const paragraph of element.text.split('\n')) {
      let line = '';
      for (const word of paragraph.split(' ')) {
        const candidate = line === '' ? word : `${line} ${word}`;
        if (measure(candidate) <= maxWidth || (line === '' && word === '')) {
          line = candidate;
          continue;
        }
        if (line !== '') texts.push(line);
        line = '';
        // A word wider than the box is broken by characters (at least one per line).
        let rest = Array.from(word);
        while (rest.length > 0 && measure(rest.join('')) > maxWidth) {
          let take = 1;
          while (take < rest.length && measure(rest.slice(0, take + 1).join('')) <= maxWidth) take++;
          texts.push(rest.slice(0, take).join(''));
          rest = rest.slice(take);
        }
        line = rest.join('');
      }
      texts.push(line);
    }
    const lines = texts.map((text) => {
      const width = measure(text);
      const free = element.width - width;
      const x = element.align === 'center' ? free / 2 : element.align === 'right' ? free : 0;
      return { text, x, width };
    });
    const lineHeightPx = element.fontSize * element.lineHeight;
    return { lines, lineHeightPx, height: lines.length * lineHeightPx };
  } finally {
    context.restore();
  }
}

/** The box of a child as seen from its parent: its four corners rotated and moved to (x, y). */
function transformedBounds(context: Context2D, element: DesignElement): Extent {
  const { width, height } = elementSize(context, element);
  const angle = (element.rotation * Math.PI) / 180;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [px, py] of [
    [0, 0],
    [width, 0],
    [0, height],
    [width, height],
  ] as const) {
    xs.push(element.x + px * cos - py * sin);
    ys.push(element.y + px * sin + py * cos);
  }
  return { minX: Math.min(...xs), minY: Math.min(...ys), maxX: Math.max(...xs), maxY: Math.max(...ys) };
}

/**
 * Bounds of a group's children in the group's coordinates (all children, hidden ones too, so the box
 * does not jump when a child is toggled); null for an empty group.
 */
export function groupBounds(context: Context2D, children: readonly DesignElement[]): Rect | null {
  if (children.length === 0) return null;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const child of children) {
    const box = transformedBounds(context, child);
    minX = Math.min(minX, box.minX);
    minY = Math.min(minY, box.minY);
    maxX = Math.max(maxX, box.maxX);
    maxY = Math.max(maxY, box.maxY);
  }
  return { x: minX, y: minY, width: maxX - minX, height: maxY - minY };
}

/** The element's local box size; text height comes from its layout. Groups: the bounds of their children. */
export function elementSize(context: Context2D, element: DesignElement): Size {
  if (element.type === 'text') return { width: element.width, height: layoutText(context, element).height };
  if (element.type === 'group') {
    // Measured from the group's own origin: its box is [0, width] × [0, height] like any element's.
    const bounds = groupBounds(context, element.children);
    return bounds ? { width: Math.max(0, bounds.x + bounds.width), height: Math.max(0, bounds.y + bounds.height) } : { width: 0, height: 0 };
  }
  return { width: element.width, height: element.height };
}

/** A canvas paint for a fill over the box [0, width] × [0, height]. */
export function fillStyle(context: Context2D, fill: DesignFill, width: number, height: number): string | CanvasGradient {
  if (fill.kind === 'solid') return fill.color;
  const cx = width / 2;
  const cy = height / 2;
  let gradient: CanvasGradient;
  if (fill.kind === 'linear') {
    const angle = (fill.angle * Math.PI) / 180;
    const dx = Math.cos(angle);
    const dy = Math.sin(angle);
    // Half the box's extent along the gradient direction: the line spans the box corner to corner.
    const half = (Math.abs(width * dx) + Math.abs(height * dy)) / 2;
    gradient = context.createLinearGradient(cx - dx * half, cy - dy * half, cx + dx * half, cy + dy * half);
  } else {
    gradient = context.createRadialGradient(cx, cy, 0, cx, cy, Math.hypot(cx, cy));
  }
  for (const stop of fill.stops) gradient.addColorStop(stop.offset, stop.color);
  return gradient;
}

/** Points of a regular polygon or star, first on top, scaled so their bounds fill the box. */
function fitPoints(radii: readonly number[], width: number, height: number): [number, number][] {
  const unit = radii.map((radius, i): [number, number] => {
    const angle = -Math.PI / 2 + (2 * Math.PI * i) / radii.length;
    return [radius * Math.cos(angle), radius * Math.sin(angle)];
  });
  const xs = unit.map(([x]) => x);
  const ys = unit.map(([, y]) => y);
  const minX = Math.min(...xs);
  const minY = Math.min(...ys);
  const spanX = Math.max(...xs) - minX || 1;
  const spanY = Math.max(...ys) - minY || 1;
  return unit.map(([x, y]) => [((x - minX) / spanX) * width, ((y - minY) / spanY) * height]);
}

/** Starts a new path with a shape's outline in its local box (the designer outlines holes with it). */
export function shapePath(context: Context2D, element: ShapeElement): void {
  const { width: w, height: h } = element;
  context.beginPath();
  switch (element.type) {
    case 'rect': {
      const r = Math.max(0, Math.min(element.cornerRadius, w / 2, h / 2));
      context.moveTo(r, 0);
      context.arcTo(w, 0, w, h, r);
      context.arcTo(w, h, 0, h, r);
      context.arcTo(0, h, 0, 0, r);
      context.arcTo(0, 0, w, 0, r);
      break;
    }
    case 'ellipse':
      context.ellipse(w / 2, h / 2, w / 2, h / 2, 0, 0, Math.PI * 2);
      break;
    case 'polygon':
    case 'star': {
      const radii =
        element.type === 'polygon'
          ? Array.from({ length: element.sides }, () => 1)
          : Array.from({ length: element.points * 2 }, (_, i) => (i % 2 === 0 ? 1 : element.innerRatio));
      fitPoints(radii, w, h).forEach(([x, y], i) => (i === 0 ? context.moveTo(x, y) : context.lineTo(x, y)));
      break;
    }
  }
  context.closePath();
}

function strokeWith(context: Context2D, stroke: DesignStroke | null, cut: boolean, lineWidth: (width: number) => number): boolean {
  if (!stroke || stroke.width <= 0) return false;
  context.strokeStyle = cut ? CUT_COLOR : stroke.color;
  context.lineWidth = lineWidth(stroke.width);
  return true;
}

function drawShape(context: Context2D, element: ShapeElement, cut: boolean): void {
  if (element.width <= 0 || element.height <= 0) return;
  shapePath(context, element);
  // A hole always cuts its whole shape, also when it has no fill of its own.
  if (element.fill || cut) {
    context.fillStyle = cut || !element.fill ? CUT_COLOR : fillStyle(context, element.fill, element.width, element.height);
    context.fill();
  }
  context.lineJoin = 'miter';
  context.setLineDash([]);
  if (strokeWith(context, element.stroke, cut, (width) => width)) context.stroke();
}

function drawLine(context: Context2D, element: Extract<LeafElement, { type: 'line' }>, cut: boolean): void {
  if (element.width <= 0 || element.height <= 0) return;
  context.beginPath();
  context.moveTo(0, element.height / 2);
  context.lineTo(element.width, element.height / 2);
  context.strokeStyle = cut ? CUT_COLOR : element.color;
  context.lineWidth = element.height;
  context.lineCap = element.cap;
  context.setLineDash(element.dash);
  context.stroke();
}

function drawText(context: Context2D, element: TextElement, cut: boolean): void {
  const layout = layoutText(context, element);
  applyTextStyle(context, element, element.letterSpacing);
  const { fontSize } = element;
  const baselineOffset = ASCENT * fontSize + (layout.lineHeightPx - fontSize) / 2;
  const underline = (line: TextLine, baseline: number) => [line.x, baseline + UNDERLINE_OFFSET * fontSize, line.width, fontSize * UNDERLINE_THICKNESS] as const;
  // Twice the width, centred on the outline, leaves stroke.width visible outside the glyphs once the fill covers the inner half.
  if (strokeWith(context, element.stroke, cut, (width) => width * 2)) {
    context.lineJoin = 'round';
    context.setLineDash([]);
    layout.lines.forEach((line, i) => {
      const baseline = i * layout.lineHeightPx + baselineOffset;
      context.strokeText(line.text, line.x, baseline);
      if (element.underline && line.width > 0) context.strokeRect(...underline(line, baseline));
    });
  }
  context.fillStyle = cut ? CUT_COLOR : fillStyle(context, element.fill, element.width, layout.height);
  layout.lines.forEach((line, i) => {
    const baseline = i * layout.lineHeightPx + baselineOffset;
    context.fillText(line.text, line.x, baseline);
    if (element.underline && line.width > 0) context.fillRect(...underline(line, baseline));
  });
}

/** Draws a leaf element in its local box: no transform, opacity or compositing (the caller applies those). */
export function drawElementBody(context: Context2D, element: LeafElement, images: DesignImages, options: BodyOptions = {}): void {
  const cut = options.cut ?? false;
  context.save();
  try {
    switch (element.type) {
      case 'rect':
      case 'ellipse':
      case 'polygon':
      case 'star':
        drawShape(context, element, cut);
        break;
      case 'line':
        drawLine(context, element, cut);
        break;
      case 'text':
        drawText(context, element, cut);
        break;
      case 'image': {
        const image = images.get(element.assetId);
        if (!image || element.width <= 0 || element.height <= 0) break;
        context.imageSmoothingEnabled = true;
        context.imageSmoothingQuality = 'high';
        context.drawImage(image, 0, 0, element.width, element.height);
        break;
      }
    }
  } finally {
    context.restore();
  }
}

function drawTree(context: Context2D, element: DesignElement, images: DesignImages, holes: 'cut' | 'skip', insideHole: boolean): void {
  if (element.hidden || (element.hole && holes === 'skip')) return;
  context.save();
  try {
    context.translate(element.x, element.y);
    context.rotate((element.rotation * Math.PI) / 180);
    context.globalAlpha *= element.opacity;
    if (element.hole) context.globalCompositeOperation = 'destination-out';
    const cut = insideHole || element.hole;
    if (element.type === 'group') for (const child of element.children) drawTree(context, child, images, holes, cut);
    else drawElementBody(context, element, images, { cut });
  } finally {
    context.restore();
  }
}

/** Draws one element (and a group's children) with its transform, opacity and hole compositing. */
export function drawElement(context: Context2D, element: DesignElement, images: DesignImages, options?: DrawOptions): void {
  drawTree(context, element, images, options?.holes ?? 'cut', false);
}

/** Draws the whole document at 1 canvas px per document px (scale the context for other sizes). */
export function drawDesign(context: Context2D, document: DesignDocument, images: DesignImages, options?: DrawOptions): void {
  context.save();
  try {
    if (document.background) {
      context.fillStyle = fillStyle(context, document.background, document.width, document.height);
      context.fillRect(0, 0, document.width, document.height);
    }
    for (const element of document.elements) drawElement(context, element, images, options);
  } finally {
    context.restore();
  }
}
