/** `list` with the item at `from` moved to `to` (both clamped to the list); the same array when nothing moves. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(list.length - 1, to));
  if (from < 0 || from >= list.length || from === target) return list as T[];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item as T);
  return next;
}

/**
 * Where a dragged item belongs: the index of the first other item whose middle lies below `y`, among the
 * items' vertical middles in list order (the dragged one's own entry is skipped).
 */
export function dropIndex(middles: readonly number[], from: number, y: number): number {
  let index = 0;
  for (let i = 0; i < middles.length; i++) {
    if (i === from) continue;
    if (y > middles[i]!) index++;
  }
  return index;
}
