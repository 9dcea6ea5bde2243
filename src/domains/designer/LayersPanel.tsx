import { useId, useRef, useState, type DragEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import type { DesignElement } from '../../../contract/design.ts';
import { cn } from '../../lib/cn.ts';
import { renameCommand, setHiddenCommand, setLockedCommand } from '../../../core/design/commandBuilders.ts';
import { childrenOf, findElement, isInside } from '../../../core/design/tree.ts';
import { useDesignStore } from './designStore.ts';
import { dispatchDesign } from './designActions.ts';
import { LayerRowItem } from './layers/LayerRowItem.tsx';
import { dropIndex, layerRows, type DropPlace, type LayerRow } from './layers/layerRows.ts';

export { dropIndex, layerRows, type LayerRow } from './layers/layerRows.ts';

/**
 * The layers of the design, top → bottom, groups indented above their children. A role=tree with
 * one tab stop: arrows move (and select), shift/ctrl+click or ctrl+Space add to the selection, F2
 * or a double click renames, Alt+↑/↓ moves the layer (announced), rows drag to reorder. Each row
 * has show/hide and lock buttons; Tab reaches those of the focused row.
 */
export function LayersPanel({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { document, selection } = useDesignStore(useShallow((s) => ({ document: s.document, selection: s.selection })));
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [dragging, setDragging] = useState<string | null>(null);
  const [dropTarget, setDropTarget] = useState<{ id: string; place: DropPlace } | null>(null);
  const tree = useRef<HTMLUListElement>(null);
  const hintId = useId();
  const rows = document ? layerRows(document.elements) : [];
  const active = rows.find((row) => row.element.id === focusedId) ?? rows.find((row) => selection.includes(row.element.id)) ?? rows[0];

  // Keeps keyboard focus on the row after a move re-renders the list (ids are [A-Za-z0-9_-], safe in a selector).
  const focusRow = (id: string) => requestAnimationFrame(() => tree.current?.querySelector<HTMLElement>(`[data-layer-id="${id}"]`)?.focus());

  const nameOf = (element: DesignElement) => element.name || t(`design.layers.types.${element.type}`);

  const move = (row: LayerRow, direction: 1 | -1) => {
    if (!document) return;
    const siblings = childrenOf(document, row.parentId);
    const index = row.index + direction;
    const name = nameOf(row.element);
    if (index < 0 || index >= siblings.length) {
      setAnnouncement(t(direction > 0 ? 'design.layers.atTop' : 'design.layers.atBottom', { name }));
      return;
    }
    if (dispatchDesign({ type: 'moveElement', id: row.element.id, parentId: row.parentId, index }, { label: 'reorder' })) {
      setAnnouncement(t('design.layers.moved', { name, position: siblings.length - index, count: siblings.length }));
      focusRow(row.element.id);
    }
  };

  const select = (id: string, additive: boolean) => {
    const store = useDesignStore.getState();
    if (additive) store.toggleSelected(id);
    else store.select([id]);
  };

  const onRowClick = (event: MouseEvent, id: string) => {
    setFocusedId(id);
    select(id, event.shiftKey || event.ctrlKey || event.metaKey);
  };

  const onRowKeyDown = (event: KeyboardEvent<HTMLElement>, row: LayerRow, rowIndex: number) => {
    // Keys pressed on the row's own buttons (Enter, Space) belong to those buttons.
    const onRow = event.target === event.currentTarget;
    const id = row.element.id;
    if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      event.preventDefault();
      move(row, event.key === 'ArrowUp' ? 1 : -1);
      return;
    }
    const targets: Record<string, number | undefined> = { ArrowDown: rowIndex + 1, ArrowUp: rowIndex - 1, Home: 0, End: rows.length - 1 };
    const next = targets[event.key];
    if (next !== undefined) {
      event.preventDefault();
      const target = rows[Math.max(0, Math.min(rows.length - 1, next))];
      if (!target) return;
      setFocusedId(target.element.id);
      if (event.shiftKey) useDesignStore.getState().select([...new Set([...selection, target.element.id])]);
      else select(target.element.id, false);
      focusRow(target.element.id);
    } else if (onRow && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      select(id, event.ctrlKey || event.metaKey || event.shiftKey);
    } else if (event.key === 'F2') {
      event.preventDefault();
      setRenaming(id);
    }
  };

  const commitRename = (id: string, name: string) => {
    setRenaming(null);
    const current = useDesignStore.getState().document;
    if (current && name.trim() !== '') dispatchDesign(renameCommand(current, id, name), { label: 'rename' });
    focusRow(id);
  };

  const toggle = (element: DesignElement, field: 'hidden' | 'locked') => {
    const current = useDesignStore.getState().document;
    if (!current) return;
    const command = field === 'hidden' ? setHiddenCommand(current, [element.id], !element.hidden) : setLockedCommand(current, [element.id], !element.locked);
    dispatchDesign(command, { label: field === 'hidden' ? 'toggle visibility' : 'toggle lock' });
  };

  const onDragStart = (event: DragEvent, id: string) => {
    setDragging(id);
    event.dataTransfer.effectAllowed = 'move';
    event.dataTransfer.setData('text/plain', id);
  };

  const onDragOver = (event: DragEvent<HTMLElement>, row: LayerRow) => {
    if (!dragging || !document || isInside(document, row.element.id, dragging)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    const box = event.currentTarget.getBoundingClientRect();
    const place: DropPlace = event.clientY < box.top + box.height / 2 ? 'above' : 'below';
    if (dropTarget?.id !== row.element.id || dropTarget.place !== place) setDropTarget({ id: row.element.id, place });
  };

  const onDrop = (event: DragEvent, row: LayerRow) => {
    event.preventDefault();
    const id = dragging;
    const place = dropTarget?.id === row.element.id ? dropTarget.place : 'above';
    setDragging(null);
    setDropTarget(null);
    if (!id || !document || id === row.element.id || isInside(document, row.element.id, id)) return;
    const siblings = childrenOf(document, row.parentId);
    const index = dropIndex(siblings, id, row.index, place);
    const moved = findElement(document, id);
    if (!moved || (moved.parentId === row.parentId && moved.index === index)) return;
    if (dispatchDesign({ type: 'moveElement', id, parentId: row.parentId, index }, { label: 'reorder' })) {
      const count = siblings.length + (moved.parentId === row.parentId ? 0 : 1);
      setAnnouncement(t('design.layers.moved', { name: nameOf(moved.element), position: count - index, count }));
    }
  };

  return (
    <section aria-labelledby={`${hintId}-title`} className={cn('flex min-h-0 flex-col gap-2', className)}>
      <h2 id={`${hintId}-title`} className="px-3 pt-3 text-sm font-semibold">
        {t('design.layers.title')}
      </h2>
      <p id={hintId} className="px-3 text-xs text-muted-foreground">
        {t('design.layers.hint')}
      </p>
      {rows.length === 0 ? (
        <p className="px-3 py-4 text-sm text-muted-foreground">{t('design.layers.empty')}</p>
      ) : (
        <ul ref={tree} role="tree" aria-label={t('design.layers.label')} aria-describedby={hintId} aria-multiselectable="true" className="min-h-0 overflow-y-auto px-1 pb-2">
          {rows.map((row, rowIndex) => {
            const { element } = row;
            return (
              <LayerRowItem
                key={element.id}
                row={row}
                name={nameOf(element)}
                kind={document?.kind}
                isActive={row === active}
                selected={selection.includes(element.id)}
                drop={dropTarget?.id === element.id ? dropTarget.place : null}
                dragged={dragging === element.id}
                renaming={renaming === element.id}
                onClick={(event) => onRowClick(event, element.id)}
                onFocusRow={() => setFocusedId(element.id)}
                onKeyDown={(event) => onRowKeyDown(event, row, rowIndex)}
                onStartRename={() => setRenaming(element.id)}
                onRename={(value) => commitRename(element.id, value)}
                onRenameCancel={() => {
                  setRenaming(null);
                  focusRow(element.id);
                }}
                onToggle={(field) => toggle(element, field)}
                onDragStart={(event) => onDragStart(event, element.id)}
                onDragOver={(event) => onDragOver(event, row)}
                onDragLeave={() => setDropTarget(null)}
                onDrop={(event) => onDrop(event, row)}
                onDragEnd={() => {
                  setDragging(null);
                  setDropTarget(null);
                }}
              />
            );
          })}
        </ul>
      )}
      <output aria-live="polite" className="sr-only">
        {announcement}
      </output>
    </section>
  );
}
