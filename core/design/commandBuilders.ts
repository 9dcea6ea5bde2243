/**
 * Turns user intents (toolbar, canvas, shortcuts) into commands. Pure: each reads the document and
 * returns a command, or null when there is nothing to do. Locked elements are skipped where an edit
 * would move or remove them.
 */
import { DESIGN_LIMITS, type DesignAsset, type DesignDocument, type DesignElement } from '../../contract/design.ts';
import { clamp, tidy } from '../numbers.ts';
import { bakeIntoParent, rotatePoint } from './commands.ts';
import type { DesignCommand, ElementPatch } from './designCommand.ts';
import { newElementId } from './defaultElements.ts';
import { ancestorsOf, childrenOf, findElement, isInside, type ElementLocation } from './tree.ts';

/** What copy puts on the clipboard: self-contained, in top-level coordinates, bottom → top. */
export interface DesignClipboard {
  elements: DesignElement[];
  /** The assets the copied images use. */
  assets: Record<string, DesignAsset>;
}

type UpdateChange = { id: string; patch: ElementPatch };

const updateOrNull = (changes: UpdateChange[]): DesignCommand | null => (changes.length > 0 ? { type: 'updateElements', changes } : null);

/** Existing, distinct ids, without those inside another listed element (it goes along with its group). */
function roots(document: DesignDocument, ids: readonly string[]): ElementLocation[] {
  const unique = [...new Set(ids)].filter((id) => findElement(document, id));
  return unique.filter((id) => !unique.some((other) => other !== id && isInside(document, id, other))).map((id) => findElement(document, id)!);
}

/** Locked itself or inside a locked group. */
export function isLocked(document: DesignDocument, id: string): boolean {
  const found = findElement(document, id);
  return !!found && (found.element.locked || ancestorsOf(document, id).some((group) => group.locked));
}

/** Appends elements on top of `parentId`'s children. */
export function addElementsCommand(document: DesignDocument, elements: readonly DesignElement[], parentId: string | null = null): DesignCommand {
  const start = childrenOf(document, parentId).length;
  return { type: 'insertElements', entries: elements.map((element, offset) => ({ parentId, index: start + offset, element })) };
}

export function deleteCommand(document: DesignDocument, ids: readonly string[]): DesignCommand | null {
  const removable = roots(document, ids).filter(({ element }) => !isLocked(document, element.id));
  return removable.length > 0 ? { type: 'removeElements', ids: removable.map(({ element }) => element.id) } : null;
}

/** A deep copy with fresh ids throughout. */
export function cloneWithFreshIds<T extends DesignElement>(element: T): T {
  const copy = { ...structuredClone(element), id: newElementId() };
  if (copy.type === 'group') copy.children = copy.children.map(cloneWithFreshIds);
  return copy;
}

const offsetBy = <T extends DesignElement>(element: T, offset: number): T => ({ ...element, x: element.x + offset, y: element.y + offset });

/** Copies placed right above each original, shifted by `offset`; `ids` are the copies in the given order. */
export function duplicateCommand(document: DesignDocument, ids: readonly string[], offset = 24): { command: DesignCommand; ids: string[] } | null {
  const originals = roots(document, ids);
  if (originals.length === 0) return null;
  const copies = new Map(originals.map(({ element }) => [element.id, offsetBy(cloneWithFreshIds(element), offset)]));
  // Inserting from the top down keeps the lower originals' indices valid.
  const entries = originals
    .toSorted((a, b) => b.index - a.index)
    .map(({ element, parentId, index }) => ({ parentId, index: index + 1, element: copies.get(element.id)! }));
  return { command: { type: 'insertElements', entries }, ids: originals.map(({ element }) => copies.get(element.id)!.id) };
}

