import { describe, expect, it } from 'vitest';
import { designDocument, designProblems, type DesignDocument, type DesignElement, type GroupElement } from '../../contract/design.ts';
import {
  addElementsCommand,
  copyPayload,
  deleteCommand,
  duplicateCommand,
  groupCommand,
  isLocked,
  nudgeCommand,
  pasteCommand,
  renameCommand,
  setHiddenCommand,
  setHoleCommand,
  setLockedCommand,
  transformCommand,
  ungroupCommand,
  zOrderCommand,
} from './commandBuilders.ts';
import { runCommand } from './commands.ts';
import { defaultElement } from './defaultElements.ts';
import type { DesignCommand } from './designCommand.ts';
import { deepFreeze, designFixture } from '../testing/designFixture.ts';
import { elementIds, findElement } from './tree.ts';

const doc = deepFreeze(designFixture());
const ids = (elements: readonly DesignElement[]) => elements.map((element) => element.id);
const el = (document: DesignDocument, id: string) => findElement(document, id)!.element;

/** Runs a built command, checks the result is valid and undoes exactly; returns the result. */
function apply(command: DesignCommand | null, document: DesignDocument = doc): DesignDocument {
  expect(command).not.toBeNull();
  const { document: next, inverse } = runCommand(document, command!);
  expect(designDocument.safeParse(next).success).toBe(true);
  expect(designProblems(next)).toEqual([]);
  expect(runCommand(next, inverse).document).toEqual(document);
  return next;
}

describe('add and delete', () => {
  it('appends on top of a parent', () => {
    const rect = defaultElement('rect', doc);
    expect(ids(apply(addElementsCommand(doc, [rect])).elements).at(-1)).toBe(rect.id);
    expect(ids((el(apply(addElementsCommand(doc, [rect], 'inner')), 'inner') as GroupElement).children)).toEqual(['poly', 'rule', rect.id]);
  });

  it('deletes unlocked elements only, null when nothing is left', () => {
    const deleted = apply(deleteCommand(doc, ['bg', 'hole', 'ghost', 'star']));
    expect(ids(deleted.elements)).toEqual(['bg', 'badge', 'logo', 'title']);
    expect(ids((el(deleted, 'badge') as GroupElement).children)).toEqual(['label', 'inner']);
    expect(deleteCommand(doc, ['bg'])).toBeNull();
    expect(deleteCommand(doc, [])).toBeNull();
    const locked = apply(setLockedCommand(doc, ['badge'], true));
    expect(isLocked(locked, 'poly')).toBe(true);
    expect(deleteCommand(locked, ['poly'])).toBeNull();
  });
});

describe('duplicate, copy and paste', () => {
  it('duplicates with fresh ids (group children too), right above each original', () => {
    // The rule is inside the badge: it is copied along with the badge, not twice.
    const result = duplicateCommand(doc, ['hole', 'badge', 'rule']);
    const next = apply(result!.command);
    expect(result!.ids).toHaveLength(2);
    const [holeCopy, badgeCopy] = result!.ids.map((id) => el(next, id));
    expect(ids(next.elements)).toEqual(['bg', 'hole', holeCopy!.id, 'badge', badgeCopy!.id, 'logo', 'title']);
    expect(holeCopy).toMatchObject({ x: 264, y: 264, hole: true, name: 'Photo hole' });
    expect(badgeCopy).toMatchObject({ x: 564, y: 124, rotation: 90, name: 'Badge' });
    expect(ids((el(next, 'inner') as GroupElement).children)).toEqual(['poly', 'rule']);
    const nested = duplicateCommand(doc, ['poly', 'rule'])!;
    const twice = apply(nested.command);
    expect(ids((el(twice, 'inner') as GroupElement).children)).toEqual(['poly', nested.ids[0], 'rule', nested.ids[1]]);
    const copyIds = elementIds([badgeCopy!]);
    for (const id of elementIds(doc.elements)) expect(copyIds.has(id)).toBe(false);
    expect(copyIds.size).toBe(6);
    expect(duplicateCommand(doc, ['ghost'])).toBeNull();
  });

  it('copies nested elements into top-level coordinates with their assets, and pastes them', () => {
    const clipboard = copyPayload(doc, ['logo', 'star', 'title']);
    expect(ids(clipboard.elements)).toEqual(['star', 'logo', 'title']);
    expect(clipboard.elements[0]).toMatchObject({ x: 520, y: 110, rotation: 105, opacity: 0.5 });
    expect(Object.keys(clipboard.assets)).toEqual(['asset1']);

    // Into a design without the asset: one batch adds the asset and the elements, and undoes both.
    const empty = deepFreeze({ ...doc, elements: [], assets: {} });
    const pasted = pasteCommand(empty, clipboard, 10)!;
    const next = apply(pasted.command, empty);
    expect(next.assets).toEqual(doc.assets);
    expect(ids(next.elements)).toEqual(pasted.ids);
    expect(next.elements[0]).toMatchObject({ type: 'star', x: 530, y: 120 });
    expect(pasted.ids).not.toContain('star');

    // Into the same design: no asset change, fresh ids each time.
    const again = pasteCommand(doc, clipboard, 24)!;
    expect(again.command).toMatchObject({ type: 'batch', commands: [{ type: 'insertElements' }] });
    expect(ids(apply(again.command).elements).slice(5)).toEqual(again.ids);
    expect(pasteCommand(doc, clipboard)!.ids).not.toEqual(again.ids);
    expect(pasteCommand(doc, { elements: [], assets: {} })).toBeNull();

    // A design that uses the same asset id for another image keeps it; the pasted image gets a fresh asset id.
    const clash = deepFreeze({ ...doc, assets: { asset1: { ...doc.assets.asset1!, data: 'AAAA' } } });
    const remapped = pasteCommand(clash, copyPayload(doc, ['logo']))!;
    const after = apply(remapped.command, clash);
    const logoCopy = el(after, remapped.ids[0]!);
    expect(logoCopy.type === 'image' && logoCopy.assetId).not.toBe('asset1');
    expect(after.assets.asset1).toEqual(clash.assets.asset1);
    expect(logoCopy.type === 'image' && after.assets[logoCopy.assetId]).toEqual(doc.assets.asset1);
  });
});

