/** Test helpers: small design documents and elements with defaults (browser tests of designRender/designExport). */
import { DESIGN_SCHEMA_VERSION, type DesignDocument, type DesignElement, type GroupElement, type LeafElement } from '../../contract/design.ts';

const base = { name: '', x: 0, y: 0, rotation: 0, opacity: 1, locked: false, hidden: false, hole: false };
let nextId = 0;
const id = () => `e${++nextId}`;

type Without<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;
type BaseKey = keyof typeof base | 'id';
type Make<T extends DesignElement> = Omit<T, 'type' | BaseKey> & Partial<Pick<T, Extract<keyof T, BaseKey>>>;

export const rect = (props: Without<Make<Extract<LeafElement, { type: 'rect' }>>, 'fill' | 'stroke' | 'cornerRadius'>): LeafElement => ({
  ...base,
  id: id(),
  type: 'rect',
  fill: { kind: 'solid', color: '#ff0000' },
  stroke: null,
  cornerRadius: 0,
  ...props,
});

export const ellipse = (props: Without<Make<Extract<LeafElement, { type: 'ellipse' }>>, 'fill' | 'stroke'>): LeafElement => ({
  ...base,
  id: id(),
  type: 'ellipse',
  fill: { kind: 'solid', color: '#ff0000' },
  stroke: null,
  ...props,
});

export const polygon = (props: Without<Make<Extract<LeafElement, { type: 'polygon' }>>, 'fill' | 'stroke' | 'sides'>): LeafElement => ({
  ...base,
  id: id(),
  type: 'polygon',
  fill: { kind: 'solid', color: '#00ff00' },
  stroke: null,
  sides: 6,
  ...props,
});

export const star = (props: Without<Make<Extract<LeafElement, { type: 'star' }>>, 'fill' | 'stroke' | 'points' | 'innerRatio'>): LeafElement => ({
  ...base,
  id: id(),
  type: 'star',
  fill: { kind: 'solid', color: '#0000ff' },
  stroke: null,
  points: 5,
  innerRatio: 0.5,
  ...props,
});

export const line = (props: Without<Make<Extract<LeafElement, { type: 'line' }>>, 'color' | 'cap' | 'dash'>): LeafElement => ({
  ...base,
  id: id(),
  type: 'line',
  color: '#000000',
  cap: 'butt',
  dash: [],
  ...props,
});

type TextDefaults = 'fill' | 'stroke' | 'fontFamily' | 'fontSize' | 'fontWeight' | 'italic' | 'underline' | 'align' | 'letterSpacing' | 'lineHeight';
export const text = (props: Without<Make<Extract<LeafElement, { type: 'text' }>>, TextDefaults>): Extract<LeafElement, { type: 'text' }> => ({
  ...base,
  id: id(),
  type: 'text',
  fill: { kind: 'solid', color: '#000000' },
  stroke: null,
  fontFamily: 'inter',
  fontSize: 48,
  fontWeight: 400,
  italic: false,
  underline: false,
  align: 'left',
  letterSpacing: 0,
  lineHeight: 1.2,
  ...props,
});

export const image = (props: Make<Extract<LeafElement, { type: 'image' }>>): LeafElement => ({ ...base, id: id(), type: 'image', ...props });

export const group = (props: Make<GroupElement>): GroupElement => ({ ...base, id: id(), type: 'group', ...props });

/** Messages to designExport.testWorker.ts. */
export type DesignWorkerRequest = { op: 'fonts'; sample: string } | { op: 'export'; document: DesignDocument };

export function design(props: Partial<DesignDocument> = {}): DesignDocument {
  return {
    schemaVersion: DESIGN_SCHEMA_VERSION,
    id: `d${++nextId}`,
    name: 'Test design',
    kind: 'frame',
    width: 600,
    height: 600,
    background: null,
    elements: [],
    assets: {},
    templateId: null,
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...props,
  };
}

/** RGBA of one pixel. */
export function pixel(data: ImageData, x: number, y: number): [number, number, number, number] {
  const i = (Math.round(y) * data.width + Math.round(x)) * 4;
  return [data.data[i] ?? 0, data.data[i + 1] ?? 0, data.data[i + 2] ?? 0, data.data[i + 3] ?? 0];
}

/** Bounds and count of pixels with alpha > 0 (or of those where `test` holds). */
export function opaqueBounds(data: ImageData, test: (rgba: [number, number, number, number]) => boolean = (p) => p[3] > 0) {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  let count = 0;
  for (let y = 0; y < data.height; y++) {
    for (let x = 0; x < data.width; x++) {
      if (!test(pixel(data, x, y))) continue;
      count++;
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x + 1);
      y1 = Math.max(y1, y + 1);
    }
  }
  return { x0, y0, x1, y1, count, width: x1 - x0, height: y1 - y0 };
}

/** Base64 of a PNG of a solid colour with a transparent right half, for image assets. */
export async function pngAsset(width: number, height: number, color: string): Promise<{ mime: 'image/png'; width: number; height: number; data: string }> {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d')!;
  context.fillStyle = color;
  context.fillRect(0, 0, Math.floor(width / 2), height);
  const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer());
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return { mime: 'image/png', width, height, data: btoa(binary) };
}
