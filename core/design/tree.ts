/**
 * Pure, immutable helpers over a design's element tree. Every "change" returns a new document that
 * shares the untouched branches with the old one; inputs are never mutated.
 */
import { DESIGN_LIMITS, type DesignDocument, type DesignElement, type GroupElement } from '../../contract/design.ts';

/** A command (or tree operation) that cannot apply to this document. Nothing was changed. */
export class DesignCommandError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DesignCommandError';
  }
}

export interface ElementLocation {
  element: DesignElement;
  /** The enclosing group's id, null at the top level. */
  parentId: string | null;
  /** Position in the parent's child list (0 = bottom). */
  index: number;
  /** 0 at the top level. */
  depth: number;
}

function locate(elements: readonly DesignElement[], id: string, parentId: string | null, depth: number): ElementLocation | null {
  for (let index = 0; index < elements.length; index++) {
    const element = elements[index]!;
    if (element.id === id) return { element, parentId, index, depth };
    if (element.type === 'group') {
      const found = locate(element.children, id, element.id, depth + 1);
      if (found) return found;
    }
  }
  return null;
}

export function findElement(document: DesignDocument, id: string): ElementLocation | null {
  return locate(document.elements, id, null, 0);
}

/** Like findElement, but a missing id is an error. */
export function requireElement(document: DesignDocument, id: string): ElementLocation {
  const found = findElement(document, id);
  if (!found) throw new DesignCommandError(`No element with id "${id}".`);
  return found;
}

/** The child list of a group (null: the top level). Throws when parentId is not a group of this document. */
export function childrenOf(document: DesignDocument, parentId: string | null): readonly DesignElement[] {
  if (parentId === null) return document.elements;
  const found = findElement(document, parentId);
  if (!found) throw new DesignCommandError(`No group with id "${parentId}".`);
  if (found.element.type !== 'group') throw new DesignCommandError(`Element "${parentId}" is a ${found.element.type}, not a group.`);
  return found.element.children;
}

/** The groups enclosing an element, outermost first (empty for a top-level element or an unknown id). */
export function ancestorsOf(document: DesignDocument, id: string): GroupElement[] {
  const path: GroupElement[] = [];
  const search = (elements: readonly DesignElement[]): boolean => {
    for (const element of elements) {
      if (element.id === id) return true;
      if (element.type === 'group') {
        path.push(element);
        if (search(element.children)) return true;
        path.pop();
      }
    }
    return false;
  };
  return search(document.elements) ? path : [];
}

/** The top-level element containing `id` (itself when it is top-level); null for an unknown id. */
export function topLevelAncestor(document: DesignDocument, id: string): DesignElement | null {
  if (!findElement(document, id)) return null;
  return ancestorsOf(document, id)[0] ?? findElement(document, id)!.element;
}

/** True when `id` is `ancestorId` or lies inside it. */
export function isInside(document: DesignDocument, id: string, ancestorId: string): boolean {
  return id === ancestorId || ancestorsOf(document, id).some((group) => group.id === ancestorId);
}

/** Ids of every element in the tree (all depths). */
export function elementIds(elements: readonly DesignElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    into.add(element.id);
    if (element.type === 'group') elementIds(element.children, into);
  }
  return into;
}

/** Levels below an element: 0 for a leaf, 1 for a group of leaves, … */
export function subtreeHeight(element: DesignElement): number {
  if (element.type !== 'group') return 0;
  return 1 + Math.max(0, ...element.children.map(subtreeHeight));
}

function mapChildren(
  elements: readonly DesignElement[],
  parentId: string,
  update: (children: readonly DesignElement[]) => DesignElement[],
): DesignElement[] | null {
  for (let index = 0; index < elements.length; index++) {
    const element = elements[index]!;
    if (element.type !== 'group') continue;
    const children = element.id === parentId ? update(element.children) : mapChildren(element.children, parentId, update);
    if (children) {
      const next = elements.slice();
      next[index] = { ...element, children };
      return next;
    }
  }
  return null;
}

