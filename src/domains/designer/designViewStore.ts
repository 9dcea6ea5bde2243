import { create } from 'zustand';

/** Zoom limits of the design canvas (src/domains/designer/canvasViewport.ts uses the same). */
export const DESIGN_MIN_ZOOM = 0.05;
export const DESIGN_MAX_ZOOM = 8;
const STEP = 1.25;

export interface DesignViewState {
  /** Screen px per document px. */
  zoom: number;
  /** Screen position of the document's (0, 0), relative to the stage. */
  x: number;
  y: number;
  /** The stage's size in screen px (the canvas reports it); zoomIn/zoomOut keep its centre in place. */
  stageWidth: number;
  stageHeight: number;
  /** Bumped by zoomToFit; the canvas fits the page whenever it changes. */
  fitRequest: number;
  zoomIn: () => void;
  zoomOut: () => void;
  zoomToFit: () => void;
  setViewport: (view: Partial<Pick<DesignViewState, 'zoom' | 'x' | 'y'>>) => void;
  setStageSize: (width: number, height: number) => void;
}

function zoomAboutCentre(state: DesignViewState, factor: number): Pick<DesignViewState, 'zoom' | 'x' | 'y'> {
  const zoom = Math.min(DESIGN_MAX_ZOOM, Math.max(DESIGN_MIN_ZOOM, state.zoom * factor));
  const ratio = zoom / state.zoom;
  const cx = state.stageWidth / 2;
  const cy = state.stageHeight / 2;
  return { zoom, x: cx - (cx - state.x) * ratio, y: cy - (cy - state.y) * ratio };
}

const valid = (value: number | undefined) => value !== undefined && Number.isFinite(value);

/** How the designer's canvas is zoomed and panned: view state only, never part of the document or its history. */
export const useDesignViewStore = create<DesignViewState>()((set) => ({
  zoom: 1,
  x: 0,
  y: 0,
  stageWidth: 0,
  stageHeight: 0,
  fitRequest: 0,
  zoomIn: () => set((state) => zoomAboutCentre(state, STEP)),
  zoomOut: () => set((state) => zoomAboutCentre(state, 1 / STEP)),
  zoomToFit: () => set((state) => ({ fitRequest: state.fitRequest + 1 })),
  setViewport: (view) =>
    set((state) => ({
      zoom: valid(view.zoom) ? Math.min(DESIGN_MAX_ZOOM, Math.max(DESIGN_MIN_ZOOM, view.zoom!)) : state.zoom,
      x: valid(view.x) ? view.x! : state.x,
      y: valid(view.y) ? view.y! : state.y,
    })),
  setStageSize: (stageWidth, stageHeight) => set({ stageWidth, stageHeight }),
}));
