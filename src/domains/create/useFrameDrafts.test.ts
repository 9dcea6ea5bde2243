import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LoadedFrame, Pipeline } from '../../pipeline/index.ts';
import { useFrameDrafts } from './useFrameDrafts.ts';

const analysis = { width: 1080, height: 1080, holes: [{ x: 340, y: 340, width: 400, height: 400, area: 160_000, share: 0.137 }], transparentShare: 0.14 };

/** A pipeline that only answers analyzeFrame, counting the calls. */
function countingPipeline() {
  const calls: unknown[] = [];
  const pipeline = {
    analyzeFrame: (frame: unknown) => {
      calls.push(frame);
      return Promise.resolve({ frameId: `analysed-${calls.length}`, analysis, regions: [] });
    },
  } as unknown as Pipeline;
  return { pipeline, calls };
}

const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

describe('useFrameDrafts', () => {
  it('analyses a picked frame in the pipeline once', async () => {
    const { pipeline, calls } = countingPipeline();
    const { result } = renderHook(() => useFrameDrafts({ type: 'frame', pipeline, pipelineSupported: true, signedIn: false }));
    act(() => void result.current.add([png('picked.png')]));
    await waitFor(() => expect(result.current.drafts[0]?.analysis.status).toBe('ready'));
    expect(calls).toHaveLength(1);
  });

  it('takes a designed frame with the analysis the export made, without analysing it again', async () => {
    const { pipeline, calls } = countingPipeline();
    const loaded: LoadedFrame = { frameId: 'exported-design', analysis, regions: [] };
    const { result } = renderHook(() => useFrameDrafts({ type: 'frame', pipeline, pipelineSupported: true, signedIn: false }));
    act(() => void result.current.add([png('design.png')], loaded));
    expect(result.current.drafts[0]?.analysis).toEqual({ status: 'ready', loaded });
    const replacedId = result.current.drafts[0]!.localId;
    act(() => void result.current.replace(replacedId, png('design-2.png'), { ...loaded, frameId: 'exported-again' }));
    expect(result.current.drafts[0]?.analysis).toEqual({ status: 'ready', loaded: { ...loaded, frameId: 'exported-again' } });
    // Let the analysis effect run: it finds nothing pending.
    await act(async () => {});
    expect(calls).toHaveLength(0);
  });
});
