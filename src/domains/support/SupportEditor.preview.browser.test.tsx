/**
 * Issue 12 §5: what the supporter sees while adjusting is what they download. For each background choice
 * of a background campaign, the adjuster's canvas (once the worker's preview is in) is compared with the
 * final render reduced to the canvas's size.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import Konva from 'konva';
import { describe, expect, it, vi } from 'vitest';
import { getSupportResult } from './supportResult.ts';
import { choosePhoto, renderSupportEditor, supportEditorTestLifecycle, testCampaign } from '../../testing/supportEditorUi.tsx';

const campaign = testCampaign({
  uri: 'latar-hijau',
  type: 'background',
  title: 'Latar Hijau',
  frames: [{ id: 'f1', position: 0, url: '/tests/fixtures/generated/frame-circle.png', width: 1080, height: 1080, holes: [] }],
  // A watermarked result: the preview must carry the mark where the result does.
});

supportEditorTestLifecycle();

async function samplePhoto(): Promise<File> {
  const blob = await (await fetch('/node_modules/@vladmandic/face-api/demo/sample6.jpg')).blob();
  return new File([blob], 'sample6.jpg', { type: 'image/jpeg' });
}

/** The adjuster's preview node, once the worker's picture of the committed state is on the stage. */
const previewNode = () => Konva.stages.at(-1)?.findOne('.preview');

/** The live Konva nodes (frame, photo, fill) the preview covers. */
const liveNodes = () => Konva.stages.at(-1)?.findOne('.live');

/** What the adjuster's canvas shows. */
function stagePixels(): ImageData {
  const canvas = screen.getByRole('application', { name: /^Photo position/ }).querySelector('canvas')!;
  return canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
}

/** Mean absolute difference per channel between what the adjuster showed and the result reduced to it. */
async function versusResult(shown: ImageData): Promise<number> {
  const canvas = { width: shown.width, height: shown.height };
  const bitmap = await createImageBitmap(getSupportResult(campaign.uri)!.blob);
  const reduced = new OffscreenCanvas(canvas.width, canvas.height);
  const context = reduced.getContext('2d')!;
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const result = context.getImageData(0, 0, canvas.width, canvas.height);
  let sum = 0;
  for (let i = 0; i < shown.data.length; i++) sum += Math.abs(shown.data[i]! - result.data[i]!);
  return sum / shown.data.length;
}

const choices = [
  { name: 'Keep', then: [] },
  { name: 'Blur', then: [] },
  { name: 'Colour', then: ['Red'] },
  { name: 'Campaign design', then: [] },
];

describe('the adjuster shows the result', () => {
  for (const choice of choices) {
    it(`matches the downloaded picture with the background "${choice.name}"`, async () => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      renderSupportEditor(campaign);
      await choosePhoto(await samplePhoto());
      for (const name of [choice.name, ...choice.then]) {
        await act(async () => {
          fireEvent.click(screen.getByRole('button', { name }));
        });
      }
      await waitFor(() => expect(previewNode()?.isVisible()).toBe(true), { timeout: 30_000 });
      // Konva draws a changed layer on the next animation frame.
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const shown = stagePixels();
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Next' }));
      });
      await waitFor(() => expect(getSupportResult(campaign.uri)).toBeTruthy(), { timeout: 60_000 });
      // The old adjuster (raw photo for "Colour", blurred face for "Blur", 70 % opacity for "Campaign design") is far above this.
      expect(await versusResult(shown)).toBeLessThan(4);
    }, 120_000);
  }

  it('hides the live nodes under the preview, and shows them while the picture moves away from it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderSupportEditor(campaign);
    const surface = await choosePhoto(await samplePhoto());
    await waitFor(() => expect(previewNode()?.isVisible()).toBe(true), { timeout: 30_000 });
    const first = previewNode();
    expect(liveNodes()?.isVisible()).toBe(false);
    await act(async () => {
      fireEvent.keyDown(surface, { key: '+' });
    });
    // The moved picture is not the previewed one: the live nodes show it until its own preview arrives.
    expect(previewNode() === first && first?.isVisible()).toBe(false);
    await waitFor(() => expect(previewNode() !== first && previewNode()?.isVisible()).toBe(true), { timeout: 30_000 });
    expect(liveNodes()?.isVisible()).toBe(false);
  }, 120_000);
});