/** Deep copies of the elements (bottom → top, nested ones moved into top-level coordinates) and the assets they use. */
export function copyPayload(document: DesignDocument, ids: readonly string[]): DesignClipboard {
  const order = new Map<string, number>();
  const walk = (list: readonly DesignElement[]): void =>
    list.forEach((element) => {
      order.set(element.id, order.size);
      if (element.type === 'group') walk(element.children);
    });
  walk(document.elements);
  const elements = roots(document, ids)
    .toSorted((a, b) => order.get(a.element.id)! - order.get(b.element.id)!)
    .map(({ element }) => ancestorsOf(document, element.id).reduceRight<DesignElement>((baked, group) => bakeIntoParent(group, baked), element))
    .map((element) => structuredClone(element));
  const assets: Record<string, DesignAsset> = {};
  const collect = (list: readonly DesignElement[]): void =>
    list.forEach((element) => {
      if (element.type === 'image' && document.assets[element.assetId]) assets[element.assetId] = document.assets[element.assetId]!;
      if (element.type === 'group') collect(element.children);
    });
  collect(elements);
  return { elements, assets: structuredClone(assets) };
}

const sameAsset = (a: DesignAsset, b: DesignAsset): boolean => a.mime === b.mime && a.width === b.width && a.height === b.height && a.data === b.data;

function withAssetIds<T extends DesignElement>(element: T, renamed: ReadonlyMap<string, string>): T {
  if (element.type === 'image') return { ...element, assetId: renamed.get(element.assetId) ?? element.assetId };
  if (element.type === 'group') return { ...element, children: element.children.map((child) => withAssetIds(child, renamed)) };
  return element;
}

/** Pastes on top of the design with fresh ids, adding the assets it lacks; one undo step. */
export function pasteCommand(document: DesignDocument, clipboard: DesignClipboard, offset = 24): { command: DesignCommand; ids: string[] } | null {
  if (clipboard.elements.length === 0) return null;
  // An asset id this design already uses for another image gets a fresh id.
  const renamed = new Map<string, string>();
  const missing: Record<string, DesignAsset> = {};
  for (const [id, asset] of Object.entries(clipboard.assets)) {
    const present = document.assets[id];
    if (present && sameAsset(present, asset)) continue;
    const target = present ? newElementId() : id;
    if (present) renamed.set(id, target);
    missing[target] = asset;
  }
  const elements = clipboard.elements.map((element) => offsetBy(withAssetIds(cloneWithFreshIds(element), renamed), offset));
  const commands: DesignCommand[] = [];
  if (Object.keys(missing).length > 0) commands.push({ type: 'putAssets', assets: missing });
  commands.push(addElementsCommand(document, elements));
  return { command: { type: 'batch', commands }, ids: elements.map((element) => element.id) };
}

/** Moves by (dx, dy) in canvas pixels, whatever the rotation of the groups around each element. */
export function nudgeCommand(document: DesignDocument, ids: readonly string[], dx: number, dy: number): DesignCommand | null {
  const changes = roots(document, ids)
    .filter(({ element }) => !isLocked(document, element.id))
    .map(({ element }) => {
      const turn = ancestorsOf(document, element.id).reduce((sum, group) => sum + group.rotation, 0);
      const local = rotatePoint(dx, dy, -turn);
      return { id: element.id, patch: { x: element.x + local.x, y: element.y + local.y } };
    });
  return updateOrNull(changes);
}

export type ZOrder = 'forward' | 'backward' | 'front' | 'back';

export function zOrderCommand(document: DesignDocument, id: string, direction: ZOrder): DesignCommand | null {
  const found = findElement(document, id);
  if (!found) return null;
  const last = childrenOf(document, found.parentId).length - 1;
  const target = { forward: Math.min(last, found.index + 1), backward: Math.max(0, found.index - 1), front: last, back: 0 }[direction];
  return target === found.index ? null : { type: 'moveElement', id, parentId: found.parentId, index: target };
}

/** Groups two or more siblings; null otherwise. */
export function groupCommand(document: DesignDocument, ids: readonly string[], name = 'Group'): { command: DesignCommand; groupId: string } | null {
  const chosen = [...new Set(ids)].map((id) => findElement(document, id));
  if (chosen.length < 2 || chosen.some((place) => !place || place.parentId !== chosen[0]!.parentId)) return null;
  const groupId = newElementId();
  return { command: { type: 'groupElements', ids: chosen.map((place) => place!.element.id), group: { id: groupId, name } }, groupId };
}

export function ungroupCommand(document: DesignDocument, id: string): DesignCommand | null {
  return findElement(document, id)?.element.type === 'group' ? { type: 'ungroupElement', id } : null;
}

export interface TransformChange {
  id: string;
  x: number;
  y: number;
  rotation: number;
  scaleX: number;
  scaleY: number;
}

