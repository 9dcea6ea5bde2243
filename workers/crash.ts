import type { CrashMode } from '../core/pipelineTypes.ts';

/** Test hook of both workers: fails the way a real crash or a hung stage would, so the facade's recovery can be tested. */
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
