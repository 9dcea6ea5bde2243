import { PipelineError, type PipelineErrorCode } from '../../core/pipelineTypes.ts';
import { toPipelineError } from './pipelineErrors.ts';

/** One running worker as the slot sees it: its API, a way to end it, and a way to hear it crash. */
export interface WorkerHandle<Api> {
  api: Api;
  terminate(): void;
  /** Calls `listener` when the worker reports an uncaught error (Worker `error` event). */
  onCrash(listener: (reason: string) => void): void;
}

export interface RunOptions<Api> {
  signal?: AbortSignal;
  /** A call that has not answered after this long counts as a hung worker. */
  timeoutMs?: number;
  /** Error code for failures that are not PipelineErrors. */
  fallback: PipelineErrorCode;
  /** Asks the worker to stop job `jobId` (best effort; its answer is discarded anyway). */
  cancel?: (api: Api, jobId: number) => unknown;
}

interface Job<Api> {
  id: number;
  call: (api: Api, jobId: number) => Promise<unknown>;
  options: RunOptions<Api>;
  resolve(value: unknown): void;
  reject(error: PipelineError): void;
  settled: boolean;
  detach(): void;
}

export interface WorkerSlot<Api> {
  /** Queues `call`; runs it alone on the worker (starting the worker on first use). */
  run<T>(call: (api: Api, jobId: number) => Promise<T>, options: RunOptions<Api>): Promise<T>;
  /** Increments every time a new worker is started: caches held by the old one are gone. */
  readonly generation: number;
  /** True while a worker is running. */
  readonly started: boolean;
  /** Ends the worker and rejects queued and running jobs with CANCELLED. */
  dispose(): void;
}

export const DEFAULT_TIMEOUT_MS = 30_000;

const cancelled = () => new PipelineError('CANCELLED', 'A newer request replaced this one');

/**
 * A lazily started worker with a one-at-a-time queue. Aborted jobs reject at once with CANCELLED
 * (the worker is asked to stop; the queue moves on when it answers). A worker that reports an
 * uncaught error or leaves a job unanswered past its time-out is terminated and replaced, its
 * running job rejects with WORKER_CRASHED and the next job runs on the fresh worker.
 */
export function createWorkerSlot<Api>(start: () => WorkerHandle<Api>): WorkerSlot<Api> {
  let current: WorkerHandle<Api> | null = null;
  let generation = 0;
  let nextJobId = 0;
  let running: Job<Api> | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const queue: Job<Api>[] = [];

  function settle(job: Job<Api>, outcome: { value: unknown } | { error: PipelineError }): void {
    if (job.settled) return;
    job.settled = true;
    job.detach();
    if ('error' in outcome) job.reject(outcome.error);
    else job.resolve(outcome.value);
  }

  function ensureWorker(): WorkerHandle<Api> {
    if (current) return current;
    const handle = start();
    current = handle;
    generation += 1;
    handle.onCrash((reason) => crash(handle, reason));
    return handle;
  }

  function crash(handle: WorkerHandle<Api>, reason: string): void {
    if (handle !== current) return;
    handle.terminate();
    current = null;
    clearTimeout(timer);
    const job = running;
    running = null;
    if (job) settle(job, { error: new PipelineError('WORKER_CRASHED', `The worker stopped: ${reason}`) });
    pump();
  }

  function pump(): void {
    if (running) return;
    const job = queue.shift();
    if (!job) return;
    running = job;
    const handle = ensureWorker();
    const timeoutMs = job.options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    timer = setTimeout(() => crash(handle, `no answer after ${timeoutMs} ms`), timeoutMs);
    let call: Promise<unknown>;
    try {
      call = job.call(handle.api, job.id);
    } catch (error) {
      call = Promise.reject(error);
    }
    call.then(
      (value) => settle(job, { value }),
      (error: unknown) => settle(job, { error: toPipelineError(error, job.options.fallback) }),
    ).finally(() => {
      // A crashed worker's late answer must not free the fresh worker's queue.
      if (running !== job) return;
      clearTimeout(timer);
      running = null;
      pump();
    });
  }

  return {
    get generation() {
      return generation;
    },
    get started() {
      return current !== null;
    },
    run<T>(call: (api: Api, jobId: number) => Promise<T>, options: RunOptions<Api>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const { signal } = options;
        if (signal?.aborted) return reject(cancelled());
        const onAbort = () => {
          const queued = queue.indexOf(job);
          if (queued >= 0) queue.splice(queued, 1);
          else if (running === job && current) {
            try {
              void Promise.resolve(options.cancel?.(current.api, job.id)).catch(() => undefined);
            } catch {
              // The worker may already be gone; the job is settled below either way.
            }
          }
          settle(job, { error: cancelled() });
        };
        const job: Job<Api> = {
          id: ++nextJobId,
          call,
          options,
          resolve: resolve as (value: unknown) => void,
          reject,
          settled: false,
          detach: () => signal?.removeEventListener('abort', onAbort),
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        queue.push(job);
        pump();
      });
    },
    dispose() {
      for (const job of queue.splice(0)) settle(job, { error: cancelled() });
      if (running) settle(running, { error: cancelled() });
      running = null;
      clearTimeout(timer);
      current?.terminate();
      current = null;
    },
  };
}
