import { beforeEach, describe, expect, it } from 'vitest';
import { contentOffset, useUiStore } from './uiStore.ts';

beforeEach(() => useUiStore.setState({ maintenanceVisible: false, bannerHeight: 0 }));

describe('uiStore', () => {
  it('hides the maintenance banner at start', () => {
    expect(useUiStore.getInitialState().maintenanceVisible).toBe(false);
    expect(useUiStore.getInitialState().bannerHeight).toBe(0);
  });

  it('offsets the content by banner height + 16 px only while visible', () => {
    useUiStore.getState().setBannerHeight(72);
    expect(contentOffset(useUiStore.getState())).toBe(0);
    useUiStore.getState().setMaintenanceVisible(true);
    useUiStore.getState().setBannerHeight(72);
    expect(contentOffset(useUiStore.getState())).toBe(88);
  });

  it('forgets the height when the banner closes', () => {
    useUiStore.getState().setMaintenanceVisible(true);
    useUiStore.getState().setBannerHeight(40);
    useUiStore.getState().setMaintenanceVisible(false);
    expect(useUiStore.getState().bannerHeight).toBe(0);
    expect(contentOffset(useUiStore.getState())).toBe(0);
  });
});
