import { beforeEach, describe, expect, it } from 'vitest';
import { DESIGN_MAX_ZOOM, useDesignViewStore } from './designViewStore.ts';

describe('designViewStore', () => {
  beforeEach(() => {
    useDesignViewStore.setState({ zoom: 1, x: 0, y: 0, stageWidth: 800, stageHeight: 600, fitRequest: 0 });
  });

  it('zooms in and out about the stage centre', () => {
    const { zoomIn, zoomOut } = useDesignViewStore.getState();
    zoomIn();
    let state = useDesignViewStore.getState();
    expect(state.zoom).toBeCloseTo(1.25, 10);
    // The document point at the centre (400, 300) stays there.
    expect((400 - state.x) / state.zoom).toBeCloseTo(400, 10);
    expect((300 - state.y) / state.zoom).toBeCloseTo(300, 10);
    zoomOut();
    state = useDesignViewStore.getState();
    expect(state.zoom).toBeCloseTo(1, 10);
    expect(state.x).toBeCloseTo(0, 10);
  });

  it('clamps the zoom and ignores non-finite numbers', () => {
    const { setViewport } = useDesignViewStore.getState();
    setViewport({ zoom: 100, x: Number.NaN, y: 5 });
    expect(useDesignViewStore.getState()).toMatchObject({ zoom: DESIGN_MAX_ZOOM, x: 0, y: 5 });
  });

  it('asks the canvas to fit by bumping fitRequest', () => {
    useDesignViewStore.getState().zoomToFit();
    useDesignViewStore.getState().zoomToFit();
    expect(useDesignViewStore.getState().fitRequest).toBe(2);
  });
});
