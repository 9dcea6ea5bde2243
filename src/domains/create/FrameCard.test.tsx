import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignType } from '../../../contract/campaign.ts';
import type { HoleRegion } from '../../pipeline/index.ts';
import { initTestI18n, missingKeys } from '../../testing/i18n.ts';
import { FrameCard } from './FrameCard.tsx';
import { draftFromFile, type FrameAnalysisState, type FrameDraft } from './frameDrafts.ts';

const rect = (x: number, y: number, width: number, height: number) => ({ x, y, width, height });
const hole = (r: ReturnType<typeof rect>) => ({ ...r, area: r.width * r.height, share: (r.width * r.height) / (1080 * 1080) });
const noop = () => {};

/** A round hole on the left whose edge fades out, and a rectangle on the right: what the worker answers for such a frame. */
const left: HoleRegion = { hole: rect(60, 330, 420, 420), cover: rect(40, 310, 460, 460), body: rect(122, 392, 296, 296), softEdge: true, shape: 'ellipse' };
const right: HoleRegion = { hole: rect(640, 350, 360, 380), cover: rect(640, 350, 360, 380), body: rect(640, 350, 360, 380), softEdge: false, shape: 'rectangle' };
const analysed: FrameAnalysisState = {
  status: 'ready',
  loaded: { frameId: 'f1', analysis: { width: 1080, height: 1080, transparentShare: 0.3, holes: [hole(left.hole), hole(right.hole)] }, regions: [left, right] },
};

function renderCard(draft: FrameDraft, type: CampaignType = 'frame') {
  render(
    <ul>
      <FrameCard type={type} draft={draft} index={0} count={1} selected={false} onSelect={noop} onMove={noop} onReplace={noop} onRemove={noop} onDragStart={noop} onDrop={noop} onStartBackground={noop} />
    </ul>,
  );
  return screen.getByTestId('frame-card');
}

const picked = (analysis: FrameAnalysisState) => draftFromFile(new File(['x'], 'twins.png', { type: 'image/png' }), 'blob:twins', analysis);

beforeAll(async () => {
  await initTestI18n('en');
});

afterEach(() => {
  cleanup();
  expect([...missingKeys]).toEqual([]);
});

describe('FrameCard', () => {
  it('says in words what the analysis found, describes the frame button with it, and outlines the fading hole’s cover box', () => {
    const card = renderCard(picked(analysed));
    const sentences = [
      '2 holes found: a round one (left, 420 × 420 px) and a rectangular one (right, 360 × 380 px).',
      "The left hole's edges fade out: a supporter's photo covers 460 × 460 px there, the fading rim included.",
    ];
    expect([...within(card).getByTestId('hole-summary').querySelectorAll('span')].slice(1).map((span) => span.textContent)).toEqual(sentences);
    // A screen reader hears the summary with the frame itself.
    expect(within(card).getByRole('button', { name: 'Show frame 1 in the preview', description: sentences.join(' ') })).toBeTruthy();
    const overlay = within(card).getByTestId('hole-overlay');
    expect(overlay.querySelectorAll('[data-hole]')).toHaveLength(2);
    const covers = [...overlay.querySelectorAll('[data-cover]')];
    expect(covers.map((cover) => cover.getAttribute('data-cover'))).toEqual(['0']);
    expect(['x', 'y', 'width', 'height'].map((name) => Number(covers[0]!.getAttribute(name)))).toEqual([40, 310, 460, 460]);
  });

  it('counts the holes of a frame only the server checked, and outlines no cover box', () => {
    const checked: FrameDraft = {
      ...picked({ status: 'unsupported' }),
      upload: { status: 'checked', checked: { key: 'uploads/frame/u/f1', width: 1080, height: 1080, holes: [hole(left.hole), hole(right.hole)], transparentShare: 0.3 } },
    };
    const card = renderCard(checked);
    expect(within(card).getByTestId('hole-summary').textContent).toBe('2 holes found');
    expect(within(card).getByRole('button', { name: 'Show frame 1 in the preview', description: '2 holes found' })).toBeTruthy();
    expect(within(card).getByTestId('hole-overlay').querySelectorAll('[data-cover]')).toHaveLength(0);
  });

  it('says the photo goes over a background design without holes, and nothing while the analysis runs', () => {
    const whole = hole(rect(0, 0, 1080, 1080));
    const design = picked({ status: 'ready', loaded: { frameId: 'b', analysis: { width: 1080, height: 1080, transparentShare: 0, holes: [whole] }, regions: [{ ...right, hole: whole, cover: whole, body: whole }] } });
    expect(within(renderCard(design, 'background')).getByTestId('hole-summary').textContent).toBe('Photos go over the whole design');
    cleanup();
    const card = renderCard(picked({ status: 'pending' }));
    expect(within(card).queryByTestId('hole-summary')).toBeNull();
    expect(within(card).getByRole('button', { name: 'Show frame 1 in the preview' }).hasAttribute('aria-describedby')).toBe(false);
  });
});
