import type { PipelineStage, ProgressEvent } from '../../pipeline/index.ts';

/** The stages the supporter sees as progress (warm-up runs quietly while they pick a photo). */
export type VisibleStage = Exclude<PipelineStage, 'warm'>;

/**
 * Stages running right now, oldest first, after one progress event. A stage can run again (a restarted
 * worker decodes anew), so each start counts once and each end removes one.
 */
export function trackStages(running: readonly VisibleStage[], event: ProgressEvent): VisibleStage[] {
  if (event.stage === 'warm') return [...running];
  if (event.status === 'start') return [...running, event.stage];
  const index = running.indexOf(event.stage);
  return index === -1 ? [...running] : [...running.slice(0, index), ...running.slice(index + 1)];
}

/** The stage to show: the newest one still running. */
export const currentStage = (running: readonly VisibleStage[]): VisibleStage | null => running[running.length - 1] ?? null;
