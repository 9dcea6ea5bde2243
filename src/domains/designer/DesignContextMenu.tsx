import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useDesignStore } from './designStore.ts';
import { cn } from '../../lib/cn.ts';
import { actionLabel, designAction, type DesignActionId } from './designActions.ts';

export interface DesignContextMenuProps {
  /** Where the menu opens (a right click or the context-menu key); null: closed. */
  at: { clientX: number; clientY: number } | null;
  onClose(): void;
}

interface Item {
  key: string;
  label: string;
  shortcut?: string;
  disabled: boolean;
  run(): void;
}

const MARGIN = 8;

/** The menu's registry actions, in order; null draws a separator. */
const ENTRIES: readonly (DesignActionId | null)[] = [
  'cut',
  'copy',
  'paste',
  'duplicate',
  'delete',
  null,
  'bringForward',
  'bringToFront',
  'sendBackward',
  'sendToBack',
  null,
  'group',
  'ungroup',
  null,
  'toggleLock',
  'toggleHidden',
  'toggleHole',
];

/**
 * The canvas's right-click menu for the selection. A role=menu at a screen point: arrow keys,
 * Home/End move between items, Enter/Space runs one, Escape or Tab closes it, and focus goes back
 * to where it was.
 */
export function DesignContextMenu({ at, onClose }: DesignContextMenuProps) {
  const { t } = useTranslation();
  const state = useDesignStore();
  const document = state.document;
  const menu = useRef<HTMLDivElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const [position, setPosition] = useState<{ left: number; top: number } | null>(null);
  const open = at !== null && document !== null;

  // Keeps the menu on screen, then focuses its first usable item.
  useLayoutEffect(() => {
    if (!open || !menu.current) {
      returnFocus.current = null;
      return;
    }
    const box = menu.current.getBoundingClientRect();
    setPosition({
      left: Math.max(MARGIN, Math.min(at.clientX, window.innerWidth - box.width - MARGIN)),
      top: Math.max(MARGIN, Math.min(at.clientY, window.innerHeight - box.height - MARGIN)),
    });
    if (!returnFocus.current) returnFocus.current = window.document.activeElement instanceof HTMLElement ? window.document.activeElement : null;
    // With every item unavailable the menu itself takes focus, so Escape and Tab still work.
    (items()[0] ?? menu.current).focus();
  }, [open, at]);

  // A press anywhere outside closes the menu.
  useLayoutEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node)) close(false);
    };
    window.addEventListener('pointerdown', onPointerDown, true);
    return () => window.removeEventListener('pointerdown', onPointerDown, true);
  });

  if (!open) return null;

  const entries: (Item | 'separator')[] = ENTRIES.map((id) => {
    if (!id) return 'separator';
    const action = designAction(id);
    return { key: id, label: actionLabel(action, state, t), shortcut: action.shortcut, disabled: !action.enabled(state), run: () => action.perform(useDesignStore.getState()) };
  });

  function items(): HTMLElement[] {
    return [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])') ?? [])];
  }

  function close(restoreFocus = true) {
    const target = returnFocus.current;
    returnFocus.current = null;
    setPosition(null);
    onClose();
    if (restoreFocus) target?.focus();
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const index = list.indexOf(window.document.activeElement as HTMLElement);
    const moves: Record<string, number | undefined> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: list.length - 1 };
    const next = moves[event.key];
    if (next !== undefined) {
      event.preventDefault();
      list[(next + list.length) % list.length]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === 'Tab') {
      event.preventDefault();
      close();
    }
  };

  const run = (item: Item) => {
    if (item.disabled) return;
    close();
    item.run();
  };

  return createPortal(
    <div
      ref={menu}
      role="menu"
      tabIndex={-1}
      aria-label={t('design.menu.label')}
      onKeyDown={onKeyDown}
      onContextMenu={(event) => event.preventDefault()}
      style={{ left: position?.left ?? at.clientX, top: position?.top ?? at.clientY }}
      className="fixed z-50 min-w-52 rounded-lg border bg-background p-1 text-sm shadow-lg"
    >
      {entries.map((entry, index) =>
        entry === 'separator' ? (
          <hr key={`separator-${index}`} className="my-1 border-border" />
        ) : (
          <button
            key={entry.key}
            type="button"
            role="menuitem"
            tabIndex={-1}
            aria-disabled={entry.disabled || undefined}
            aria-keyshortcuts={entry.shortcut}
            onClick={() => run(entry)}
            className={cn(
              'flex w-full cursor-pointer items-center justify-between gap-6 rounded-md px-3 py-1.5 text-start outline-none hover:bg-muted focus-visible:bg-muted',
              entry.disabled && 'cursor-default opacity-50 hover:bg-transparent',
            )}
          >
            {entry.label}
            {entry.shortcut && (
              <span aria-hidden="true" className="text-xs text-muted-foreground">
                {entry.shortcut.replace('Control', 'Ctrl')}
              </span>
            )}
          </button>
        ),
      )}
    </div>,
    window.document.body,
  );
}
