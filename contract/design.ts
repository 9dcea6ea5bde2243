/**
 * The frame designer's document: versioned JSON, shared by the designer (src/), the export
 * renderer (core/design/designRender.ts) and the draft API (server/).
 *
 * Geometry follows Konva: an element's (x, y) is its local origin in its parent's coordinates,
 * `rotation` (degrees, clockwise) turns it about that origin, and it draws inside the local box
 * [0, width] × [0, height]. Elements are listed bottom → top. A group's children are in the
 * group's local coordinates.
 *
 * Any element with `hole: true` cuts transparency instead of painting (destination-out): that is
 * where the supporter's photo shows. Elements above a hole in z-order paint over it. For
 * background campaigns the same holes mark the photo area.
 *
 * Older documents are brought up to date by migrateDesign() in designMigrations.ts before parsing.
 */
import { z } from 'zod';

export const DESIGN_SCHEMA_VERSION = 2;

export const DESIGN_LIMITS = {
  minSide: 500,
  maxSide: 4096,
  maxElements: 400,
  maxDepth: 4,
  maxTextLength: 500,
  maxNameLength: 80,
  maxAssets: 20,
  /** Bytes of one embedded image (after base64 decoding). */
  maxAssetBytes: 2 * 1024 * 1024,
  /** Longest side an uploaded image is reduced to before it is embedded. */
  maxAssetSide: 2048,
  /** Bytes of the whole JSON document (server body limit). */
  maxDocumentBytes: 8 * 1024 * 1024,
  minFontSize: 6,
  maxFontSize: 800,
} as const;

export const designKinds = ['frame', 'background'] as const;
export type DesignKind = (typeof designKinds)[number];

export const CANVAS_PRESETS = [
  { id: 'square', width: 1080, height: 1080 },
  { id: 'portrait', width: 1080, height: 1350 },
  { id: 'story', width: 1080, height: 1920 },
  { id: 'landscape', width: 1920, height: 1080 },
] as const;
export type CanvasPresetId = (typeof CANVAS_PRESETS)[number]['id'] | 'custom';

/** The bundled fonts (core/design/designFonts.ts has their files). */
export const designFontIds = ['inter', 'poppins', 'montserrat', 'playfair-display', 'bebas-neue', 'pacifico', 'oswald', 'lobster', 'roboto-slab'] as const;
export type DesignFontId = (typeof designFontIds)[number];

export const templateCategories = ['celebrations', 'national-day', 'sports', 'socials', 'decorative', 'government'] as const;
export type TemplateCategory = (typeof templateCategories)[number];

const finite = z.number().finite();
const coordinate = finite.min(-100_000).max(100_000);
const size = finite.min(0).max(100_000);
const id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
/** #rrggbb or #rrggbbaa. */
export const designColor = z.string().regex(/^#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?$/);

const gradientStop = z.object({ offset: finite.min(0).max(1), color: designColor }).strict();

export const designFill = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('solid'), color: designColor }).strict(),
  /** Across the element's box; angle in degrees, 0 = left → right, 90 = top → bottom. */
  z.object({ kind: z.literal('linear'), angle: finite.min(-360).max(360), stops: z.array(gradientStop).min(2).max(8) }).strict(),
  /** From the box centre to its farthest corner. */
  z.object({ kind: z.literal('radial'), stops: z.array(gradientStop).min(2).max(8) }).strict(),
]);
export type DesignFill = z.infer<typeof designFill>;

export const designStroke = z.object({ color: designColor, width: finite.min(0).max(500) }).strict();
export type DesignStroke = z.infer<typeof designStroke>;

const base = {
  id,
  name: z.string().max(DESIGN_LIMITS.maxNameLength),
  x: coordinate,
  y: coordinate,
  rotation: finite.min(-360).max(360),
  opacity: finite.min(0).max(1),
  locked: z.boolean(),
  hidden: z.boolean(),
  /** Cuts transparency where the supporter's photo shows (or marks the photo area). */
  hole: z.boolean(),
};
const box = { width: size, height: size };
const paint = { fill: designFill.nullable(), stroke: designStroke.nullable() };

export const rectElement = z.object({ ...base, ...box, ...paint, type: z.literal('rect'), cornerRadius: size }).strict();
export const ellipseElement = z.object({ ...base, ...box, ...paint, type: z.literal('ellipse') }).strict();
/** A regular polygon inscribed in the box. */
export const polygonElement = z.object({ ...base, ...box, ...paint, type: z.literal('polygon'), sides: z.number().int().min(3).max(12) }).strict();
/** A star inscribed in the box; innerRatio = inner radius / outer radius. */
export const starElement = z.object({ ...base, ...box, ...paint, type: z.literal('star'), points: z.number().int().min(3).max(24), innerRatio: finite.min(0.1).max(0.95) }).strict();
/** A straight line from (0, height / 2) to (width, height / 2); height is the stroke width. */
export const lineElement = z
  .object({ ...base, ...box, type: z.literal('line'), color: designColor, cap: z.enum(['butt', 'round', 'square']), dash: z.array(finite.min(0).max(1000)).max(8) })
  .strict();
