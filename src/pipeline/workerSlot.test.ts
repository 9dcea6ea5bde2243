import { afterEach, describe, expect, it, vi } from 'vitest';
import { PipelineError } from '../../core/pipelineTypes.ts';
import { isPipelineError, toPipelineError } from './pipelineErrors.ts';
import { createWorkerSlot, type WorkerHandle } from './workerSlot.ts';

/** An in-process stand-in for a worker: calls wait until the test answers them. */
class FakeWorker {
  static started: FakeWorker[] = [];
  terminated = false;
  cancelled: number[] = [];
  calls: { jobId: number; input: string; answer(value: string): void; fail(error: Error): void }[] = [];
  private crashListener: ((reason: string) => void) | null = null;
  readonly api = {
    echo: (jobId: number, input: string) =>
      new Promise<string>((resolve, reject) => this.calls.push({ jobId, input, answer: resolve, fail: reject })),
    cancel: (jobId: number) => void this.cancelled.push(jobId),
  };
  constructor() {
    FakeWorker.started.push(this);
  }
  handle(): WorkerHandle<FakeWorker['api']> {
    return { api: this.api, terminate: () => void (this.terminated = true), onCrash: (listener) => void (this.crashListener = listener) };
  }
  crash(): void {
    this.crashListener?.('uncaught error');
  }
}

function slot() {
  FakeWorker.started = [];
  return createWorkerSlot(() => new FakeWorker().handle());
}

const echo = (input: string, signal?: AbortSignal, timeoutMs?: number) =>
  [
    (api: FakeWorker['api'], jobId: number) => api.echo(jobId, input),
    { fallback: 'RENDER_FAILED' as const, cancel: (api: FakeWorker['api'], jobId: number) => api.cancel(jobId), ...(signal ? { signal } : {}), ...(timeoutMs ? { timeoutMs } : {}) },
  ] as const;

/** Lets pending promise callbacks run. */
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => vi.useRealTimers());

describe('createWorkerSlot', () => {
  it('starts the worker on first use and runs one job at a time, in order', async () => {
    const s = slot();
    expect(FakeWorker.started).toHaveLength(0);
    const first = s.run(...echo('a'));
    const second = s.run(...echo('b'));
    await flush();
    const worker = FakeWorker.started[0]!;
    expect(FakeWorker.started).toHaveLength(1);
    expect(worker.calls.map((c) => c.input)).toEqual(['a']);
    worker.calls[0]!.answer('A');
    await expect(first).resolves.toBe('A');
    await flush();
    expect(worker.calls.map((c) => c.input)).toEqual(['a', 'b']);
    worker.calls[1]!.answer('B');
    await expect(second).resolves.toBe('B');
  });

  it('drops an aborted queued job without sending it to the worker', async () => {
    const s = slot();
    const controller = new AbortController();
    const first = s.run(...echo('a'));
    const second = s.run(...echo('b', controller.signal));
    controller.abort();
    await expect(second).rejects.toMatchObject({ code: 'CANCELLED' });
    FakeWorker.started[0]!.calls[0]!.answer('A');
    await first;
    await flush();
    expect(FakeWorker.started[0]!.calls.map((c) => c.input)).toEqual(['a']);
  });

  it('rejects a running job at once when aborted, asks the worker to stop, and discards its late answer', async () => {
    const s = slot();
    const controller = new AbortController();
    const first = s.run(...echo('a', controller.signal));
    const second = s.run(...echo('b'));
    await flush();
    const worker = FakeWorker.started[0]!;
    controller.abort();
    await expect(first).rejects.toSatisfy((e) => isPipelineError(e, 'CANCELLED'));
    expect(worker.cancelled).toEqual([worker.calls[0]!.jobId]);
    // The worker is still busy with the cancelled job: the next one waits for its answer.
    expect(worker.calls).toHaveLength(1);
    worker.calls[0]!.answer('late');
    await flush();
    expect(worker.calls.map((c) => c.input)).toEqual(['a', 'b']);
    worker.calls[1]!.answer('B');
    await expect(second).resolves.toBe('B');
  });

  it('rejects at once when the signal is already aborted', async () => {
    const s = slot();
    await expect(s.run(...echo('a', AbortSignal.abort()))).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(FakeWorker.started).toHaveLength(0);
  });

  it('maps worker errors back to PipelineError codes', async () => {
    const s = slot();
    const failing = s.run(...echo('a'));
    const other = s.run(...echo('b'));
    await flush();
    const worker = FakeWorker.started[0]!;
    // What Comlink hands back for a thrown PipelineError: a plain Error with the same name and message.
    const wire = Object.assign(new Error('bad pixels'), { name: 'PipelineError:DECODE_CORRUPT' });
    worker.calls[0]!.fail(wire);
    await expect(failing).rejects.toMatchObject({ code: 'DECODE_CORRUPT', message: 'bad pixels' });
    await flush();
    worker.calls[1]!.fail(new TypeError('boom'));
    await expect(other).rejects.toMatchObject({ code: 'RENDER_FAILED', message: 'boom' });
  });

  it('replaces a crashed worker: the running job fails with WORKER_CRASHED and the next call works', async () => {
    const s = slot();
    const first = s.run(...echo('a'));
    const second = s.run(...echo('b'));
    await flush();
    const crashed = FakeWorker.started[0]!;
    expect(s.generation).toBe(1);
    crashed.crash();
    await expect(first).rejects.toMatchObject({ code: 'WORKER_CRASHED' });
    expect(crashed.terminated).toBe(true);
    await flush();
    const fresh = FakeWorker.started[1]!;
    expect(s.generation).toBe(2);
    expect(fresh.calls.map((c) => c.input)).toEqual(['b']);
    // The crashed worker's late answer changes nothing.
    crashed.calls[0]!.answer('late');
    await flush();
    fresh.calls[0]!.answer('B');
    await expect(second).resolves.toBe('B');
  });

  it('treats a job that never answers as a crash', async () => {
    vi.useFakeTimers();
    const s = slot();
    const hung = s.run(...echo('a', undefined, 1000));
    const next = s.run(...echo('b'));
    const outcome = hung.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(999);
    expect(FakeWorker.started[0]!.terminated).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toMatchObject({ code: 'WORKER_CRASHED' });
    expect(FakeWorker.started[0]!.terminated).toBe(true);
    FakeWorker.started[1]!.calls[0]!.answer('B');
    await expect(next).resolves.toBe('B');
  });

  it('dispose ends the worker and cancels every job', async () => {
    const s = slot();
    const first = s.run(...echo('a'));
    const second = s.run(...echo('b'));
    await flush();
    s.dispose();
    await expect(first).rejects.toMatchObject({ code: 'CANCELLED' });
    await expect(second).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(FakeWorker.started[0]!.terminated).toBe(true);
    expect(s.started).toBe(false);
  });
});

describe('toPipelineError', () => {
  it('keeps PipelineErrors and ignores unknown codes in names', () => {
    const original = new PipelineError('ENCODE_FAILED', 'x');
    expect(toPipelineError(original, 'RENDER_FAILED')).toBe(original);
    const forged = Object.assign(new Error('y'), { name: 'PipelineError:NOPE' });
    expect(toPipelineError(forged, 'RENDER_FAILED').code).toBe('RENDER_FAILED');
    expect(toPipelineError('text', 'FRAME_INVALID')).toMatchObject({ code: 'FRAME_INVALID', message: 'text' });
  });
});
