import { describe, expect, it } from 'vitest';
import { designDocument, designProblems, type DesignDocument, type DesignElement, type GroupElement } from '../../contract/design.ts';
import { DesignCommandError, runCommand } from './commands.ts';
import { deepFreeze, designFixture } from '../testing/designFixture.ts';
import type { DesignCommand } from './designCommand.ts';
import { findElement } from './tree.ts';

/** Applies, checks the result is a valid design, undoes, redoes; returns the applied document. */
function roundTrip(command: DesignCommand, original: DesignDocument = deepFreeze(designFixture())): DesignDocument {
  const snapshot = structuredClone(original);
  const applied = runCommand(original, command);
  expect(original).toEqual(snapshot);
  expect(applied.document).not.toEqual(original);
  expect(designDocument.safeParse(applied.document).success).toBe(true);
  expect(designProblems(applied.document)).toEqual([]);
  deepFreeze(applied);
  const undone = runCommand(applied.document, applied.inverse);
  expect(undone.document).toEqual(original);
  const redone = runCommand(undone.document, command);
  expect(redone.document).toEqual(applied.document);
  // The inverse of the inverse redoes too.
  expect(runCommand(undone.document, undone.inverse).document).toEqual(applied.document);
  return applied.document;
}

function refuses(command: DesignCommand, message: RegExp): void {
  const original = deepFreeze(designFixture());
  expect(() => runCommand(original, command)).toThrow(DesignCommandError);
  expect(() => runCommand(original, command)).toThrow(message);
  expect(original).toEqual(designFixture());
}

const ids = (elements: readonly DesignElement[]) => elements.map((element) => element.id);
const group = (document: DesignDocument, id: string) => findElement(document, id)!.element as GroupElement;
const base = (id: string) => ({ id, name: id, x: 1, y: 2, rotation: 0, opacity: 1, locked: false, hidden: false, hole: false });
const rect = (id: string): DesignElement => ({
  ...base(id),
  type: 'rect',
  width: 30,
  height: 40,
  fill: null,
  stroke: null,
  cornerRadius: 0,
});

const groupOf = (id: string, children: DesignElement[]): GroupElement => ({ ...base(id), type: 'group', children });
const image = (id: string, assetId: string): DesignElement => ({ ...base(id), type: 'image', width: 30, height: 40, assetId });

describe('insertElements', () => {
  it('inserts at top level and inside nested groups, in order', () => {
    const document = roundTrip({
      type: 'insertElements',
      entries: [
        { parentId: null, index: 0, element: rect('a') },
        { parentId: null, index: 6, element: rect('b') },
        { parentId: 'inner', index: 1, element: rect('c') },
      ],
    });
    expect(ids(document.elements)).toEqual(['a', 'bg', 'hole', 'badge', 'logo', 'title', 'b']);
    expect(ids(group(document, 'inner').children)).toEqual(['poly', 'c', 'rule']);
  });

  it('inserts a new group and then into it; undo removes both', () => {
    const document = roundTrip({
      type: 'insertElements',
      entries: [
        { parentId: null, index: 5, element: groupOf('g', [rect('g1')]) },
        { parentId: 'g', index: 1, element: rect('g2') },
      ],
    });
    expect(ids(group(document, 'g').children)).toEqual(['g1', 'g2']);
  });

  it('refuses a used id, a bad index, an unknown or non-group parent, an invalid element, too deep nesting', () => {
    refuses({ type: 'insertElements', entries: [{ parentId: null, index: 0, element: rect('star') }] }, /already used/);
    refuses({ type: 'insertElements', entries: [{ parentId: null, index: 6, element: rect('x') }] }, /outside 0…5/);
    refuses({ type: 'insertElements', entries: [{ parentId: null, index: -1, element: rect('x') }] }, /outside/);
    refuses({ type: 'insertElements', entries: [{ parentId: 'nope', index: 0, element: rect('x') }] }, /No group with id "nope"/);
    refuses({ type: 'insertElements', entries: [{ parentId: 'star', index: 0, element: rect('x') }] }, /not a group/);
    refuses({ type: 'insertElements', entries: [{ parentId: null, index: 0, element: { ...rect('x'), width: -5 } as DesignElement }] }, /invalid at width/);
    refuses({ type: 'insertElements', entries: [{ parentId: null, index: 0, element: { ...rect('x'), extra: 1 } as unknown as DesignElement }] }, /invalid/);
    refuses({ type: 'insertElements', entries: [{ parentId: null, index: 0, element: { ...rect('x'), fill: { kind: 'solid', color: 'red' } } as DesignElement }] }, /invalid at fill/);
    const nest = (depth: number): DesignElement =>
      depth === 0 ? rect('leaf') : groupOf(`n${depth}`, [nest(depth - 1)]);
    refuses({ type: 'insertElements', entries: [{ parentId: 'inner', index: 0, element: nest(2) }] }, /nest at most/);
    refuses({ type: 'insertElements', entries: [{ parentId: null, index: 0, element: rect('x') }, { parentId: null, index: 0, element: rect('x') }] }, /already used/);
    refuses({ type: 'insertElements', entries: [{ parentId: null, index: 0, element: groupOf('g', [image('pic', 'ghost')]) }] }, /asset "ghost", which the design does not have/);
  });
});

