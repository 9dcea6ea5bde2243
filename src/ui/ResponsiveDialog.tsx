import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn.ts';
import { Button } from './Button.tsx';

export type ResponsiveDialogSize = 'md' | 'lg';

export interface ResponsiveDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  size?: ResponsiveDialogSize;
  children?: ReactNode;
  footer?: ReactNode;
  /** Sheets are never draggable (seed §2); accepted only so callers can state it. */
  draggable?: false;
  className?: string;
}

const sizeClasses: Record<ResponsiveDialogSize, string> = {
  md: 'sm:max-w-md',
  lg: 'sm:max-w-2xl',
};

/**
 * Radix Dialog (focus trap, Esc, outside click, labelled by title/description) shown as a bottom
 * sheet that slides up below 640 px and as a centred dialog from 640 px.
 */
export function ResponsiveDialog({ open, onOpenChange, title, description, size = 'md', children, footer, className }: ResponsiveDialogProps) {
  const { t } = useTranslation();
  const hasDescription = description !== undefined && description !== null && description !== '';
  // Radix only restores focus to a <Dialog.Trigger>; these dialogs are opened from anywhere.
  const returnFocusTo = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-overlay data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <Dialog.Content
          data-size={size}
          onOpenAutoFocus={() => {
            returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            const target = returnFocusTo.current;
            returnFocusTo.current = null;
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
          {...(hasDescription ? {} : { 'aria-describedby': undefined })}
          className={cn(
            'fixed z-50 flex flex-col gap-4 overflow-y-auto bg-background text-foreground shadow-lg focus:outline-none',
            'inset-x-0 bottom-0 max-h-[90dvh] rounded-t-2xl border-t p-6 pb-[max(1.5rem,env(safe-area-inset-bottom))]',
            'data-[state=closed]:animate-slide-down data-[state=open]:animate-slide-up',
            'sm:inset-x-auto sm:bottom-auto sm:left-1/2 sm:top-1/2 sm:max-h-[85vh] sm:w-[calc(100%-2rem)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-xl sm:border sm:pb-6',
            'sm:data-[state=closed]:animate-zoom-out sm:data-[state=open]:animate-zoom-in',
            sizeClasses[size],
            className,
          )}
        >
          <div className="flex flex-col gap-1.5 pe-10">
            <Dialog.Title className="text-lg font-semibold leading-tight">{title}</Dialog.Title>
            {hasDescription && <Dialog.Description className="text-sm text-muted-foreground">{description}</Dialog.Description>}
          </div>
          {children}
          {footer !== undefined && <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{footer}</div>}
          <Dialog.Close asChild>
            <Button variant="ghost" size="icon" className="absolute end-3 top-3" aria-label={t('ui.dialog.close')}>
              <X aria-hidden="true" />
            </Button>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
