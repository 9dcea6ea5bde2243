/**
 * Brings a stored design document (IndexedDB draft, server draft) up to DESIGN_SCHEMA_VERSION.
 * Each step takes version n to n + 1 on plain JSON; parse the result with `designDocument`.
 *
 * Version 1 had a separate `hole` element type ({ type: 'hole', shape: 'ellipse' | 'rect' | 'polygon' | 'star', … })
 * and Konva's text `fontStyle` string ('normal' | 'bold' | 'italic' | 'bold italic') without a line height.
 * Version 2 makes `hole` a flag on every element, so any shape (text and images too) can cut the photo area.
 */
import { DESIGN_SCHEMA_VERSION } from './design.ts';

type Json = Record<string, unknown>;

export class DesignMigrationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DesignMigrationError';
  }
}

const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function v1ElementToV2(element: unknown): unknown {
  if (!isRecord(element)) return element;
  const next: Json = { ...element };
  if (next.type === 'group' && Array.isArray(next.children)) next.children = next.children.map(v1ElementToV2);
  if (next.type === 'hole') {
    const { shape, ...rest } = next;
    const type = shape === 'rect' || shape === 'polygon' || shape === 'star' ? shape : 'ellipse';
    Object.assign(rest, { type, hole: true, fill: { kind: 'solid', color: '#000000' }, stroke: null });
    if (type === 'rect' && typeof rest.cornerRadius !== 'number') rest.cornerRadius = 0;
    if (type === 'polygon' && typeof rest.sides !== 'number') rest.sides = 6;
    if (type === 'star') {
      if (typeof rest.points !== 'number') rest.points = 5;
      if (typeof rest.innerRatio !== 'number') rest.innerRatio = 0.5;
    }
    return rest;
  }
  next.hole = false;
  if (next.type === 'text') {
    const style = typeof next.fontStyle === 'string' ? next.fontStyle : 'normal';
    delete next.fontStyle;
    next.fontWeight = /\bbold\b|\b[7-9]00\b/.test(style) ? 700 : 400;
    next.italic = /\bitalic\b/.test(style);
    if (typeof next.lineHeight !== 'number') next.lineHeight = 1.2;
  }
  return next;
}

const steps: Record<number, (document: Json) => Json> = {
  1: (document) => ({ ...document, schemaVersion: 2, elements: Array.isArray(document.elements) ? document.elements.map(v1ElementToV2) : document.elements }),
};

/** Returns the document at the current version; refuses anything it cannot read. */
export function migrateDesign(stored: unknown): unknown {
  if (!isRecord(stored)) throw new DesignMigrationError('A design document is a JSON object.');
  let document = stored;
  const version = document.schemaVersion;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) throw new DesignMigrationError('The design has no schema version.');
  if (version > DESIGN_SCHEMA_VERSION) throw new DesignMigrationError(`The design was saved by a newer version of Bingkai (schema ${version}).`);
  for (let at = version; at < DESIGN_SCHEMA_VERSION; at++) {
    const step = steps[at];
    if (!step) throw new DesignMigrationError(`No migration from schema ${at}.`);
    document = step(document);
  }
  return document;
}