describe('nudge and z-order', () => {
  it('nudges in canvas pixels, skipping locked elements, inside rotated groups too', () => {
    const next = apply(nudgeCommand(doc, ['hole', 'bg', 'star'], 5, -2));
    expect(el(next, 'hole')).toMatchObject({ x: 245, y: 238 });
    expect(el(next, 'bg')).toMatchObject({ x: 0, y: 0 });
    // The badge is turned 90°: a step right on the canvas is a step up (−y) in its local frame.
    expect(el(next, 'star')).toMatchObject({ x: 8, y: 15 });
    expect(nudgeCommand(doc, ['bg'], 1, 0)).toBeNull();
  });

  it('moves forward, backward, to front and back within the parent', () => {
    expect(ids(apply(zOrderCommand(doc, 'hole', 'forward')).elements)).toEqual(['bg', 'badge', 'hole', 'logo', 'title']);
    expect(ids(apply(zOrderCommand(doc, 'hole', 'backward')).elements)).toEqual(['hole', 'bg', 'badge', 'logo', 'title']);
    expect(ids(apply(zOrderCommand(doc, 'hole', 'front')).elements)).toEqual(['bg', 'badge', 'logo', 'title', 'hole']);
    expect(ids(apply(zOrderCommand(doc, 'title', 'back')).elements)).toEqual(['title', 'bg', 'hole', 'badge', 'logo']);
    expect(zOrderCommand(doc, 'title', 'front')).toBeNull();
    expect(zOrderCommand(doc, 'bg', 'backward')).toBeNull();
    expect(zOrderCommand(doc, 'ghost', 'front')).toBeNull();
    expect(ids((el(apply(zOrderCommand(doc, 'poly', 'forward')), 'inner') as GroupElement).children)).toEqual(['rule', 'poly']);
  });
});

describe('group and ungroup', () => {
  it('groups two or more siblings only', () => {
    expect(groupCommand(doc, ['hole'])).toBeNull();
    expect(groupCommand(doc, ['hole', 'hole'])).toBeNull();
    expect(groupCommand(doc, ['hole', 'star'])).toBeNull();
    expect(groupCommand(doc, ['hole', 'ghost'])).toBeNull();
    const grouped = groupCommand(doc, ['title', 'hole'])!;
    const next = apply(grouped.command);
    expect(el(next, grouped.groupId)).toMatchObject({ type: 'group', name: 'Group' });
    expect(ungroupCommand(next, 'hole')).toBeNull();
    const ungrouped = apply(ungroupCommand(next, grouped.groupId), next);
    expect(ids(ungrouped.elements)).toEqual(['bg', 'badge', 'logo', 'hole', 'title']);
    expect(el(ungrouped, 'hole')).toEqual(el(doc, 'hole'));
    expect(el(ungrouped, 'title')).toEqual(el(doc, 'title'));
  });

  it('ungroups a rotated group and regroups it: children keep their place on the canvas', () => {
    const ungrouped = apply(ungroupCommand(doc, 'badge'));
    const star = el(ungrouped, 'star');
    expect(star).toMatchObject({ x: 520, y: 110, rotation: 105 });
    const regrouped = apply(groupCommand(ungrouped, ['star', 'label', 'inner'])!.command, ungrouped);
    expect(ids(regrouped.elements)).toHaveLength(5);
    expect(el(regrouped, 'star')).toEqual(star);
  });
});