describe('removeElements', () => {
  it('removes from several parents and puts each back at its index', () => {
    const document = roundTrip({ type: 'removeElements', ids: ['hole', 'title', 'label', 'rule'] });
    expect(ids(document.elements)).toEqual(['bg', 'badge', 'logo']);
    expect(ids(group(document, 'badge').children)).toEqual(['star', 'inner']);
    expect(ids(group(document, 'inner').children)).toEqual(['poly']);
  });

  it('removes a group with a listed child of it', () => {
    const document = roundTrip({ type: 'removeElements', ids: ['poly', 'badge'] });
    expect(ids(document.elements)).toEqual(['bg', 'hole', 'logo', 'title']);
  });

  it('refuses unknown and repeated ids', () => {
    refuses({ type: 'removeElements', ids: ['hole', 'ghost'] }, /No element with id "ghost"/);
    refuses({ type: 'removeElements', ids: ['hole', 'hole'] }, /repeats/);
  });
});

describe('updateElements', () => {
  it('changes fields, adds and removes keys, and restores them', () => {
    const document = roundTrip({
      type: 'updateElements',
      changes: [
        { id: 'star', patch: { x: 99, fill: { kind: 'radial', stops: [{ offset: 0, color: '#ffffff' }, { offset: 1, color: '#000000' }] } } },
        { id: 'title', patch: { text: 'Dirgahayu', fontSize: 90, stroke: { color: '#ffffff', width: 3 } } },
        { id: 'badge', patch: { rotation: -45, opacity: 1 } },
      ],
    });
    expect(findElement(document, 'star')!.element).toMatchObject({ x: 99, fill: { kind: 'radial' } });
    expect(findElement(document, 'title')!.element).toMatchObject({ text: 'Dirgahayu', fontSize: 90 });
  });

  it('same id twice: undo restores the first value', () => {
    const document = roundTrip({ type: 'updateElements', changes: [{ id: 'hole', patch: { x: 1 } }, { id: 'hole', patch: { x: 2, y: 3 } }] });
    expect(findElement(document, 'hole')!.element).toMatchObject({ x: 2, y: 3 });
  });

  it('undefined removes a key and the inverse brings it back (and vice versa)', () => {
    const original = deepFreeze(designFixture());
    // A key the schema does not know is refused, so test removal through the inverse of an addition.
    const { document, inverse } = runCommand(original, { type: 'updateElements', changes: [{ id: 'hole', patch: { name: 'Face' } }] });
    expect(inverse).toEqual({ type: 'updateElements', changes: [{ id: 'hole', patch: { name: 'Photo hole' } }] });
    expect(runCommand(document, inverse).document).toEqual(original);
    // Removing a required key is refused by the schema, input untouched.
    refuses({ type: 'updateElements', changes: [{ id: 'hole', patch: { name: undefined } }] }, /invalid at name/);
  });

  it('refuses unknown ids, fixed keys, unknown keys and invalid values', () => {
    refuses({ type: 'updateElements', changes: [{ id: 'ghost', patch: { x: 1 } }] }, /No element/);
    refuses({ type: 'updateElements', changes: [{ id: 'hole', patch: { id: 'other' } }] }, /cannot change "id"/);
    refuses({ type: 'updateElements', changes: [{ id: 'badge', patch: { children: [] } }] }, /cannot change "children"/);
    refuses({ type: 'updateElements', changes: [{ id: 'hole', patch: { type: 'rect' } }] }, /cannot change "type"/);
    refuses({ type: 'updateElements', changes: [{ id: 'title', patch: { height: 10 } }] }, /invalid/);
    refuses({ type: 'updateElements', changes: [{ id: 'title', patch: { fontSize: 2 } }] }, /fontSize/);
    refuses({ type: 'updateElements', changes: [{ id: 'hole', patch: { x: 1 } }, { id: 'star', patch: { opacity: 2 } }] }, /opacity/);
    refuses({ type: 'updateElements', changes: [{ id: 'logo', patch: { assetId: 'ghost' } }] }, /does not have/);
  });
});