/** Text wrapped to `width`; its height follows from the layout (core/design/designRender.ts layoutText). */
export const textElement = z
  .object({
    ...base,
    width: size,
    type: z.literal('text'),
    text: z.string().max(DESIGN_LIMITS.maxTextLength),
    fontFamily: z.enum(designFontIds),
    fontSize: finite.min(DESIGN_LIMITS.minFontSize).max(DESIGN_LIMITS.maxFontSize),
    fontWeight: z.union([z.literal(400), z.literal(700)]),
    italic: z.boolean(),
    underline: z.boolean(),
    align: z.enum(['left', 'center', 'right']),
    /** Extra px between letters (canvas letterSpacing). */
    letterSpacing: finite.min(-50).max(200),
    lineHeight: finite.min(0.5).max(4),
    fill: designFill,
    stroke: designStroke.nullable(),
  })
  .strict();
export const imageElement = z.object({ ...base, ...box, type: z.literal('image'), assetId: id }).strict();

export type RectElement = z.infer<typeof rectElement>;
export type EllipseElement = z.infer<typeof ellipseElement>;
export type PolygonElement = z.infer<typeof polygonElement>;
export type StarElement = z.infer<typeof starElement>;
export type LineElement = z.infer<typeof lineElement>;
export type TextElement = z.infer<typeof textElement>;
export type ImageElement = z.infer<typeof imageElement>;
export interface GroupElement {
  id: string;
  name: string;
  x: number;
  y: number;
  rotation: number;
  opacity: number;
  locked: boolean;
  hidden: boolean;
  hole: boolean;
  type: 'group';
  children: DesignElement[];
}
export type LeafElement = RectElement | EllipseElement | PolygonElement | StarElement | LineElement | TextElement | ImageElement;
export type DesignElement = LeafElement | GroupElement;
export type DesignElementType = DesignElement['type'];
/** Elements drawn with fill and stroke. */
export type ShapeElement = RectElement | EllipseElement | PolygonElement | StarElement;
export const isShapeElement = (element: DesignElement): element is ShapeElement =>
  element.type === 'rect' || element.type === 'ellipse' || element.type === 'polygon' || element.type === 'star';

export const groupElement: z.ZodType<GroupElement> = z.lazy(() =>
  z.object({ ...base, type: z.literal('group'), children: z.array(designElement).max(DESIGN_LIMITS.maxElements) }).strict(),
);
export const designElement: z.ZodType<DesignElement> = z.lazy(() =>
  z.union([rectElement, ellipseElement, polygonElement, starElement, lineElement, textElement, imageElement, groupElement]),
);

export const assetMimes = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** An embedded image: `data` is base64 without the data: prefix. */
export const designAsset = z
  .object({
    mime: z.enum(assetMimes),
    width: z.number().int().min(1).max(DESIGN_LIMITS.maxAssetSide),
    height: z.number().int().min(1).max(DESIGN_LIMITS.maxAssetSide),
    data: z.string().max(Math.ceil((DESIGN_LIMITS.maxAssetBytes * 4) / 3) + 4),
  })
  .strict();
export type DesignAsset = z.infer<typeof designAsset>;

export const designDocument = z
  .object({
    schemaVersion: z.literal(DESIGN_SCHEMA_VERSION),
    id,
    name: z.string().max(DESIGN_LIMITS.maxNameLength),
    kind: z.enum(designKinds),
    width: z.number().int().min(DESIGN_LIMITS.minSide).max(DESIGN_LIMITS.maxSide),
    height: z.number().int().min(DESIGN_LIMITS.minSide).max(DESIGN_LIMITS.maxSide),
    /** null: transparent. */
    background: designFill.nullable(),
    elements: z.array(designElement).max(DESIGN_LIMITS.maxElements),
    assets: z.record(id, designAsset),
    /** The template it started from, if any. */
    templateId: z.string().max(64).nullable(),
    updatedAt: z.string().datetime(),
  })
  .strict();
export type DesignDocument = z.infer<typeof designDocument>;

/** Walks every element (groups before their children). */
export function* walkElements(elements: readonly DesignElement[], depth = 0): Generator<{ element: DesignElement; depth: number }> {
  for (const element of elements) {
    yield { element, depth };
    if (element.type === 'group') yield* walkElements(element.children, depth + 1);
  }
}

export type DesignProblem = 'TOO_MANY_ELEMENTS' | 'TOO_DEEP' | 'DUPLICATE_ID' | 'MISSING_ASSET';

/** Rules zod cannot express: element count and depth over the whole tree, unique ids, assets present. */
export function designProblems(document: DesignDocument): DesignProblem[] {
  const problems = new Set<DesignProblem>();
  const ids = new Set<string>();
  let count = 0;
  for (const { element, depth } of walkElements(document.elements)) {
    count++;
    if (depth >= DESIGN_LIMITS.maxDepth) problems.add('TOO_DEEP');
    if (ids.has(element.id)) problems.add('DUPLICATE_ID');
    ids.add(element.id);
    if (element.type === 'image' && !document.assets[element.assetId]) problems.add('MISSING_ASSET');
  }
  if (count > DESIGN_LIMITS.maxElements) problems.add('TOO_MANY_ELEMENTS');
  if (Object.keys(document.assets).length > DESIGN_LIMITS.maxAssets) problems.add('TOO_MANY_ELEMENTS');
  return [...problems];
}