describe('transformCommand', () => {
  it('bakes a 2× scale into a rect’s size and corner radius', () => {
    const start = deepFreeze(runCommand(doc, { type: 'insertElements', entries: [{ parentId: null, index: 5, element: { ...defaultElement('rect', doc, { id: 'r' }), cornerRadius: 10, width: 100, height: 50 } }] }).document);
    const next = apply(transformCommand(start, [{ id: 'r', x: 10, y: 20, rotation: 30, scaleX: 2, scaleY: 3 }]), start);
    expect(el(next, 'r')).toMatchObject({ x: 10, y: 20, rotation: 30, width: 200, height: 150, cornerRadius: 20 });
    expect(el(next, 'r')).not.toHaveProperty('scaleX');
  });

  it('bakes scale into text: width by sx, font size, letter spacing and stroke by sy, clamped', () => {
    const next = apply(transformCommand(doc, [{ id: 'label', x: 0, y: 150, rotation: 0, scaleX: 1.5, scaleY: 2 }]));
    expect(el(next, 'label')).toMatchObject({ width: 450, fontSize: 128, letterSpacing: 4, stroke: { color: '#ffffff', width: 4 } });
    const huge = apply(transformCommand(doc, [{ id: 'title', x: 0, y: 0, rotation: 0, scaleX: 1, scaleY: 100 }]));
    expect(el(huge, 'title')).toMatchObject({ fontSize: 800, letterSpacing: 0 });
  });

  it('scales lines and images by their box', () => {
    const next = apply(transformCommand(doc, [
      { id: 'rule', x: 0, y: 100, rotation: 0, scaleX: 0.5, scaleY: 2 },
      { id: 'logo', x: 700, y: 800, rotation: 0, scaleX: 1.5, scaleY: 1.5 },
    ]));
    expect(el(next, 'rule')).toMatchObject({ width: 100, height: 12 });
    expect(el(next, 'logo')).toMatchObject({ x: 700, y: 800, width: 300, height: 150 });
  });

  it('bakes a group’s scale into its descendants so the group keeps scale 1', () => {
    const next = apply(transformCommand(doc, [{ id: 'badge', x: 600, y: 120, rotation: 45, scaleX: 2, scaleY: 2 }]));
    expect(el(next, 'badge')).toMatchObject({ x: 600, y: 120, rotation: 45, opacity: 0.5 });
    expect(el(next, 'star')).toMatchObject({ x: 20, y: 40, width: 240, height: 240, rotation: 15 });
    expect(el(next, 'label')).toMatchObject({ x: 0, y: 300, width: 600, fontSize: 128 });
    expect(el(next, 'inner')).toMatchObject({ x: 80, y: -60 });
    expect(el(next, 'rule')).toMatchObject({ x: 0, y: 200, width: 400, height: 12 });
  });

  it('turns a flip into an unmirrored box over the same area', () => {
    const next = apply(transformCommand(doc, [{ id: 'hole', x: 900, y: 240, rotation: 0, scaleX: -1, scaleY: 1 }]));
    expect(el(next, 'hole')).toMatchObject({ x: 300, y: 240, width: 600, height: 600 });
    expect(transformCommand(doc, [{ id: 'hole', x: 840, y: 840, rotation: 0, scaleX: -1, scaleY: -1 }])).toBeNull();
  });

  it('returns null when nothing changes', () => {
    expect(transformCommand(doc, [{ id: 'hole', x: 240, y: 240, rotation: 0, scaleX: 1, scaleY: 1 }])).toBeNull();
    expect(transformCommand(doc, [{ id: 'ghost', x: 0, y: 0, rotation: 0, scaleX: 2, scaleY: 2 }])).toBeNull();
  });
});

describe('flags and names', () => {
  it('sets locked, hidden and hole on the elements that differ', () => {
    expect(setLockedCommand(doc, ['bg', 'hole'], true)).toEqual({ type: 'updateElements', changes: [{ id: 'hole', patch: { locked: true } }] });
    expect(setLockedCommand(doc, ['bg'], true)).toBeNull();
    expect(el(apply(setHiddenCommand(doc, ['star', 'title'], true)), 'star').hidden).toBe(true);
    const holes = apply(setHoleCommand(doc, ['title', 'hole', 'logo'], true));
    expect([el(holes, 'title').hole, el(holes, 'logo').hole]).toEqual([true, true]);
  });

  it('renames, trimming and capping the length', () => {
    expect(el(apply(renameCommand(doc, 'hole', '  Face  ')), 'hole').name).toBe('Face');
    expect(el(apply(renameCommand(doc, 'hole', 'x'.repeat(200))), 'hole').name).toHaveLength(80);
    expect(renameCommand(doc, 'hole', 'Photo hole')).toBeNull();
  });
});
