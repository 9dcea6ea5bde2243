import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PERF_MARKS } from '../../lib/perfMarks.ts';
import { canvasPhoto, choosePhoto, pickFile, renderSupportEditor, supportEditorTestLifecycle, testCampaign } from '../../testing/supportEditorUi.tsx';

const campaign = testCampaign({
  uri: 'hari-bumi',
  title: 'Hari Bumi',
  thumbnailUrl: '/tests/fixtures/generated/frame-circle.png',
  frames: [{ id: 'f1', position: 0, url: '/tests/fixtures/generated/frame-circle.png', width: 1080, height: 1080, holes: [] }],
});

const marks = () => performance.getEntriesByType('mark').filter((entry) => entry.name.startsWith('bingkai:'));
const names = () => marks().map((entry) => entry.name);
const at = (name: string) => marks().find((entry) => entry.name === name)?.startTime ?? Number.NaN;

supportEditorTestLifecycle();

afterEach(() => {
  performance.clearMarks();
});

// bench/realPage.ts reads these marks from the built app: pick → preview and Next → result.
describe('SupportEditor performance marks', () => {
  it('marks the pick, the first draw of each newly placed photo, Next and the finished result, in that order', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderSupportEditor(campaign);
    performance.clearMarks();

    await choosePhoto(await canvasPhoto(1600, 1200));
    await waitFor(() => expect(names()).toEqual([PERF_MARKS.pick, PERF_MARKS.preview]), { timeout: 30_000 });
    expect(at(PERF_MARKS.preview)).toBeGreaterThan(at(PERF_MARKS.pick));

    // A second photo into the open adjuster: its placed photo is drawn again, so it gets a mark of its own.
    performance.clearMarks();
    await pickFile(await canvasPhoto(1200, 1600, undefined, 'second.jpg'));
    await waitFor(() => expect(names()).toEqual([PERF_MARKS.pick, PERF_MARKS.preview]), { timeout: 60_000 });
    expect(at(PERF_MARKS.preview)).toBeGreaterThan(at(PERF_MARKS.pick));

    const next = screen.getByRole('button', { name: 'Next' });
    await waitFor(() => expect(next).toHaveProperty('disabled', false), { timeout: 30_000 });
    performance.clearMarks();
    await act(async () => {
      fireEvent.click(next);
    });
    await screen.findByRole('heading', { name: 'Result page' }, { timeout: 60_000 });
    expect(names()).toEqual([PERF_MARKS.next, PERF_MARKS.result]);
    expect(at(PERF_MARKS.result)).toBeGreaterThan(at(PERF_MARKS.next));
  });
});
