/** Fresh ids, new elements with sensible defaults, and blank documents. */
import {
  DESIGN_SCHEMA_VERSION,
  type DesignDocument,
  type DesignElement,
  type DesignElementType,
  type DesignKind,
  type DesignFill,
  type EllipseElement,
  type ImageElement,
  type LeafElement,
  type LineElement,
  type PolygonElement,
  type RectElement,
  type StarElement,
  type TextElement,
} from '../../contract/design.ts';
import { DesignCommandError, unusedName } from './tree.ts';

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

/** A short random url-safe id (12 chars, 72 bits). */
export function newElementId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (byte) => ID_ALPHABET[byte & 63]).join('');
}

type LeafType = Exclude<DesignElementType, 'group'>;
type ElementOf<T extends LeafType> = Extract<LeafElement, { type: T }>;

const INK = '#111111';
/** New text is light with a dark outline, readable on light, dark and busy art alike (and on the photo). */
const TEXT_FILL: DesignFill = { kind: 'solid', color: '#ffffff' };
const BLUE: DesignFill = { kind: 'solid', color: '#2563eb' };

const round = (value: number): number => Math.round(value * 100) / 100;

/** Common fields of an element whose box is centred on the canvas; the name is numbered when the design already uses it. */
function centred(document: DesignDocument, width: number, height: number, name: string) {
  return {
    id: newElementId(),
    name: unusedName(document.elements, name),
    x: round((document.width - width) / 2),
    y: round((document.height - height) / 2),
    rotation: 0,
    opacity: 1,
    locked: false,
    hidden: false,
    hole: false,
    width: round(width),
    height: round(height),
  };
}

const names: Record<LeafType, string> = {
  rect: 'Rectangle',
  ellipse: 'Ellipse',
  polygon: 'Polygon',
  star: 'Star',
  line: 'Line',
  text: 'Text',
  image: 'Image',
};

/**
 * A new element centred on the canvas, about a third of its short side, named after its type ("Rectangle",
 * "Rectangle 2" when the design has one already). Text is white with a dark outline. An image needs
 * `overrides.assetId` of an asset already in the document; it is fitted within 60 % of the canvas.
 */
export function defaultElement<T extends LeafType>(type: T, document: DesignDocument, overrides: Partial<ElementOf<T>> = {}): ElementOf<T> {
  const side = Math.min(document.width, document.height) / 3;
  const shape = { ...centred(document, side, side, names[type]), fill: BLUE, stroke: null };
  let element: LeafElement;
  switch (type as LeafType) {
    case 'rect':
      element = { ...shape, type: 'rect', cornerRadius: 0 } satisfies RectElement;
      break;
    case 'ellipse':
      element = { ...shape, type: 'ellipse' } satisfies EllipseElement;
      break;
    case 'polygon':
      element = { ...shape, type: 'polygon', sides: 6 } satisfies PolygonElement;
      break;
    case 'star':
      element = { ...shape, type: 'star', points: 5, innerRatio: 0.5 } satisfies StarElement;
      break;
    case 'line':
      element = { ...centred(document, side, 8, names.line), type: 'line', color: INK, cap: 'round', dash: [] } satisfies LineElement;
      break;
    case 'text': {
      const { height: _height, ...box } = centred(document, side * 1.5, 72 * 1.2, names.text);
      element = {
        ...box,
        type: 'text',
        text: 'Your text',
        fontFamily: 'inter',
        fontSize: 72,
        fontWeight: 400,
        italic: false,
        underline: false,
        align: 'center',
        letterSpacing: 0,
        lineHeight: 1.2,
        fill: TEXT_FILL,
        // About 1/14 of the font size: a clear edge that does not thicken the letters.
        stroke: { color: INK, width: 5 },
      } satisfies TextElement;
      break;
    }
    case 'image': {
      const assetId = (overrides as Partial<ImageElement>).assetId;
      const asset = assetId === undefined ? undefined : document.assets[assetId];
      if (!assetId || !asset) throw new DesignCommandError(`An image element needs the id of an asset in the design (got "${assetId ?? ''}").`);
      const scale = Math.min(1, (document.width * 0.6) / asset.width, (document.height * 0.6) / asset.height);
      element = { ...centred(document, asset.width * scale, asset.height * scale, names.image), type: 'image', assetId } satisfies ImageElement;
      break;
    }
    default:
      throw new DesignCommandError(`Unknown element type "${type}".`);
  }
  return { ...element, ...overrides } as ElementOf<T>;
}

export type HoleShape = 'circle' | 'rounded-rect' | 'star' | 'polygon';

/** A photo hole centred on the canvas, about 60 % of its short side. */
export function defaultHole(shape: HoleShape, document: DesignDocument): DesignElement {
  const side = Math.min(document.width, document.height) * 0.6;
  const hole = { ...centred(document, side, side, 'Photo hole'), hole: true, fill: { kind: 'solid', color: '#000000' } as DesignFill, stroke: null };
  switch (shape) {
    case 'circle':
      return { ...hole, type: 'ellipse' };
    case 'rounded-rect':
      return { ...hole, type: 'rect', cornerRadius: round(side * 0.1) };
    case 'star':
      return { ...hole, type: 'star', points: 5, innerRatio: 0.5 };
    case 'polygon':
      return { ...hole, type: 'polygon', sides: 6 };
    default:
      throw new DesignCommandError(`Unknown hole shape "${String(shape)}".`);
  }
}

export interface BlankDocumentOptions {
  id?: string;
  name: string;
  kind: DesignKind;
  width: number;
  height: number;
  /** Defaults to transparent for frames and white for backgrounds. */
  background?: DesignFill | null;
}

export function blankDocument({ id, name, kind, width, height, background }: BlankDocumentOptions): DesignDocument {
  return {
    schemaVersion: DESIGN_SCHEMA_VERSION,
    id: id ?? newElementId(),
    name,
    kind,
    width,
    height,
    background: background !== undefined ? background : kind === 'frame' ? null : { kind: 'solid', color: '#ffffff' },
    elements: [],
    assets: {},
    templateId: null,
    updatedAt: new Date().toISOString(),
  };
}
