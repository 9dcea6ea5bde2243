/**
 * Applies design commands. `runCommand` is pure: it returns a new document and the command that
 * undoes it, or throws DesignCommandError and leaves the input as it was.
 */
import type { z } from 'zod';
import {
  DESIGN_LIMITS,
  designAsset,
  designDocument,
  ellipseElement,
  groupElement,
  imageElement,
  lineElement,
  polygonElement,
  rectElement,
  starElement,
  textElement,
  walkElements,
  type DesignAsset,
  type DesignDocument,
  type DesignElement,
  type DesignElementType,
  type GroupElement,
} from '../../contract/design.ts';
import type { Point } from '../geometry.ts';
import type { CommandResult, DesignCommand, DocumentPatch, ElementPatch } from './designCommand.ts';
import {
  DesignCommandError,
  childrenOf,
  elementIds,
  findElement,
  insertElement,
  isInside,
  removeElement,
  replaceElement,
  requireElement,
  setChildren,
  subtreeHeight,
} from './tree.ts';

export { DesignCommandError } from './tree.ts';

const leafSchemas: Record<Exclude<DesignElementType, 'group'>, z.ZodType> = {
  rect: rectElement,
  ellipse: ellipseElement,
  polygon: polygonElement,
  star: starElement,
  line: lineElement,
  text: textElement,
  image: imageElement,
};

/** Checks one element's own fields (a group's children are checked on their own). */
function checkElement(element: DesignElement): void {
  const result = element.type === 'group' ? groupElement.safeParse({ ...element, children: [] }) : leafSchemas[element.type]?.safeParse(element);
  if (!result) throw new DesignCommandError(`Unknown element type "${(element as { type: unknown }).type}".`);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new DesignCommandError(`Element "${element.id}" is invalid at ${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'bad value'}.`);
  }
}

/** Checks a whole subtree, including that its images' assets are in the document. */
function checkTree(document: DesignDocument, element: DesignElement): void {
  for (const { element: inner } of walkElements([element])) {
    checkElement(inner);
    checkAsset(document, inner);
  }
}

function checkAsset(document: DesignDocument, element: DesignElement): void {
  if (element.type === 'image' && !Object.hasOwn(document.assets, element.assetId)) {
    throw new DesignCommandError(`Image "${element.id}" uses asset "${element.assetId}", which the design does not have.`);
  }
}

/** New elements must not reuse an id already in the document, nor repeat one among themselves. */
function checkFreshIds(elements: readonly DesignElement[], taken: Set<string>): void {
  const seen = new Set<string>();
  for (const { element } of walkElements(elements)) {
    if (taken.has(element.id)) throw new DesignCommandError(`Element id "${element.id}" is already used.`);
    if (seen.has(element.id)) throw new DesignCommandError(`The new elements repeat the id "${element.id}".`);
    seen.add(element.id);
  }
}

function depthOf(document: DesignDocument, parentId: string | null): number {
  return parentId === null ? 0 : requireElement(document, parentId).depth + 1;
}

/** Elements at depth ≥ maxDepth are refused (same rule as designProblems). */
function checkDepth(document: DesignDocument, parentId: string | null, element: DesignElement): void {
  if (depthOf(document, parentId) + subtreeHeight(element) >= DESIGN_LIMITS.maxDepth) {
    throw new DesignCommandError(`Groups may nest at most ${DESIGN_LIMITS.maxDepth} levels deep.`);
  }
}

function checkCount(document: DesignDocument): void {
  if (elementIds(document.elements).size > DESIGN_LIMITS.maxElements) {
    throw new DesignCommandError(`A design holds at most ${DESIGN_LIMITS.maxElements} elements.`);
  }
}

function insertElements(document: DesignDocument, entries: Extract<DesignCommand, { type: 'insertElements' }>['entries']): CommandResult {
  let next = document;
  for (const { parentId, index, element } of entries) {
    checkTree(next, element);
    checkFreshIds([element], elementIds(next.elements));
    childrenOf(next, parentId);
    checkDepth(next, parentId, element);
    next = insertElement(next, parentId, index, element);
  }
  checkCount(next);
  // Removing an inserted group removes what was inserted into it too.
  const roots = entries.filter((entry) => !entries.some((other) => other !== entry && isInside(next, entry.element.id, other.element.id)));
  return { document: next, inverse: { type: 'removeElements', ids: roots.map((entry) => entry.element.id) } };
}