describe('moveElement', () => {
  it('reorders within a parent', () => {
    const document = roundTrip({ type: 'moveElement', id: 'bg', parentId: null, index: 4 });
    expect(ids(document.elements)).toEqual(['hole', 'badge', 'logo', 'title', 'bg']);
  });

  it('reparents into a nested group and back out', () => {
    const document = roundTrip({ type: 'moveElement', id: 'title', parentId: 'inner', index: 1 });
    expect(ids(group(document, 'inner').children)).toEqual(['poly', 'title', 'rule']);
    roundTrip({ type: 'moveElement', id: 'poly', parentId: null, index: 0 });
  });

  it('refuses moving into itself, bad indices, unknown ids', () => {
    refuses({ type: 'moveElement', id: 'badge', parentId: 'inner', index: 0 }, /into itself/);
    refuses({ type: 'moveElement', id: 'badge', parentId: 'badge', index: 0 }, /into itself/);
    refuses({ type: 'moveElement', id: 'bg', parentId: null, index: 5 }, /outside 0…4/);
    refuses({ type: 'moveElement', id: 'bg', parentId: null, index: 1.5 }, /outside/);
    refuses({ type: 'moveElement', id: 'ghost', parentId: null, index: 0 }, /No element/);
    refuses({ type: 'moveElement', id: 'bg', parentId: 'ghost', index: 0 }, /No group/);
  });
});

describe('groupElements', () => {
  it('wraps siblings in z-order at the topmost one’s place', () => {
    const document = roundTrip({ type: 'groupElements', ids: ['title', 'hole'], group: { id: 'g', name: 'Group' } });
    expect(ids(document.elements)).toEqual(['bg', 'badge', 'logo', 'g']);
    expect(group(document, 'g')).toMatchObject({ x: 0, y: 0, rotation: 0, opacity: 1, name: 'Group' });
    expect(ids(group(document, 'g').children)).toEqual(['hole', 'title']);
    const nested = roundTrip({ type: 'groupElements', ids: ['star', 'label'], group: { id: 'g2', name: 'Pair' } });
    expect(ids(group(nested, 'badge').children)).toEqual(['g2', 'inner']);
  });

  it('refuses non-siblings, used group ids, unknown ids, empty lists, too deep nesting', () => {
    refuses({ type: 'groupElements', ids: ['hole', 'star'], group: { id: 'g', name: 'G' } }, /same parent/);
    refuses({ type: 'groupElements', ids: ['hole', 'bg'], group: { id: 'star', name: 'G' } }, /already used/);
    refuses({ type: 'groupElements', ids: ['hole', 'ghost'], group: { id: 'g', name: 'G' } }, /No element/);
    refuses({ type: 'groupElements', ids: [], group: { id: 'g', name: 'G' } }, /at least one/);
    refuses({ type: 'groupElements', ids: ['hole', 'bg'], group: { id: 'bad id!', name: 'G' } }, /invalid at id/);
    const deep = deepFreeze(runCommand(designFixture(), { type: 'groupElements', ids: ['poly'], group: { id: 'g3', name: 'G' } }).document);
    expect(() => runCommand(deep, { type: 'groupElements', ids: ['badge'], group: { id: 'g4', name: 'G' } })).toThrow(/nest at most/);
  });
});

