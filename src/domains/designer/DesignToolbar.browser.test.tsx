/**
 * The toolbar laid out for real (Tailwind styles, Chromium) at phone widths, inside the designer: undo and
 * redo must be on screen without scrolling the toolbar, whatever else has to scroll.
 */
import '../../testing/appStyles.ts';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { blankDocument } from '../../../core/design/defaultElements.ts';
import { initBrowserTestI18n, missingBrowserKeys } from '../../testing/browserI18n.ts';
import { useDesignStore } from './designStore.ts';
import { FrameDesigner } from './FrameDesigner.tsx';

/** True when the button's whole box is on screen and nothing (a scroll container's edge) hides its centre. */
function fullyVisible(element: HTMLElement): boolean {
  const box = element.getBoundingClientRect();
  const onScreen = box.left >= 0 && box.top >= 0 && box.right <= window.innerWidth && box.bottom <= window.innerHeight && box.width > 0;
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return onScreen && !!hit && element.contains(hit);
}

beforeAll(() => initBrowserTestI18n());
beforeEach(() => {
  missingBrowserKeys.clear();
  useDesignStore.getState().load(blankDocument({ id: 'phone', name: 'Phone frame', kind: 'frame', width: 1080, height: 1080 }));
});
afterEach(() => {
  cleanup();
  useDesignStore.getState().reset();
  expect([...missingBrowserKeys]).toEqual([]);
});
afterAll(() => page.viewport(1280, 900));

describe('the designer toolbar on phones', () => {
  for (const width of [360, 375, 390]) {
    it(`shows undo and redo without scrolling at ${width} px`, async () => {
      await page.viewport(width, 780);
      render(<FrameDesigner type="frame" pipeline={null} pipelineSupported={false} signedIn={false} onUse={() => {}} onClose={() => {}} />);
      // Something to undo, then to redo: both enabled, so both are real targets.
      act(() => useDesignStore.getState().dispatch({ type: 'updateDocument', patch: { name: 'Edited' } }));
      act(() => useDesignStore.getState().dispatch({ type: 'updateDocument', patch: { name: 'Edited twice' } }));
      act(() => useDesignStore.getState().undo());
      const toolbar = screen.getByRole('toolbar', { name: 'Design tools' });
      expect(toolbar.getBoundingClientRect().right).toBeLessThanOrEqual(width);
      for (const name of ['Undo', 'Redo']) {
        const button = screen.getByRole('button', { name });
        expect((button as HTMLButtonElement).disabled, name).toBe(false);
        expect(fullyVisible(button), `${name} at ${width} px`).toBe(true);
      }
    });
  }
});