function removeElements(document: DesignDocument, ids: readonly string[]): CommandResult {
  if (new Set(ids).size !== ids.length) throw new DesignCommandError('removeElements repeats an id.');
  ids.forEach((id) => requireElement(document, id));
  // An element inside another removed element goes with it.
  const roots = ids.filter((id) => !ids.some((other) => other !== id && isInside(document, id, other)));
  const located = roots.map((id) => requireElement(document, id));
  // Re-inserting each parent's elements bottom → top puts every one back at its index.
  const entries = located
    .toSorted((a, b) => a.index - b.index)
    .map(({ parentId, index, element }) => ({ parentId, index, element }));
  let next = document;
  for (const id of roots) next = removeElement(next, id);
  return { document: next, inverse: { type: 'insertElements', entries } };
}

const FIXED_KEYS = new Set(['id', 'type', 'children']);

function applyPatch(element: DesignElement, patch: ElementPatch): { element: DesignElement; undo: Record<string, unknown> } {
  const next: Record<string, unknown> = { ...element };
  const undo: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(patch)) {
    if (FIXED_KEYS.has(key)) throw new DesignCommandError(`updateElements cannot change "${key}" of element "${element.id}".`);
    undo[key] = Object.hasOwn(element, key) ? (element as unknown as Record<string, unknown>)[key] : undefined;
    if (value === undefined) delete next[key];
    else next[key] = value;
  }
  const patched = next as unknown as DesignElement;
  checkElement(patched);
  return { element: patched, undo };
}

function updateElements(document: DesignDocument, changes: Extract<DesignCommand, { type: 'updateElements' }>['changes']): CommandResult {
  let next = document;
  const inverse: { id: string; patch: ElementPatch }[] = [];
  for (const { id, patch } of changes) {
    const { element, undo } = applyPatch(requireElement(next, id).element, patch);
    checkAsset(next, element);
    next = replaceElement(next, element);
    inverse.unshift({ id, patch: undo });
  }
  return { document: next, inverse: { type: 'updateElements', changes: inverse } };
}

function moveElement(document: DesignDocument, id: string, parentId: string | null, index: number): CommandResult {
  const from = requireElement(document, id);
  if (parentId !== null && isInside(document, parentId, id)) throw new DesignCommandError(`Element "${id}" cannot move into itself.`);
  childrenOf(document, parentId);
  if (parentId !== from.parentId) checkDepth(document, parentId, from.element);
  const next = insertElement(removeElement(document, id), parentId, index, from.element);
  return { document: next, inverse: { type: 'moveElement', id, parentId: from.parentId, index: from.index } };
}

function groupElements(document: DesignDocument, ids: readonly string[], group: { id: string; name: string }): CommandResult {
  if (ids.length === 0) throw new DesignCommandError('groupElements needs at least one element.');
  if (new Set(ids).size !== ids.length) throw new DesignCommandError('groupElements repeats an id.');
  const located = ids.map((id) => requireElement(document, id));
  const parentId = located[0]!.parentId;
  if (located.some((place) => place.parentId !== parentId)) throw new DesignCommandError('Only elements with the same parent can be grouped.');
  if (findElement(document, group.id)) throw new DesignCommandError(`Element id "${group.id}" is already used.`);
  const before = childrenOf(document, parentId);
  const chosen = new Set(ids);
  const children = before.filter((element) => chosen.has(element.id));
  const wrapper: GroupElement = { id: group.id, name: group.name, x: 0, y: 0, rotation: 0, opacity: 1, locked: false, hidden: false, hole: false, type: 'group', children };
  checkElement(wrapper);
  checkDepth(document, parentId, wrapper);
  const topIndex = Math.max(...located.map((place) => place.index));
  const rest = before.filter((element) => !chosen.has(element.id));
  const next = setChildren(document, parentId, rest.toSpliced(topIndex - (children.length - 1), 0, wrapper));
  return { document: next, inverse: { type: 'setElements', parentId, elements: before } };
}

