import type { CrashMode } from '../../core/testing/crashHook.ts';

/** Test hook of both test workers (image.testWorker.ts, vision.testWorker.ts): fails the way a real crash or a hung stage would, so the facade's recovery can be tested. */
export function crash(mode: CrashMode): Promise<never> {
  if (mode === 'throw') {
    setTimeout(() => {
      throw new Error('Crash requested by a test');
    });
  } else {
    const forever = Number.POSITIVE_INFINITY;
    while (performance.now() < forever) {
      // Busy forever: a stage that never answers.
    }
  }
  return new Promise<never>(() => undefined);
}
