import type { ReactNode } from 'react';
import { cn } from '../lib/cn.ts';

/** Page root: carries data-route for tests and the common width/padding. */
export function PageContainer({ route, className, children }: { route: string; className?: string; children: ReactNode }) {
  return (
    <div data-route={route} className={cn('mx-auto w-full max-w-6xl px-4 py-10', className)}>
      {children}
    </div>
  );
}
