import type { LucideIcon, LucideProps } from 'lucide-react';
import { cn } from '../lib/cn.ts';

export interface DirectionalIconProps extends LucideProps {
  /** A glyph that points along the line of reading: a back or next arrow, a previous or next chevron. */
  icon: LucideIcon;
}

/**
 * An icon that means "back" or "forward" rather than "left" or "right": mirrored in a right-to-left page,
 * where back points right. Icons that name a physical direction (rotate an image left) stay as they are.
 * Decorative: the button or link around it carries the name.
 */
export function DirectionalIcon({ icon: Icon, className, ...props }: DirectionalIconProps) {
  return <Icon aria-hidden="true" {...props} className={cn('rtl:-scale-x-100', className)} />;
}
