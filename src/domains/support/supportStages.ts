import type { PipelineStage, ProgressEvent } from '../../pipeline/index.ts';
import type { SupportStep } from './useLatestStep.ts';

/** The stages the supporter sees as progress: not the warm-up (while they pick a photo) nor previews (while they adjust). */
export type VisibleStage = Exclude<PipelineStage, 'warm' | 'preview'>;

const isVisible = (stage: PipelineStage): stage is VisibleStage => stage !== 'warm' && stage !== 'preview';

/** What the progress line names: the step itself until one of its stages starts, then the stage. */
export type ProgressKey = SupportStep | VisibleStage;

/**
 * The order a step goes through, defined once here. Within one step the progress line only moves
 * forward in it, so the pause between two stages, or a frame still being analysed in the background,
 * never takes it back ("Reading…" → "Opening…" → "Finding faces…").
 */
const PROGRESS_ORDER: Record<ProgressKey, number> = {
  photo: 0,
  frame: 0,
  render: 0,
  analyze: 1,
  export: 1,
  decode: 2,
  face: 3,
  segment: 4,
  place: 5,
  composite: 6,
  encode: 7,
};

/** What to show after `shown` when the step now reports `next`: whichever comes later in the order. */
export function forwardProgress(shown: ProgressKey | null, next: ProgressKey): ProgressKey {
  return shown !== null && PROGRESS_ORDER[shown] >= PROGRESS_ORDER[next] ? shown : next;
}

/**
 * Stages running right now, oldest first, after one progress event. A stage can run again (a restarted
 * worker decodes anew), so each start counts once and each end removes one.
 */
export function trackStages(running: readonly VisibleStage[], event: ProgressEvent): VisibleStage[] {
  const { stage } = event;
  if (!isVisible(stage)) return [...running];
  if (event.status === 'start') return [...running, stage];
  const index = running.indexOf(stage);
  return index === -1 ? [...running] : [...running.slice(0, index), ...running.slice(index + 1)];
}

/** The stage to show: the newest one still running. */
export const currentStage = (running: readonly VisibleStage[]): VisibleStage | null => running[running.length - 1] ?? null;
