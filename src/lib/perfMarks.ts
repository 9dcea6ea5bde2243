/**
 * The support flow's User Timing marks. The app sets them with `performance.mark` where the supporter
 * acts or sees something; bench/realPage.ts reads them back from the built app (pick → preview,
 * Next → result), so both sides use these names. A mark costs a timestamp: no dependency, no listener.
 */
export const PERF_MARKS = {
  /** A photo file was picked (input change, drop or paste reaches PhotoPicker). */
  pick: 'bingkai:pick',
  /**
   * The placed photo is on screen and draggable: the adjuster's Konva layer has drawn the new photo's
   * proxy at its automatic placement (the live nodes). The worker's composed preview replaces it later.
   */
  preview: 'bingkai:preview',
  /** "Next" was pressed. */
  next: 'bingkai:next',
  /** The result file (JPEG/PNG blob) is ready, before the result page opens. */
  result: 'bingkai:result',
} as const;

export type PerfMark = (typeof PERF_MARKS)[keyof typeof PERF_MARKS];

export function markPerf(name: PerfMark): void {
  // Marks are a measurement aid: a browser without User Timing simply has none.
  globalThis.performance?.mark?.(name);
}

/** What markOnNextDraw needs of a Konva node: its event methods (a layer fires 'draw' after it has drawn). */
interface DrawEvents {
  on(events: string, listener: () => void): unknown;
  off(events: string): unknown;
}

const DRAW_EVENT = 'draw.perfMark';

/** Sets `name` when `node` next draws; the returned function drops the wait (an effect's clean-up). */
export function markOnNextDraw(node: DrawEvents | null, name: PerfMark): () => void {
  if (!node) return () => {};
  node.off(DRAW_EVENT);
  node.on(DRAW_EVENT, () => {
    node.off(DRAW_EVENT);
    markPerf(name);
  });
  return () => node.off(DRAW_EVENT);
}