/** A new document where `parentId`'s child list is `update(old list)`. */
export function updateChildren(
  document: DesignDocument,
  parentId: string | null,
  update: (children: readonly DesignElement[]) => DesignElement[],
): DesignDocument {
  if (parentId === null) return { ...document, elements: update(document.elements) };
  childrenOf(document, parentId);
  return { ...document, elements: mapChildren(document.elements, parentId, update)! };
}

/** A new document with `parentId`'s child list replaced. */
export function setChildren(document: DesignDocument, parentId: string | null, children: readonly DesignElement[]): DesignDocument {
  return updateChildren(document, parentId, () => children.slice());
}

/** A new document with the element of the same id replaced (its position kept). */
export function replaceElement(document: DesignDocument, element: DesignElement): DesignDocument {
  const { parentId, index } = requireElement(document, element.id);
  return updateChildren(document, parentId, (children) => children.with(index, element));
}

/** A new document with `element` inserted at `index` (0 = bottom) of `parentId`'s children. */
export function insertElement(document: DesignDocument, parentId: string | null, index: number, element: DesignElement): DesignDocument {
  const children = childrenOf(document, parentId);
  if (!Number.isInteger(index) || index < 0 || index > children.length) {
    throw new DesignCommandError(`Index ${index} is outside 0…${children.length} of ${parentId === null ? 'the top level' : `group "${parentId}"`}.`);
  }
  return updateChildren(document, parentId, (list) => list.toSpliced(index, 0, element));
}

/** A new document without the element (and its children). */
export function removeElement(document: DesignDocument, id: string): DesignDocument {
  const { parentId, index } = requireElement(document, id);
  return updateChildren(document, parentId, (children) => children.toSpliced(index, 1));
}

/** Every element name in the tree (all depths). */
function elementNames(elements: readonly DesignElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    into.add(element.name);
    if (element.type === 'group') elementNames(element.children, into);
  }
  return into;
}

/** `base` followed by " n", shortened so the whole stays within `maxLength`. */
const numbered = (base: string, n: number, maxLength: number): string => {
  const suffix = ` ${n}`;
  return `${base.slice(0, Math.max(0, maxLength - suffix.length)).trimEnd()}${suffix}`;
};

/** `base` when no element of the tree has that name, else the first free "base 2", "base 3", … */
export function unusedName(elements: readonly DesignElement[], base: string, maxLength: number = DESIGN_LIMITS.maxNameLength): string {
  const taken = elementNames(elements);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const name = numbered(base, n, maxLength);
    if (!taken.has(name)) return name;
  }
}

/**
 * The tree with every name that occurs more than once numbered in tree order ("Leaf 1", "Leaf 2", …,
 * skipping numbers another element already has), so each layer can be told apart; names used once stay.
 */
export function numberRepeatedNames(elements: readonly DesignElement[], maxLength: number = DESIGN_LIMITS.maxNameLength): DesignElement[] {
  const counts = new Map<string, number>();
  const count = (list: readonly DesignElement[]): void =>
    list.forEach((element) => {
      counts.set(element.name, (counts.get(element.name) ?? 0) + 1);
      if (element.type === 'group') count(element.children);
    });
  count(elements);
  const taken = new Set([...counts].filter(([, times]) => times === 1).map(([name]) => name));
  const next = new Map<string, number>();
  const rename = (list: readonly DesignElement[]): DesignElement[] =>
    list.map((element) => {
      let name = element.name;
      if ((counts.get(name) ?? 0) > 1) {
        let n = next.get(name) ?? 1;
        while (taken.has(numbered(name, n, maxLength))) n++;
        next.set(element.name, n + 1);
        name = numbered(element.name, n, maxLength);
        taken.add(name);
      }
      const renamed = name === element.name ? element : { ...element, name };
      return renamed.type === 'group' ? { ...renamed, children: rename(renamed.children) } : renamed;
    });
  return rename(elements);
}
