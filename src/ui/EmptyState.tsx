import type { ReactNode } from 'react';
import { cn } from '../lib/cn.ts';

export interface EmptyStateProps {
  /** Decorative icon, e.g. `<Inbox />` from lucide-react. */
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  /** Usually a Button. */
  action?: ReactNode;
  /** Heading level of the title; pages own their single h1. */
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

/** Placeholder for a list or section with nothing to show yet. */
export function EmptyState({ icon, title, description, action, headingLevel = 2, className }: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={cn('flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center', className)}>
      {icon !== undefined && (
        <div aria-hidden="true" className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground [&_svg]:size-6">
          {icon}
        </div>
      )}
      <Heading className="text-base font-semibold text-foreground">{title}</Heading>
      {description !== undefined && <p className="max-w-sm text-sm text-muted-foreground">{description}</p>}
      {action !== undefined && <div className="mt-2">{action}</div>}
    </div>
  );
}
