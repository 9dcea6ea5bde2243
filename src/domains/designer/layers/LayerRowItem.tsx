import { Circle, Eye, EyeOff, Folder, Hexagon, Image, Lock, LockOpen, Minus, Square, Star, Type, type LucideIcon } from 'lucide-react';
import type { DragEvent, KeyboardEvent, MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DesignDocument, DesignElementType } from '../../../../contract/design.ts';
import { cn } from '../../../lib/cn.ts';
import type { DropPlace, LayerRow } from './layerRows.ts';
import { RenameInput } from './RenameInput.tsx';

const ICONS: Record<DesignElementType, LucideIcon> = { rect: Square, ellipse: Circle, polygon: Hexagon, star: Star, line: Minus, text: Type, image: Image, group: Folder };

export interface LayerRowItemProps {
  row: LayerRow;
  /** The name shown (the element's, or its type's). */
  name: string;
  kind: DesignDocument['kind'] | undefined;
  /** The row with the tree's tab stop. */
  isActive: boolean;
  selected: boolean;
  /** Where a dragged row would land relative to this one. */
  drop: DropPlace | null;
  /** This row is being dragged. */
  dragged: boolean;
  renaming: boolean;
  onClick(event: MouseEvent): void;
  onFocusRow(): void;
  onKeyDown(event: KeyboardEvent<HTMLElement>): void;
  onStartRename(): void;
  onRename(name: string): void;
  onRenameCancel(): void;
  onToggle(field: 'hidden' | 'locked'): void;
  onDragStart(event: DragEvent): void;
  onDragOver(event: DragEvent<HTMLElement>): void;
  onDragLeave(): void;
  onDrop(event: DragEvent): void;
  onDragEnd(): void;
}

/** One treeitem of the layers panel: icon, name (or its rename field), hole badge, show/hide and lock buttons. */
export function LayerRowItem({
  row,
  name,
  kind,
  isActive,
  selected,
  drop,
  dragged,
  renaming,
  onClick,
  onFocusRow,
  onKeyDown,
  onStartRename,
  onRename,
  onRenameCancel,
  onToggle,
  onDragStart,
  onDragOver,
  onDragLeave,
  onDrop,
  onDragEnd,
}: LayerRowItemProps) {
  const { t } = useTranslation();
  const { element, depth } = row;
  const Icon = ICONS[element.type];
  return (
    <li
      role="treeitem"
      data-layer-id={element.id}
      aria-level={depth + 1}
      aria-posinset={row.position}
      aria-setsize={row.siblings}
      aria-selected={selected}
      aria-label={name}
      tabIndex={isActive ? 0 : -1}
      draggable={!renaming}
      onClick={onClick}
      onDoubleClick={onStartRename}
      onFocus={(event) => event.target === event.currentTarget && onFocusRow()}
      onKeyDown={onKeyDown}
      onDragStart={onDragStart}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
      onDragEnd={onDragEnd}
      style={{ paddingInlineStart: `${0.5 + depth * 1.25}rem` }}
      className={cn(
        'group/row relative flex h-9 cursor-pointer items-center gap-2 rounded-md pe-1 text-sm outline-none select-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring',
        selected && 'bg-primary/10 hover:bg-primary/15',
        element.hidden && 'text-muted-foreground',
        dragged && 'opacity-50',
        drop === 'above' && 'shadow-[inset_0_2px_0_0_var(--color-primary)]',
        drop === 'below' && 'shadow-[inset_0_-2px_0_0_var(--color-primary)]',
      )}
    >
      <Icon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      {renaming ? (
        <RenameInput
          label={t('design.layers.renameInput')}
          initial={element.name}
          onCommit={onRename}
          onCancel={onRenameCancel}
        />
      ) : (
        <span className={cn('min-w-0 flex-1 truncate', element.hidden && 'line-through')}>{name}</span>
      )}
      {element.hole && <span className="shrink-0 rounded bg-accent px-1.5 py-0.5 text-[10px] font-semibold text-accent-foreground uppercase">{t('design.layers.hole', { context: kind })}</span>}
      <button
        type="button"
        tabIndex={isActive ? 0 : -1}
        aria-pressed={element.hidden}
        aria-label={t(element.hidden ? 'design.layers.show' : 'design.layers.hide', { name })}
        title={t(element.hidden ? 'design.layers.show' : 'design.layers.hide', { name })}
        onClick={(event) => {
          event.stopPropagation();
          onToggle('hidden');
        }}
        className="inline-flex size-7 shrink-0 cursor-pointer items-center justify-center rounded hover:bg-background focus-visible:outline-2 focus-visible:outline-ring"
      >
        {element.hidden ? <EyeOff aria-hidden="true" className="size-4" /> : <Eye aria-hidden="true" className="size-4" />}
      </button>
      <button
        type="button"
        tabIndex={isActive ? 0 : -1}
        aria-pressed={element.locked}
        aria-label={t(element.locked ? 'design.layers.unlock' : 'design.layers.lock', { name })}
        title={t(element.locked ? 'design.layers.unlock' : 'design.layers.lock', { name })}
        onClick={(event) => {
          event.stopPropagation();
          onToggle('locked');
        }}
        className="inline-flex size-7 shrink-0 cursor-pointer items-center justify-center rounded hover:bg-background focus-visible:outline-2 focus-visible:outline-ring"
      >
        {element.locked ? <Lock aria-hidden="true" className="size-4" /> : <LockOpen aria-hidden="true" className="size-4 opacity-40" />}
      </button>
    </li>
  );
}