/** (x, y) turned clockwise by `degrees` about the origin; exact for multiples of 90° so axis-aligned groups bake without float noise. */
export function rotatePoint(x: number, y: number, degrees: number): Point {
  const quarter = degrees / 90;
  let cos: number;
  let sin: number;
  if (Number.isInteger(quarter)) {
    const q = ((quarter % 4) + 4) % 4;
    cos = [1, 0, -1, 0][q]!;
    sin = [0, 1, 0, -1][q]!;
  } else {
    cos = Math.cos((degrees * Math.PI) / 180);
    sin = Math.sin((degrees * Math.PI) / 180);
  }
  return { x: x * cos - y * sin, y: x * sin + y * cos };
}

/** Keeps a summed rotation inside the schema's −360…360. */
function wrapRotation(degrees: number): number {
  if (degrees > 360) return degrees - 360;
  if (degrees < -360) return degrees + 360;
  return degrees;
}

/** A group child in its grandparent's coordinates: the group's transform, opacity, visibility and hole flag baked in. */
export function bakeIntoParent(group: GroupElement, child: DesignElement): DesignElement {
  const turned = rotatePoint(child.x, child.y, group.rotation);
  return {
    ...child,
    x: group.x + turned.x,
    y: group.y + turned.y,
    rotation: wrapRotation(child.rotation + group.rotation),
    opacity: child.opacity * group.opacity,
    hidden: child.hidden || group.hidden,
    hole: child.hole || group.hole,
  };
}

function ungroupElement(document: DesignDocument, id: string): CommandResult {
  const { element, parentId, index } = requireElement(document, id);
  if (element.type !== 'group') throw new DesignCommandError(`Element "${id}" is a ${element.type}, not a group.`);
  const before = childrenOf(document, parentId);
  const baked = element.children.map((child) => bakeIntoParent(element, child));
  baked.forEach(checkElement);
  const next = setChildren(document, parentId, before.toSpliced(index, 1, ...baked));
  return { document: next, inverse: { type: 'setElements', parentId, elements: before } };
}

function setElements(document: DesignDocument, parentId: string | null, elements: readonly DesignElement[]): CommandResult {
  const before = childrenOf(document, parentId);
  elements.forEach((element) => checkTree(document, element));
  // Ids must stay unique across the document once this list replaces the old one.
  const outside = elementIds(document.elements);
  for (const id of elementIds(before)) outside.delete(id);
  checkFreshIds(elements, outside);
  for (const element of elements) checkDepth(document, parentId, element);
  const next = setChildren(document, parentId, elements);
  checkCount(next);
  return { document: next, inverse: { type: 'setElements', parentId, elements: before } };
}

const DOCUMENT_KEYS = ['name', 'kind', 'width', 'height', 'background'] as const satisfies readonly (keyof DocumentPatch)[];

function updateDocument(document: DesignDocument, patch: DocumentPatch): CommandResult {
  const undo: Record<string, unknown> = {};
  const next: Record<string, unknown> = { ...document };
  for (const [key, value] of Object.entries(patch)) {
    if (!(DOCUMENT_KEYS as readonly string[]).includes(key)) throw new DesignCommandError(`updateDocument cannot change "${key}".`);
    if (value === undefined) continue;
    undo[key] = document[key as keyof DocumentPatch];
    next[key] = value;
  }
  const settings = Object.fromEntries(DOCUMENT_KEYS.map((key) => [key, next[key]]));
  const shape = designDocument.pick({ name: true, kind: true, width: true, height: true, background: true }).safeParse(settings);
  if (!shape.success) {
    const issue = shape.error.issues[0];
    throw new DesignCommandError(`The design's ${issue?.path.join('.') || 'settings'} is invalid: ${issue?.message ?? 'bad value'}.`);
  }
  return { document: next as DesignDocument, inverse: { type: 'updateDocument', patch: undo as DocumentPatch } };
}

