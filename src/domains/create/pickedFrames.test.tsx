import { renderHook } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { emptyCampaignForm } from './campaignForm.ts';
import { keepPickedFrames, pickedFramesFor, useKeepPicksOnLeave, useWaitingPicks, type PickedFrames } from './pickedFrames.ts';

const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

/** The create form's use of both hooks: take what waited, leave `leave()` behind. */
function useForm(enabled: boolean, leave: () => PickedFrames | null) {
  const waiting = useWaitingPicks('frame', enabled);
  useKeepPicksOnLeave('frame', enabled, leave);
  return waiting;
}

describe('picked frames waiting for a create page', () => {
  it('keeps the picks of a page closed while signed out, hands them to the next one once, and survives StrictMode', () => {
    const picked = { files: [png('a.png')], values: { ...emptyCampaignForm(), title: 'Hari Guru' } };
    const first = renderHook(() => useForm(true, () => picked), { wrapper: StrictMode });
    expect(first.result.current).toBeUndefined();
    first.unmount();
    expect(pickedFramesFor('frame')).toEqual(picked);

    const second = renderHook(() => useForm(true, () => null), { wrapper: StrictMode });
    expect(second.result.current).toEqual(picked);
    // Taken: the page shows them now.
    expect(pickedFramesFor('frame')).toBeUndefined();
    second.unmount();
    // Signed in (leave() gives null): nothing waits for the next visit.
    expect(pickedFramesFor('frame')).toBeUndefined();
  });

  it('leaves nothing for the edit page, and adds handed files after those already waiting', () => {
    const edit = renderHook(() => useForm(false, () => ({ files: [png('kept.png')], values: emptyCampaignForm() })));
    edit.unmount();
    expect(pickedFramesFor('frame')).toBeUndefined();

    const one = png('one.png');
    const two = png('two.png');
    keepPickedFrames('background', { files: [one], values: emptyCampaignForm() });
    keepPickedFrames('background', { files: [one, two], values: { ...emptyCampaignForm(), title: 'Later' } });
    expect(pickedFramesFor('background')).toEqual({ files: [one, two], values: { ...emptyCampaignForm(), title: 'Later' } });
    renderHook(() => useWaitingPicks('background', true)).unmount();
    expect(pickedFramesFor('background')).toBeUndefined();
  });
});