describe('ungroupElement', () => {
  it('bakes a rotated, translucent group into its children', () => {
    const document = roundTrip({ type: 'ungroupElement', id: 'badge' });
    expect(ids(document.elements)).toEqual(['bg', 'hole', 'star', 'label', 'inner', 'logo', 'title']);
    // Rotation 90° about (540, 100): (x, y) → (540 − y, 100 + x).
    expect(findElement(document, 'star')!.element).toMatchObject({ x: 520, y: 110, rotation: 105, opacity: 0.5 });
    expect(findElement(document, 'label')!.element).toMatchObject({ x: 390, y: 100, rotation: 90, opacity: 0.5 });
    expect(findElement(document, 'inner')!.element).toMatchObject({ x: 570, y: 140, rotation: 90, opacity: 0.5 });
    // The nested group's own children keep their local coordinates.
    expect(findElement(document, 'poly')!.element).toMatchObject({ x: 0, y: 0, rotation: 0, opacity: 1 });
  });

  it('handles arbitrary angles, hidden and hole groups, and wraps rotations into range', () => {
    const start = runCommand(designFixture(), { type: 'updateElements', changes: [{ id: 'badge', patch: { rotation: 350, hidden: true, hole: true } }, { id: 'star', patch: { rotation: 30 } }] }).document;
    const document = roundTrip({ type: 'ungroupElement', id: 'badge' }, deepFreeze(start));
    const star = findElement(document, 'star')!.element;
    const radians = (350 * Math.PI) / 180;
    expect(star.x).toBeCloseTo(540 + 10 * Math.cos(radians) - 20 * Math.sin(radians), 9);
    expect(star.y).toBeCloseTo(100 + 10 * Math.sin(radians) + 20 * Math.cos(radians), 9);
    expect(star).toMatchObject({ rotation: 20, hidden: true, hole: true });
  });

  it('ungroups a nested group', () => {
    const document = roundTrip({ type: 'ungroupElement', id: 'inner' });
    expect(ids(group(document, 'badge').children)).toEqual(['star', 'label', 'poly', 'rule']);
    expect(findElement(document, 'rule')!.element).toMatchObject({ x: 40, y: 70 });
  });

  it('refuses a non-group and an unknown id', () => {
    refuses({ type: 'ungroupElement', id: 'hole' }, /not a group/);
    refuses({ type: 'ungroupElement', id: 'ghost' }, /No element/);
  });
});

describe('setElements', () => {
  it('replaces a child list (top level and nested)', () => {
    const fixture = designFixture();
    const top = roundTrip({ type: 'setElements', parentId: null, elements: [fixture.elements[2]!, rect('fresh')] });
    expect(ids(top.elements)).toEqual(['badge', 'fresh']);
    const nested = roundTrip({ type: 'setElements', parentId: 'inner', elements: [] });
    expect(group(nested, 'inner').children).toEqual([]);
  });

  it('refuses ids used elsewhere, repeated ids, a non-group parent', () => {
    refuses({ type: 'setElements', parentId: 'inner', elements: [rect('title')] }, /already used/);
    refuses({ type: 'setElements', parentId: null, elements: [rect('a'), rect('a')] }, /repeat/);
    refuses({ type: 'setElements', parentId: 'logo', elements: [] }, /not a group/);
    refuses({ type: 'setElements', parentId: null, elements: [image('pic', 'ghost')] }, /does not have/);
  });
});

