import { create } from 'zustand';

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
