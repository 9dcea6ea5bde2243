/**
 * Small builders for the built-in templates: each returns a complete, schema-valid element with
 * the defaults filled in, so a template reads like a description of its picture. Ids are numbered
 * per document by the kit, so every build gets unique ids without randomness.
 */
import {
  DESIGN_SCHEMA_VERSION,
  type DesignDocument,
  type DesignElement,
  type DesignFill,
  type DesignFontId,
  type DesignKind,
  type DesignStroke,
  type EllipseElement,
  type GroupElement,
  type LineElement,
  type PolygonElement,
  type RectElement,
  type StarElement,
  type TemplateCategory,
  type TextElement,
} from '../../../../contract/design.ts';
import type { Rect } from '../../../../core/geometry.ts';
import { numberRepeatedNames } from '../../../../core/design/tree.ts';

export interface DesignTemplate {
  id: string;
  category: TemplateCategory;
  /** Full i18n key of its display name (under design.templates.names). */
  nameKey: string;
  width: number;
  height: number;
  build(options: { id: string; kind: DesignKind; name: string }): DesignDocument;
}

// ---------- paint ----------

export const solid = (color: string): DesignFill => ({ kind: 'solid', color });

/** Evenly spaced stops; angle 0 = left → right, 90 = top → bottom. */
export const linear = (angle: number, ...colors: string[]): DesignFill => ({ kind: 'linear', angle, stops: spread(colors) });

export const radial = (...colors: string[]): DesignFill => ({ kind: 'radial', stops: spread(colors) });

export const stroke = (color: string, width: number): DesignStroke => ({ color, width });

function spread(colors: readonly string[]) {
  return colors.map((color, index) => ({ offset: colors.length === 1 ? 0 : index / (colors.length - 1), color }));
}

// ---------- geometry ----------

/** A rectangle turned by `rotation` degrees (clockwise) about its origin, the way Konva turns elements. */
export interface RotatedRect extends Rect {
  rotation?: number;
}

/**
 * A box of the given size whose centre is (cx, cy) after turning by `rotation` degrees.
 * Elements rotate about their origin (Konva), so the origin moves to keep the centre in place.
 */