describe('updateDocument', () => {
  it('changes settings and restores them', () => {
    const document = roundTrip({ type: 'updateDocument', patch: { name: 'Renamed', kind: 'background', width: 1080, height: 1920, background: { kind: 'solid', color: '#ffffff' } } });
    expect(document).toMatchObject({ name: 'Renamed', kind: 'background', height: 1920 });
  });

  it('refuses invalid sizes, colours and other keys', () => {
    refuses({ type: 'updateDocument', patch: { width: 100 } }, /width/);
    refuses({ type: 'updateDocument', patch: { height: 1000.5 } }, /height/);
    refuses({ type: 'updateDocument', patch: { background: { kind: 'solid', color: '#fff' } } }, /background/);
    refuses({ type: 'updateDocument', patch: { id: 'other' } as never }, /cannot change "id"/);
  });
});

describe('assets', () => {
  const asset = { mime: 'image/jpeg', width: 10, height: 10, data: 'AAAA' } as const;

  it('putAssets adds new ones and replaces existing ones; the inverse restores both', () => {
    const document = roundTrip({ type: 'putAssets', assets: { asset2: asset, asset1: { ...asset, width: 5 } } });
    expect(Object.keys(document.assets).toSorted()).toEqual(['asset1', 'asset2']);
    roundTrip({ type: 'putAssets', assets: { asset3: asset } });
  });

  it('removeAssets drops unused assets and puts them back', () => {
    const withSpare = deepFreeze(runCommand(designFixture(), { type: 'putAssets', assets: { spare: asset } }).document);
    const document = roundTrip({ type: 'removeAssets', ids: ['spare'] }, withSpare);
    expect(Object.keys(document.assets)).toEqual(['asset1']);
  });

  it('refuses invalid assets, unknown ids and assets still in use', () => {
    refuses({ type: 'putAssets', assets: { asset2: { ...asset, mime: 'image/gif' as 'image/png' } } }, /Asset "asset2" is invalid/);
    refuses({ type: 'putAssets', assets: { 'bad id': asset } }, /Asset id "bad id" is invalid/);
    refuses({ type: 'removeAssets', ids: ['ghost'] }, /No asset/);
    refuses({ type: 'removeAssets', ids: ['asset1'] }, /still used by image "logo"/);
  });
});

describe('batch', () => {
  it('runs commands in order and undoes them in reverse', () => {
    const document = roundTrip({
      type: 'batch',
      commands: [
        { type: 'putAssets', assets: { asset2: { mime: 'image/png', width: 1, height: 1, data: 'AA==' } } },
        { type: 'insertElements', entries: [{ parentId: null, index: 5, element: image('pic', 'asset2') }] },
        { type: 'groupElements', ids: ['pic', 'title'], group: { id: 'g', name: 'G' } },
        { type: 'ungroupElement', id: 'badge' },
        { type: 'updateElements', changes: [{ id: 'pic', patch: { x: 5 } }] },
        { type: 'moveElement', id: 'g', parentId: null, index: 0 },
        { type: 'removeElements', ids: ['hole'] },
      ],
    });
    expect(ids(document.elements)).toEqual(['g', 'bg', 'star', 'label', 'inner', 'logo']);
  });

  it('a failing step fails the whole batch and leaves the input as it was', () => {
    refuses({ type: 'batch', commands: [{ type: 'removeElements', ids: ['hole'] }, { type: 'removeElements', ids: ['hole'] }] }, /No element/);
  });

  it('refuses an unknown command type', () => {
    refuses({ type: 'explode' } as unknown as DesignCommand, /Unknown command type "explode"/);
  });
});
