import { cva } from 'class-variance-authority';
import { X } from 'lucide-react';
import { Toast as RadixToast } from 'radix-ui';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn.ts';
import { dismissToast, useToastStore, type ToastItem } from './toastStore.ts';

export { toast, dismissToast, useToastStore, type ToastInput, type ToastVariant } from './toastStore.ts';

/** Seed §9 toast settings. */
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_DIRECTION = 'right';
export const TOAST_SWIPE_THRESHOLD = 50;
export const TOAST_HOTKEY = ['F8'];
export const TOAST_ANNOUNCE_DELAY_MS = 1000;

const toastVariants = cva(
  'group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-lg border p-4 pe-10 shadow-lg ' +
    'data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out data-[swipe=end]:animate-toast-out ' +
    'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-[translate] data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]',
  {
    variants: {
      variant: {
        default: 'border-border bg-popover text-popover-foreground',
        destructive: 'border-destructive bg-destructive text-destructive-foreground',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

function ToastView({ item }: { item: ToastItem }) {
  const { t } = useTranslation();
  return (
    <RadixToast.Root
      open={item.open}
      onOpenChange={(open) => {
        if (!open) dismissToast(item.id);
      }}
      duration={item.duration}
      type={item.variant === 'destructive' ? 'foreground' : 'background'}
      data-variant={item.variant}
      className={toastVariants({ variant: item.variant })}
    >
      <div className="grid gap-1">
        <RadixToast.Title className="text-sm font-semibold">{item.title}</RadixToast.Title>
        {item.description && <RadixToast.Description className="text-sm opacity-90">{item.description}</RadixToast.Description>}
      </div>
      <RadixToast.Close
        aria-label={t('ui.toast.close')}
        className="absolute end-2 top-2 inline-flex size-7 items-center justify-center rounded-md opacity-70 hover:opacity-100 focus-visible:opacity-100"
      >
        <X aria-hidden="true" className="size-4" />
      </RadixToast.Close>
    </RadixToast.Root>
  );
}

/**
 * Polite live region that reads each toast TOAST_ANNOUNCE_DELAY_MS after it appears (Radix has no
 * setting for the delay). Skips toasts closed before then.
 */
function ToastAnnouncer({ label }: { label: string }) {
  const toasts = useToastStore((state) => state.toasts);
  const [announcement, setAnnouncement] = useState<{ id: string; text: string } | null>(null);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  useEffect(() => {
    for (const item of toasts) {
      if (!item.open || timers.current.has(item.id)) continue;
      const timer = setTimeout(() => {
        const current = useToastStore.getState().toasts.find((candidate) => candidate.id === item.id);
        if (!current?.open) return;
        setAnnouncement({ id: item.id, text: [label, current.title, current.description].filter(Boolean).join('. ') });
      }, TOAST_ANNOUNCE_DELAY_MS);
      timers.current.set(item.id, timer);
    }
  }, [toasts, label]);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  return (
    <output aria-live="polite" aria-atomic="true" className="sr-only" data-toast-announcer="">
      {/* A new node per toast, so two identical messages are both read. */}
      {announcement && <span key={announcement.id}>{announcement.text}</span>}
    </output>
  );
}

/** Mount once near the app root; `toast()` then works from anywhere. */
export function Toaster({ className }: { className?: string }) {
  const { t } = useTranslation();
  const toasts = useToastStore((state) => state.toasts);
  // Radix's own announcer is sent to a detached fragment so each toast is read once, by ToastAnnouncer.
  const [silentAnnouncer] = useState<DocumentFragment | undefined>(() => (typeof document === 'undefined' ? undefined : document.createDocumentFragment()));
  const label = t('ui.toast.label');
  return (
    <RadixToast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection={TOAST_SWIPE_DIRECTION}
      swipeThreshold={TOAST_SWIPE_THRESHOLD}
      label={label}
      announcerContainer={silentAnnouncer}
    >
      {toasts.map((item) => (
        <ToastView key={item.id} item={item} />
      ))}
      <RadixToast.Viewport
        hotkey={TOAST_HOTKEY}
        label={t('ui.toast.viewport')}
        className={cn('fixed bottom-0 end-0 z-[100] m-0 flex max-h-screen w-full list-none flex-col gap-2 p-4 outline-none sm:max-w-sm', className)}
      />
      <ToastAnnouncer label={label} />
    </RadixToast.Provider>
  );
}
