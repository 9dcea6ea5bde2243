import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn.ts';
import { Button } from './Button.tsx';
import { DirectionalIcon } from './DirectionalIcon.tsx';

/** Seed §9 pagination defaults. */
export const DEFAULT_PER_PAGE = 10;
export const MAX_PAGE_BUTTONS = 5;

/** A 1-based page number from a URL parameter (?page=); 1 for anything else. */
export function pageParam(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

export function pageCount(total: number, perPage: number = DEFAULT_PER_PAGE): number {
  if (!(total > 0) || !(perPage > 0)) return 0;
  return Math.ceil(total / perPage);
}

/**
 * The page numbers to show: at most `maxButtons`, a window that keeps the current page centred
 * where it can and slides against the first/last page (page 1 of 9 → 1–5, page 6 → 4–8, page 9 → 5–9).
 */
export function pageWindow(page: number, pages: number, maxButtons: number = MAX_PAGE_BUTTONS): number[] {
  if (pages <= 0) return [];
  const size = Math.min(maxButtons, pages);
  const current = Math.min(Math.max(1, Math.trunc(page)), pages);
  const start = Math.min(Math.max(1, current - Math.floor(size / 2)), pages - size + 1);
  return Array.from({ length: size }, (_, index) => start + index);
}

export interface PaginationProps {
  /** 1-based current page. */
  page: number;
  /** Total number of items. */
  total: number;
  perPage?: number;
  onPageChange: (page: number) => void;
  maxButtons?: number;
  className?: string;
}

/** Page navigation; renders nothing when everything fits on one page. */
export function Pagination({ page, total, perPage = DEFAULT_PER_PAGE, onPageChange, maxButtons = MAX_PAGE_BUTTONS, className }: PaginationProps) {
  const { t } = useTranslation();
  const pages = pageCount(total, perPage);
  if (pages <= 1) return null;
  const current = Math.min(Math.max(1, page), pages);
  const go = (target: number) => {
    if (target >= 1 && target <= pages && target !== current) onPageChange(target);
  };
  return (
    <nav aria-label={t('ui.pagination.label')} className={cn('flex justify-center', className)}>
      <ul className="flex flex-wrap items-center gap-1">
        <li>
          <Button variant="ghost" size="icon" aria-label={t('ui.pagination.previous')} disabled={current <= 1} onClick={() => go(current - 1)}>
            <DirectionalIcon icon={ChevronLeft} />
          </Button>
        </li>
        {pageWindow(current, pages, maxButtons).map((number) => (
          <li key={number}>
            <Button
              variant={number === current ? 'default' : 'ghost'}
              size="icon"
              aria-label={t('ui.pagination.page', { page: number })}
              aria-current={number === current ? 'page' : undefined}
              onClick={() => go(number)}
              className="tabular-nums"
            >
              {number}
            </Button>
          </li>
        ))}
        <li>
          <Button variant="ghost" size="icon" aria-label={t('ui.pagination.next')} disabled={current >= pages} onClick={() => go(current + 1)}>
            <DirectionalIcon icon={ChevronRight} />
          </Button>
        </li>
      </ul>
    </nav>
  );
}
