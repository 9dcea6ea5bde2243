import { UserRound } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

/** The account's photo (a public URL from the token), or a neutral placeholder. */
export function Avatar({ src, name, className }: { src: string; name: string; className?: string }) {
  const usable = src.startsWith('/') || src.startsWith('http') || src.startsWith('blob:');
  return (
    <span className={cn('inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-muted text-muted-foreground', className)}>
      {usable ? <img src={src} alt={name} className="size-full object-cover" /> : <UserRound className="size-3/5" aria-hidden="true" />}
    </span>
  );
}
