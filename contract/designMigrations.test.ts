import { describe, expect, it } from 'vitest';
import { DESIGN_SCHEMA_VERSION, designDocument, designProblems } from './design.ts';
import { DesignMigrationError, migrateDesign } from './designMigrations.ts';

const base = { rotation: 0, opacity: 1, locked: false, hidden: false };

/** A version-1 document as the old designer saved it. */
function v1(): Record<string, unknown> {
  return {
    schemaVersion: 1,
    id: 'old',
    name: 'Old frame',
    kind: 'frame',
    width: 1080,
    height: 1080,
    background: null,
    elements: [
      { ...base, id: 'h1', name: 'Hole', type: 'hole', shape: 'ellipse', x: 240, y: 240, width: 600, height: 600 },
      {
        ...base,
        id: 'g',
        name: 'Group',
        type: 'group',
        x: 10,
        y: 10,
        children: [
          { ...base, id: 't', name: 'Title', type: 'text', x: 0, y: 0, width: 400, text: 'Hi', fontFamily: 'inter', fontSize: 40, fontStyle: 'bold italic', underline: false, align: 'left', letterSpacing: 0, fill: { kind: 'solid', color: '#111111' }, stroke: null },
          { ...base, id: 'h2', name: 'Star hole', type: 'hole', shape: 'star', x: 0, y: 100, width: 100, height: 100 },
          { ...base, id: 'h3', name: 'Rect hole', type: 'hole', shape: 'rect', x: 0, y: 100, width: 100, height: 100, cornerRadius: 12 },
          { ...base, id: 't2', name: 'Plain', type: 'text', x: 0, y: 0, width: 400, text: 'Yo', fontFamily: 'inter', fontSize: 40, underline: false, align: 'left', letterSpacing: 0, lineHeight: 1.5, fill: { kind: 'solid', color: '#111111' }, stroke: null },
        ],
      },
      { ...base, id: 'r', name: 'Rect', type: 'rect', x: 0, y: 0, width: 10, height: 10, cornerRadius: 0, fill: null, stroke: null },
    ],
    assets: {},
    templateId: null,
    updatedAt: '2025-01-01T00:00:00.000Z',
  };
}

describe('migrateDesign', () => {
  it('brings a version-1 document (holes and font styles nested in a group) to a document that parses', () => {
    const stored = v1();
    const snapshot = structuredClone(stored);
    const migrated = migrateDesign(stored);
    expect(stored).toEqual(snapshot);
    const parsed = designDocument.parse(migrated);
    expect(designProblems(parsed)).toEqual([]);
    expect(parsed.schemaVersion).toBe(DESIGN_SCHEMA_VERSION);
    const [hole, group, rect] = parsed.elements;
    expect(hole).toMatchObject({ type: 'ellipse', hole: true, fill: { kind: 'solid', color: '#000000' }, stroke: null });
    expect(hole).not.toHaveProperty('shape');
    expect(group).toMatchObject({ type: 'group', hole: false });
    expect(rect).toMatchObject({ type: 'rect', hole: false });
    const children = group!.type === 'group' ? group!.children : [];
    expect(children[0]).toMatchObject({ type: 'text', fontWeight: 700, italic: true, lineHeight: 1.2, hole: false });
    expect(children[0]).not.toHaveProperty('fontStyle');
    expect(children[1]).toMatchObject({ type: 'star', hole: true, points: 5, innerRatio: 0.5 });
    expect(children[2]).toMatchObject({ type: 'rect', hole: true, cornerRadius: 12 });
    expect(children[3]).toMatchObject({ fontWeight: 400, italic: false, lineHeight: 1.5 });
  });

  it('returns a current document as it is', () => {
    const current = designDocument.parse(migrateDesign(v1()));
    expect(migrateDesign(current)).toEqual(current);
  });

  it('refuses newer versions, missing versions and non-objects with a clear message', () => {
    expect(() => migrateDesign({ ...v1(), schemaVersion: 3 })).toThrow(DesignMigrationError);
    expect(() => migrateDesign({ ...v1(), schemaVersion: 3 })).toThrow(/newer version of Bingkai \(schema 3\)/);
    expect(() => migrateDesign({ ...v1(), schemaVersion: undefined })).toThrow(/no schema version/);
    expect(() => migrateDesign({ ...v1(), schemaVersion: 0 })).toThrow(/no schema version/);
    expect(() => migrateDesign({ ...v1(), schemaVersion: 1.5 })).toThrow(/no schema version/);
    for (const bad of [null, 'design', 42, [v1()]]) expect(() => migrateDesign(bad)).toThrow(/is a JSON object/);
  });
});