export function at(cx: number, cy: number, width: number, height: number, rotation = 0): RotatedRect & { rotation: number } {
  const radians = (rotation * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  return {
    x: round(cx - ((cos * width) / 2 - (sin * height) / 2)),
    y: round(cy - ((sin * width) / 2 + (cos * height) / 2)),
    width,
    height,
    rotation: round(rotation),
  };
}

/** Points evenly around a circle, starting at the top and going clockwise; `angle` is the outward direction in degrees. */
export function around(count: number, cx: number, cy: number, radius: number, startDegrees = 0): { x: number; y: number; angle: number }[] {
  return Array.from({ length: count }, (_, index) => {
    const angle = startDegrees + (index * 360) / count;
    const radians = ((angle - 90) * Math.PI) / 180;
    return { x: round(cx + Math.cos(radians) * radius), y: round(cy + Math.sin(radians) * radius), angle: round(normalise(angle)) };
  });
}

/** A small deterministic random source (mulberry32), so scattered confetti is the same on every build. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const round = (value: number) => Math.round(value * 100) / 100;
/** Rotation must stay within ±360. */
const normalise = (degrees: number) => ((((degrees + 180) % 360) + 360) % 360) - 180;

// ---------- elements ----------

interface Common {
  name?: string;
  rotation?: number;
  opacity?: number;
  hole?: boolean;
  locked?: boolean;
}
interface Paint {
  fill?: DesignFill | null;
  stroke?: DesignStroke | null;
}
type ShapeOptions = Common & Paint & RotatedRect;

export interface TextOptions extends Common {
  x: number;
  y: number;
  width: number;
  text: string;
  font: DesignFontId;
  size: number;
  color?: string;
  fill?: DesignFill;
  stroke?: DesignStroke | null;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  align?: TextElement['align'];
  letterSpacing?: number;
  lineHeight?: number;
}

export type Kit = ReturnType<typeof templateKit>;

/** Builders sharing one id counter: use one kit per document. */
export function templateKit() {
  let next = 0;
  const common = (fallbackName: string, options: Common & { x: number; y: number }) => ({
    id: `el-${++next}`,
    name: options.name ?? fallbackName,
    x: round(options.x),
    y: round(options.y),
    rotation: round(options.rotation ?? 0),
    opacity: options.opacity ?? 1,
    locked: options.locked ?? false,
    hidden: false,
    hole: options.hole ?? false,
  });
  const shape = (fallbackName: string, options: ShapeOptions) => ({
    ...common(fallbackName, options),
    width: round(options.width),
    height: round(options.height),
    fill: options.fill === undefined ? solid('#000000') : options.fill,
    stroke: options.stroke ?? null,
  });

  const kit = {
    rect: (options: ShapeOptions & { cornerRadius?: number }): RectElement => ({ ...shape('Rectangle', options), type: 'rect', cornerRadius: options.cornerRadius ?? 0 }),
    ellipse: (options: ShapeOptions): EllipseElement => ({ ...shape('Ellipse', options), type: 'ellipse' }),
    /** A circle by centre and radius. */
    circle: (cx: number, cy: number, radius: number, options: Common & Paint = {}): EllipseElement => kit.ellipse({ ...options, x: cx - radius, y: cy - radius, width: radius * 2, height: radius * 2 }),
    /** An unfilled circle outline. */
    ring: (cx: number, cy: number, radius: number, color: string, width: number, options: Common = {}): EllipseElement => kit.circle(cx, cy, radius, { name: 'Ring', ...options, fill: null, stroke: stroke(color, width) }),
    polygon: (options: ShapeOptions & { sides: number }): PolygonElement => ({ ...shape('Polygon', options), type: 'polygon', sides: options.sides }),
    star: (options: ShapeOptions & { points?: number; innerRatio?: number }): StarElement => ({ ...shape('Star', options), type: 'star', points: options.points ?? 5, innerRatio: options.innerRatio ?? 0.45 }),
    /** A line from (x1, y1) to (x2, y2), `width` px thick. */
    line: (x1: number, y1: number, x2: number, y2: number, color: string, width: number, options: Common & { cap?: LineElement['cap']; dash?: number[] } = {}): LineElement => {
      const angle = Math.atan2(y2 - y1, x2 - x1);
      const half = width / 2;
      return {
        ...common('Line', { ...options, x: x1 + Math.sin(angle) * half, y: y1 - Math.cos(angle) * half, rotation: (angle * 180) / Math.PI }),
        width: round(Math.hypot(x2 - x1, y2 - y1)),
        height: width,
        type: 'line',
        color,
        cap: options.cap ?? 'round',
        dash: options.dash ?? [],
      };
    },
    text: (options: TextOptions): TextElement => ({
      ...common('Text', options),
      width: options.width,
      type: 'text',
      text: options.text,
      fontFamily: options.font,
      fontSize: options.size,
      fontWeight: options.bold ? 700 : 400,
      italic: options.italic ?? false,
      underline: options.underline ?? false,
      align: options.align ?? 'center',
      letterSpacing: options.letterSpacing ?? 0,
      lineHeight: options.lineHeight ?? 1.2,
      fill: options.fill ?? solid(options.color ?? '#000000'),
      stroke: options.stroke ?? null,
    }),
    group: (name: string, children: DesignElement[], options: Common & { x?: number; y?: number } = {}): GroupElement => ({
      ...common(name, { ...options, name, x: options.x ?? 0, y: options.y ?? 0 }),
      type: 'group',
      children,
    }),
    /** The photo hole as a circle. */
    holeCircle: (cx: number, cy: number, radius: number): EllipseElement => kit.circle(cx, cy, radius, { name: 'Photo', hole: true }),
    /** The photo hole as a (rounded) rectangle. */
    holeRect: (x: number, y: number, width: number, height: number, cornerRadius = 0): RectElement => kit.rect({ name: 'Photo', hole: true, x, y, width, height, cornerRadius }),

    // ---------- motifs shared by several templates ----------

    /** Leaves along an arc (degrees clockwise from the top), each turned along the arc: a laurel or wreath. */
    wreath: (cx: number, cy: number, radius: number, from: number, to: number, count: number, leaf: { width: number; height: number; colors: readonly string[] }): GroupElement => {
      const step = count > 1 ? (to - from) / (count - 1) : 0;
      const leaves = Array.from({ length: count }, (_, index) => {
        const angle = from + step * index;
        const radians = ((angle - 90) * Math.PI) / 180;
        const lx = cx + Math.cos(radians) * radius;
        const ly = cy + Math.sin(radians) * radius;
        // Tangent to the arc, tilted outwards a little like a real laurel.
        const tilt = angle + (to >= from ? 20 : -20);
        return kit.ellipse({ name: 'Leaf', ...at(lx, ly, leaf.width, leaf.height, normalise(tilt)), fill: solid(leaf.colors[index % leaf.colors.length] ?? '#2d6a4f') });
      });
      return kit.group('Wreath', leaves);
    },
    /** Petals around a centre disc. */
    flower: (cx: number, cy: number, size: number, petals: number, petalColor: string, centreColor: string, turn = 0): GroupElement => {
      const petalLength = size * 0.5;
      const petalWidth = size * 0.26;
      const shapes: DesignElement[] = around(petals, cx, cy, petalLength / 2, turn).map((point) =>
        kit.ellipse({ name: 'Petal', ...at(point.x, point.y, petalWidth, petalLength, point.angle), fill: solid(petalColor) }),
      );
      shapes.push(kit.circle(cx, cy, size * 0.14, { name: 'Centre', fill: solid(centreColor) }));
      return kit.group('Flower', shapes);
    },
    /** A heart from a square turned 45° and two circles on its upper edges; `size` is the square's side. */
    heart: (cx: number, cy: number, size: number, color: string, options: Common = {}): GroupElement => {
      const offset = size / (2 * Math.SQRT2);
      const fill = solid(color);
      return kit.group('Heart', [
        kit.rect({ name: 'Heart body', ...at(cx, cy, size, size, 45), fill }),
        kit.circle(cx - offset, cy - offset, size / 2, { name: 'Heart lobe', fill }),
        kit.circle(cx + offset, cy - offset, size / 2, { name: 'Heart lobe', fill }),
      ], options);
    },
    /** Small shapes scattered over an area in the given colours. */
    confetti: (count: number, area: Rect, colors: readonly string[], seed: number): GroupElement => {
      const random = seeded(seed);
      const pieces = Array.from({ length: count }, (_, index) => {
        const x = area.x + random() * area.width;
        const y = area.y + random() * area.height;
        const fill = solid(colors[Math.floor(random() * colors.length)] ?? '#ffffff');
        const rotation = Math.round(random() * 180 - 90);
        const size = 14 + random() * 16;
        switch (index % 4) {
          case 0:
            return kit.rect({ name: 'Confetti', ...at(x, y, size * 1.8, size * 0.7, rotation), fill, cornerRadius: 2 });
          case 1:
            return kit.circle(x, y, size / 2, { name: 'Confetti', fill });
          case 2:
            return kit.star({ name: 'Confetti', ...at(x, y, size * 1.4, size * 1.4, rotation), fill, points: 5, innerRatio: 0.5 });
          default:
            return kit.polygon({ name: 'Confetti', ...at(x, y, size * 1.2, size * 1.2, rotation), fill, sides: 3 });
        }
      });
      return kit.group('Confetti', pieces);
    },
  };
  return kit;
}

export interface TemplateSpec {
  id: string;
  category: TemplateCategory;
  /** Last part of the i18n key under design.templates.names. */
  name: string;
  width: number;
  height: number;
  background: DesignFill | null;
  /** The picture, bottom → top, drawn with a fresh kit on every build. */
  elements: (kit: Kit) => DesignElement[];
}

/**
 * Turns a template description into a DesignTemplate whose build() returns a fresh document. Names the
 * kit gives several elements ("Leaf", "Star") are numbered, so every layer can be told apart.
 */
export function defineTemplate(spec: TemplateSpec): DesignTemplate {
  return {
    id: spec.id,
    category: spec.category,
    nameKey: `design.templates.names.${spec.name}`,
    width: spec.width,
    height: spec.height,
    build: ({ id, kind, name }) => ({
      schemaVersion: DESIGN_SCHEMA_VERSION,
      id,
      name,
      kind,
      width: spec.width,
      height: spec.height,
      background: spec.background,
      elements: numberRepeatedNames(spec.elements(templateKit())),
      assets: {},
      templateId: spec.id,
      updatedAt: new Date().toISOString(),
    }),
  };
}
