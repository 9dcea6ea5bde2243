import { toPipelineError } from './pipelineErrors.ts';
import type { PipelineStage, ProgressEvent } from './pipelineApi.ts';
import type { RunOptions, WorkerSlot } from './workerSlot.ts';

/** How one stage runs: the slot's options (the stage cancels through the worker's own `cancel`), and the worker's share of the time. */
export type StageOptions<Api, T> = Omit<RunOptions<Api>, 'cancel'> & { signal?: AbortSignal | undefined; workerMs?: (value: T) => number };

export type Stage = <Api, T>(slot: WorkerSlot<Api>, name: PipelineStage, call: (api: Api, jobId: number) => Promise<T>, options: StageOptions<Api, T>) => Promise<T>;

export interface StageRunner {
  /** Runs one stage on a worker with progress events; the clock starts when the worker takes the job. */
  stage: Stage;
  onProgress(listener: (event: ProgressEvent) => void): () => void;
  /** Drops every listener. */
  clear(): void;
}

/** Stage calls time out after `timeoutMs` unless a stage asks for longer. */
export function createStageRunner(timeoutMs: number): StageRunner {
  const listeners = new Set<(event: ProgressEvent) => void>();

  const emit = (event: ProgressEvent) => {
    for (const listener of listeners) listener(event);
  };

  const stage: Stage = (slot, name, call, run) => {
    let started = 0;
    const { signal, workerMs, ...rest } = run;
    return slot
      .run(
        (api, jobId) => {
          started = performance.now();
          emit({ stage: name, status: 'start' });
          return call(api, jobId);
        },
        {
          ...rest,
          ...(signal ? { signal } : {}),
          timeoutMs: run.timeoutMs ?? timeoutMs,
          cancel: (api, jobId) => (api as { cancel(jobId: number): Promise<void> }).cancel(jobId),
        },
      )
      .then(
        (value) => {
          const ms = performance.now() - started;
          emit(workerMs ? { stage: name, status: 'done', ms, workerMs: workerMs(value) } : { stage: name, status: 'done', ms });
          return value;
        },
        (error: unknown) => {
          const failure = toPipelineError(error, run.fallback);
          if (started) emit({ stage: name, status: 'error', ms: performance.now() - started, code: failure.code });
          throw failure;
        },
      );
  };

  return {
    stage,
    onProgress(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    clear: () => listeners.clear(),
  };
}
