import { LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn.ts';

export type SpinnerSize = 'sm' | 'md' | 'lg';

const sizes: Record<SpinnerSize, string> = { sm: 'size-4', md: 'size-6', lg: 'size-10' };

export interface SpinnerProps {
  size?: SpinnerSize;
  /** Accessible text; defaults to "Loading". */
  label?: string;
  className?: string;
  /** Marks the part it stands for as still loading (aria-busy): a page is ready when nothing in it is busy (e2e waits for that). */
  busy?: boolean;
}

/** Busy indicator announced politely as a status. */
export function Spinner({ size = 'md', label, className, busy = false }: SpinnerProps) {
  const { t } = useTranslation();
  return (
    <output className={cn('inline-flex items-center justify-center text-primary-ink', className)} aria-busy={busy || undefined}>
      <LoaderCircle aria-hidden="true" className={cn('animate-spin motion-reduce:animate-[spin_1.5s_linear_infinite]', sizes[size])} />
      <span className="sr-only">{label ?? t('ui.spinner.label')}</span>
    </output>
  );
}
