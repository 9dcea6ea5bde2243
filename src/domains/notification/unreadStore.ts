import { create } from 'zustand';

interface UnreadState {
  /** The signed-in account's unread notifications; null until first fetched. */
  unread: number | null;
  setUnread: (unread: number | null) => void;
}

/** Shared by the navbar badge and the notifications page, so marking read on the page updates the badge at once. */
export const useUnreadStore = create<UnreadState>((set) => ({
  unread: null,
  setUnread: (unread) => set({ unread }),
}));
