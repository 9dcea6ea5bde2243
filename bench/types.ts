/** Shapes shared by the benchmark page (browser) and the runner (node). */

export interface PhaseResult {
  /** Durations (ms) of the main-thread long tasks (> 50 ms) that started during the phase. */
  longTasks: number[];
}

export interface FacePeerRun {
  sample: string;
  /** Median detection time (ms). */
  ms: number;
  boxes: { x: number; y: number; width: number; height: number }[];
}

export interface Stats {
  median: number;
  p95: number;
  runs: number;
}

export interface BudgetRow {
  what: string;
  budget: string;
  measured: string;
  /** null: not measured. */
  met: boolean | null;
}
