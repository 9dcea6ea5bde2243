import type { Size } from '../geometry.ts';

/** One decode of a photo's working pixels in the test image worker: the longest side asked for, and the size made once done. */
export interface WorkingDecode {
  side: number;
  made?: Size;
}

/** Test-only methods of workers/image.testWorker.ts around the working-image decodes (workers/testing/workingDecodes.ts). */
export interface WorkingDecodeHook {
  /** Working decodes started from now on wait until releaseWorkingDecodes. */
  holdWorkingDecodes(): Promise<void>;
  releaseWorkingDecodes(): Promise<void>;
  /** Every working decode started so far, oldest first. */
  workingDecodes(): Promise<WorkingDecode[]>;
}
