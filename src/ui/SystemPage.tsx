import type { ReactNode } from 'react';
import { cn } from '../lib/cn.ts';

/** Centred message page (403, 404, maintenance, …). */
export function SystemPage({ route, icon, title, text, children, standalone = false }: { route: string; icon: ReactNode; title: string; text: string; children?: ReactNode; standalone?: boolean }) {
  const content = (
    <div data-route={route} className={cn('mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center', standalone ? 'min-h-screen justify-center' : 'min-h-[60vh] justify-center')}>
      <div className="mb-4 text-muted-foreground">{icon}</div>
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-3 text-muted-foreground">{text}</p>
      {children && <div className="mt-6 flex flex-wrap justify-center gap-3">{children}</div>}
    </div>
  );
  return standalone ? <main>{content}</main> : content;
}
