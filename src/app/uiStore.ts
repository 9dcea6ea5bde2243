import { create } from 'zustand';
import { fetchNotice } from '../api/site.ts';

export interface UiState {
  maintenanceVisible: boolean;
  /** Measured height of the maintenance banner in px (0 when hidden). */
  bannerHeight: number;
  setMaintenanceVisible: (visible: boolean) => void;
  setBannerHeight: (height: number) => void;
}

/** Extra space between the banner and the content (seed §9). */
export const BANNER_OFFSET_PX = 16;

export const useUiStore = create<UiState>()((set) => ({
  maintenanceVisible: false,
  bannerHeight: 0,
  setMaintenanceVisible: (maintenanceVisible) => set(maintenanceVisible ? { maintenanceVisible } : { maintenanceVisible, bannerHeight: 0 }),
  setBannerHeight: (bannerHeight) => set({ bannerHeight }),
}));

/** Content offset: banner height + 16 px while the banner shows, else 0. */
export function contentOffset(state: Pick<UiState, 'maintenanceVisible' | 'bannerHeight'>): number {
  return state.maintenanceVisible ? state.bannerHeight + BANNER_OFFSET_PX : 0;
}

let noticeLoad: Promise<void> | undefined;

/**
 * Asks GET /api/v2/notice once per page load and shows the maintenance banner when the server says a service
 * (mail) is down. Without an answer the banner stays hidden: the notice is a courtesy, not a gate.
 */
export function loadMaintenanceNotice(): Promise<void> {
  noticeLoad ??= fetchNotice()
    .then((notice) => {
      if (notice.maintenance) useUiStore.getState().setMaintenanceVisible(true);
    })
    .catch((error: unknown) => console.warn('Could not load the site notice', error));
  return noticeLoad;
}

/** Tests only: the next loadMaintenanceNotice() asks again. */
export function resetMaintenanceNotice(): void {
  noticeLoad = undefined;
}
