import { create } from 'zustand';

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Overrides the 5000 ms default. */
  duration?: number;
}

export interface ToastItem extends ToastInput {
  id: string;
  variant: ToastVariant;
  open: boolean;
  createdAt: number;
}

interface ToastState {
  toasts: ToastItem[];
  add(input: ToastInput): string;
  /** Starts the close (exit animation); remove() drops it afterwards. */
  dismiss(id: string): void;
  remove(id: string): void;
  clear(): void;
}

/** At most this many toasts are kept; older ones are dropped first. */
export const TOAST_LIMIT = 5;

export const TOAST_REMOVE_DELAY_MS = 300;

let counter = 0;

export const useToastStore = create<ToastState>()((set) => ({
  toasts: [],
  add(input) {
    counter += 1;
    const id = `toast-${counter}`;
    const item: ToastItem = { ...input, id, variant: input.variant ?? 'default', open: true, createdAt: Date.now() };
    set((state) => ({ toasts: [...state.toasts, item].slice(-TOAST_LIMIT) }));
    return id;
  },
  dismiss(id) {
    set((state) => ({ toasts: state.toasts.map((item) => (item.id === id ? { ...item, open: false } : item)) }));
    // Leave time for the exit animation before the item leaves the list.
    setTimeout(() => useToastStore.getState().remove(id), TOAST_REMOVE_DELAY_MS);
  },
  remove(id) {
    set((state) => ({ toasts: state.toasts.filter((item) => item.id !== id) }));
  },
  clear() {
    set({ toasts: [] });
  },
}));

/** Shows a toast from anywhere (no hook needed); returns its id for `dismissToast`. */
export function toast(input: ToastInput): string {
  return useToastStore.getState().add(input);
}

export function dismissToast(id: string): void {
  useToastStore.getState().dismiss(id);
}