const assetId = /^[A-Za-z0-9_-]{1,64}$/;

function putAssets(document: DesignDocument, assets: Readonly<Record<string, DesignAsset>>): CommandResult {
  const prior: Record<string, DesignAsset> = {};
  const added: string[] = [];
  for (const [id, asset] of Object.entries(assets)) {
    if (!assetId.test(id)) throw new DesignCommandError(`Asset id "${id}" is invalid.`);
    const parsed = designAsset.safeParse(asset);
    if (!parsed.success) throw new DesignCommandError(`Asset "${id}" is invalid: ${parsed.error.issues[0]?.message ?? 'bad value'}.`);
    const old = document.assets[id];
    if (old) prior[id] = old;
    else added.push(id);
  }
  const next = { ...document, assets: { ...document.assets, ...assets } };
  if (Object.keys(next.assets).length > DESIGN_LIMITS.maxAssets) throw new DesignCommandError(`A design holds at most ${DESIGN_LIMITS.maxAssets} images.`);
  const undo: DesignCommand[] = [];
  if (added.length > 0) undo.push({ type: 'removeAssets', ids: added });
  if (Object.keys(prior).length > 0) undo.push({ type: 'putAssets', assets: prior });
  return { document: next, inverse: undo.length === 1 ? undo[0]! : { type: 'batch', commands: undo } };
}

function removeAssets(document: DesignDocument, ids: readonly string[]): CommandResult {
  const removed: Record<string, DesignAsset> = {};
  const gone = new Set(ids);
  for (const id of ids) {
    const asset = document.assets[id];
    if (!asset) throw new DesignCommandError(`No asset with id "${id}".`);
    removed[id] = asset;
  }
  const user = findImageUsing(document.elements, gone);
  if (user) throw new DesignCommandError(`Asset "${user.assetId}" is still used by image "${user.id}".`);
  const assets = Object.fromEntries(Object.entries(document.assets).filter(([id]) => !gone.has(id)));
  return { document: { ...document, assets }, inverse: { type: 'putAssets', assets: removed } };
}

function findImageUsing(elements: readonly DesignElement[], assetIds: Set<string>): { id: string; assetId: string } | null {
  for (const element of elements) {
    if (element.type === 'image' && assetIds.has(element.assetId)) return element;
    if (element.type === 'group') {
      const found = findImageUsing(element.children, assetIds);
      if (found) return found;
    }
  }
  return null;
}

function batch(document: DesignDocument, commands: readonly DesignCommand[]): CommandResult {
  let next = document;
  const inverses: DesignCommand[] = [];
  for (const command of commands) {
    const result = runCommand(next, command);
    next = result.document;
    inverses.unshift(result.inverse);
  }
  return { document: next, inverse: { type: 'batch', commands: inverses } };
}

/** Applies one command; the inverse it returns restores `document` exactly. */
export function runCommand(document: DesignDocument, command: DesignCommand): CommandResult {
  switch (command.type) {
    case 'insertElements':
      return insertElements(document, command.entries);
    case 'removeElements':
      return removeElements(document, command.ids);
    case 'updateElements':
      return updateElements(document, command.changes);
    case 'moveElement':
      return moveElement(document, command.id, command.parentId, command.index);
    case 'groupElements':
      return groupElements(document, command.ids, command.group);
    case 'ungroupElement':
      return ungroupElement(document, command.id);
    case 'setElements':
      return setElements(document, command.parentId, command.elements);
    case 'updateDocument':
      return updateDocument(document, command.patch);
    case 'putAssets':
      return putAssets(document, command.assets);
    case 'removeAssets':
      return removeAssets(document, command.ids);
    case 'batch':
      return batch(document, command.commands);
    default:
      throw new DesignCommandError(`Unknown command type "${(command as { type: unknown }).type}".`);
  }
}

/** Applies a command and keeps only the document. */
export function applyCommand(document: DesignDocument, command: DesignCommand): DesignDocument {
  return runCommand(document, command).document;
}
