/** How a test makes a worker fail: an uncaught error, or a job that never answers. */
export type CrashMode = 'throw' | 'hang';

/** The test-only method the test workers (workers/*.testWorker.ts) add to a worker's API. */
export interface CrashHook {
  crash(mode: CrashMode): Promise<never>;
}