/** The fields of an element (and, for a group, of its descendants) scaled by (sx, sy) ≥ 0. */
function scaledPatches(element: DesignElement, sx: number, sy: number, withPosition: boolean): UpdateChange[] {
  const patch: Record<string, unknown> = withPosition ? { x: tidy(element.x * sx), y: tidy(element.y * sy) } : {};
  switch (element.type) {
    case 'group':
      return [...(withPosition ? [{ id: element.id, patch }] : []), ...element.children.flatMap((child) => scaledPatches(child, sx, sy, true))];
    case 'text':
      patch.width = tidy(element.width * sx);
      patch.fontSize = tidy(clamp(element.fontSize * sy, DESIGN_LIMITS.minFontSize, DESIGN_LIMITS.maxFontSize));
      patch.letterSpacing = tidy(clamp(element.letterSpacing * sy, -50, 200));
      if (element.stroke) patch.stroke = { ...element.stroke, width: tidy(clamp(element.stroke.width * sy, 0, 500)) };
      break;
    default:
      patch.width = tidy(element.width * sx);
      patch.height = tidy(element.height * sy);
      if (element.type === 'rect') patch.cornerRadius = tidy(element.cornerRadius * Math.min(sx, sy));
  }
  return [{ id: element.id, patch }];
}

/**
 * The end of a transformer drag: the new position and rotation, with the scale baked into the
 * geometry (widths, heights, font sizes; a group's descendants) so every element keeps scale 1.
 * A negative scale (flip) keeps the same area on the canvas, unmirrored.
 */
export function transformCommand(document: DesignDocument, changes: readonly TransformChange[]): DesignCommand | null {
  const result: UpdateChange[] = [];
  for (const { id, x, y, rotation, scaleX, scaleY } of changes) {
    const found = findElement(document, id);
    if (!found) continue;
    const { element } = found;
    const sx = Math.abs(scaleX);
    const sy = Math.abs(scaleY);
    // A flipped box spans [w·scale, 0] on its axis: move the origin to that edge.
    const shiftX = scaleX < 0 && 'width' in element ? element.width * scaleX : 0;
    const shiftY = scaleY < 0 && 'height' in element ? element.height * scaleY : 0;
    const radians = (rotation * Math.PI) / 180;
    const origin = {
      x: tidy(x + shiftX * Math.cos(radians) - shiftY * Math.sin(radians)),
      y: tidy(y + shiftX * Math.sin(radians) + shiftY * Math.cos(radians)),
      rotation: tidy(clamp(rotation, -360, 360)),
    };
    const [own, ...descendants] = element.type === 'group' ? [{ id, patch: {} }, ...scaledPatches(element, sx, sy, false)] : scaledPatches(element, sx, sy, false);
    result.push({ id, patch: { ...own!.patch, ...origin } }, ...descendants);
  }
  return updateOrNull(result.filter((change) => changed(document, change)));
}

function changed(document: DesignDocument, { id, patch }: UpdateChange): boolean {
  const element = findElement(document, id)?.element as Record<string, unknown> | undefined;
  return !!element && Object.entries(patch).some(([key, value]) => JSON.stringify(element[key]) !== JSON.stringify(value));
}

/** Sets the same fields on several elements, leaving out those already equal; null when nothing changes. */
export function patchCommand(document: DesignDocument, ids: readonly string[], patch: ElementPatch): DesignCommand | null {
  return updateOrNull([...new Set(ids)].map((id) => ({ id, patch })).filter((change) => changed(document, change)));
}

export const setLockedCommand = (document: DesignDocument, ids: readonly string[], locked: boolean): DesignCommand | null => patchCommand(document, ids, { locked });

export const setHiddenCommand = (document: DesignDocument, ids: readonly string[], hidden: boolean): DesignCommand | null => patchCommand(document, ids, { hidden });

export const setHoleCommand = (document: DesignDocument, ids: readonly string[], hole: boolean): DesignCommand | null => patchCommand(document, ids, { hole });

export function renameCommand(document: DesignDocument, id: string, name: string): DesignCommand | null {
  return patchCommand(document, [id], { name: name.trim().slice(0, DESIGN_LIMITS.maxNameLength) });
}
