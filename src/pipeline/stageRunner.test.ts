import { describe, expect, it } from 'vitest';
import type { ProgressEvent } from './pipelineApi.ts';
import { createStageRunner } from './stageRunner.ts';
import { createWorkerSlot } from './workerSlot.ts';

/** An in-process worker whose calls wait until the test answers or fails them. */
function fakeWorker() {
  const calls: { jobId: number; answer(value: number): void; fail(error: Error): void }[] = [];
  const cancelled: number[] = [];
  const api = {
    work: (jobId: number) => new Promise<number>((resolve, reject) => calls.push({ jobId, answer: resolve, fail: reject })),
    cancel: async (jobId: number) => void cancelled.push(jobId),
  };
  const slot = createWorkerSlot(() => ({ api, terminate() {}, onCrash() {} }));
  return { slot, calls, cancelled };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup(timeoutMs = 30_000) {
  const runner = createStageRunner(timeoutMs);
  const events: ProgressEvent[] = [];
  const unsubscribe = runner.onProgress((event) => events.push(event));
  return { runner, events, unsubscribe, ...fakeWorker() };
}

describe('createStageRunner', () => {
  it('reports start when the worker takes the job and done with its time, and the worker share only when asked', async () => {
    const { runner, events, slot, calls } = setup();
    const first = runner.stage(slot, 'decode', (api, jobId) => api.work(jobId), { fallback: 'DECODE_CORRUPT' });
    const second = runner.stage(slot, 'face', (api, jobId) => api.work(jobId), { fallback: 'MODEL_LOAD_FAILED', workerMs: (value) => value / 2 });
    await flush();
    // The second job waits in the queue: no clock and no event for it yet.
    expect(events).toEqual([{ stage: 'decode', status: 'start' }]);
    calls[0]!.answer(1);
    await expect(first).resolves.toBe(1);
    await flush();
    calls[1]!.answer(8);
    await expect(second).resolves.toBe(8);
    expect(events.map((e) => [e.stage, e.status])).toEqual([['decode', 'start'], ['decode', 'done'], ['face', 'start'], ['face', 'done']]);
    expect(events[1]).toEqual({ stage: 'decode', status: 'done', ms: expect.any(Number) });
    expect(events[3]).toMatchObject({ status: 'done', workerMs: 4 });
  });

  it('turns a failure into a PipelineError with the stage fallback and reports its code', async () => {
    const { runner, events, slot, calls } = setup();
    const outcome = runner.stage(slot, 'encode', (api, jobId) => api.work(jobId), { fallback: 'ENCODE_FAILED' }).catch((error: unknown) => error);
    await flush();
    calls[0]!.fail(new Error('no encoder'));
    expect(await outcome).toMatchObject({ code: 'ENCODE_FAILED', message: 'no encoder' });
    expect(events.at(-1)).toEqual({ stage: 'encode', status: 'error', ms: expect.any(Number), code: 'ENCODE_FAILED' });
  });

  it('cancels through the worker on abort; a job aborted before it started reports nothing', async () => {
    const { runner, events, slot, calls, cancelled } = setup();
    const running = new AbortController();
    const queued = new AbortController();
    const first = runner.stage(slot, 'composite', (api, jobId) => api.work(jobId), { fallback: 'RENDER_FAILED', signal: running.signal }).catch((e: unknown) => e);
    const second = runner.stage(slot, 'encode', (api, jobId) => api.work(jobId), { fallback: 'ENCODE_FAILED', signal: queued.signal }).catch((e: unknown) => e);
    await flush();
    queued.abort();
    expect(await second).toMatchObject({ code: 'CANCELLED' });
    running.abort();
    expect(await first).toMatchObject({ code: 'CANCELLED' });
    expect(cancelled).toEqual([calls[0]!.jobId]);
    expect(events.map((e) => [e.stage, e.status])).toEqual([['composite', 'start'], ['composite', 'error']]);
  });

  it("gives a stage the runner's time-out when it asks for none", async () => {
    const { runner, slot } = setup(20);
    await expect(runner.stage(slot, 'place', (api, jobId) => api.work(jobId), { fallback: 'RENDER_FAILED' })).rejects.toMatchObject({ code: 'WORKER_CRASHED' });
  });

  it('stops telling a listener that unsubscribed, and clear() drops them all', async () => {
    const { runner, events, unsubscribe, slot, calls } = setup();
    const other: ProgressEvent[] = [];
    runner.onProgress((event) => other.push(event));
    unsubscribe();
    const job = runner.stage(slot, 'place', (api, jobId) => api.work(jobId), { fallback: 'RENDER_FAILED' });
    await flush();
    runner.clear();
    calls[0]!.answer(0);
    await job;
    expect(events).toEqual([]);
    expect(other).toEqual([{ stage: 'place', status: 'start' }]);
  });
});
