import * as Comlink from 'comlink';
import type { WorkerHandle } from './workerSlot.ts';

/** Wraps a module worker with Comlink; `error` events count as crashes. */
export function startWorker<Api>(worker: Worker): WorkerHandle<Api> {
  const api = Comlink.wrap<Api>(worker) as unknown as Api;
  return {
    api,
    terminate: () => worker.terminate(),
    onCrash: (listener) => {
      worker.addEventListener('error', (event) => {
        event.preventDefault();
        listener(event.message || 'uncaught error');
      });
      worker.addEventListener('messageerror', () => listener('message could not be read'));
    },
  };
}
