import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountDefaults, useAccountStore } from '../account/public.ts';
import { getSupportResult } from './supportResult.ts';
import { missingBrowserKeys } from '../../testing/browserI18n.ts';
import { canvasPhoto, choosePhoto, pickFile, renderSupportEditor as renderEditor, supportEditorTestLifecycle, testCampaign } from '../../testing/supportEditorUi.tsx';

const campaign = testCampaign({
  uri: 'hari-bumi',
  title: 'Hari Bumi',
  thumbnailUrl: '/tests/fixtures/generated/frame-circle.png',
  frames: [
    // Listed out of order: the editor follows `position`.
    { id: 'f2', position: 1, url: '/tests/fixtures/generated/frame-rounded.png', width: 1080, height: 1350, holes: [] },
    { id: 'f1', position: 0, url: '/tests/fixtures/generated/frame-circle.png', width: 1080, height: 1080, holes: [] },
  ],
});

const missingKeys = missingBrowserKeys;

supportEditorTestLifecycle();

afterEach(() => {
  useAccountStore.setState(accountDefaults());
});

async function samplePhoto(): Promise<File> {
  const blob = await (await fetch('/node_modules/@vladmandic/face-api/demo/sample1.jpg')).blob();
  return new File([blob], 'sample1.jpg', { type: 'image/jpeg' });
}

/** A face-less photo of `size` × `size` px (a gradient), as a JPEG file. */
const plainPhoto = (size: number) => canvasPhoto(size, size, undefined, `plain-${size}.jpg`);

/** The progress lines of a photo step, in the order supportStages.ts puts them. */
const PHOTO_PROGRESS = ['Opening your photo…', 'Loading the frame…', 'Reading your photo…', 'Finding faces…', 'Placing your photo…'];

const next = () => screen.getByRole('button', { name: 'Next' });

describe('SupportEditor', () => {
  it('places a chosen photo, switches frames, renders the watermarked result and hands it to the result page', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = renderEditor(campaign);
    expect(screen.getByTestId('watermark-notice').textContent).toContain('Made with Bingkai');
    expect(screen.getByRole('link', { name: /supporter plan/ }).getAttribute('href')).toBe('/pricing/supporters?plan=supporter');
    expect(next()).toHaveProperty('disabled', true);
    // Every message the status region announces during the flow.
    const status = screen.getByTestId('support-status');
    const announced: string[] = [];
    const observer = new MutationObserver(() => announced.push(status.textContent ?? ''));
    observer.observe(status, { childList: true, subtree: true, characterData: true });

    await choosePhoto(await samplePhoto());
    expect(screen.queryByRole('alert')).toBeNull();
    // While the photo loads the line only moves forward (never back to "Opening…" between two stages).
    const ranks = announced.filter((text) => PHOTO_PROGRESS.includes(text)).map((text) => PHOTO_PROGRESS.indexOf(text));
    expect(ranks.length).toBeGreaterThanOrEqual(2);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    await waitFor(() => expect(next()).toHaveProperty('disabled', false));

    const second = screen.getByRole('button', { name: 'Frame 2' });
    expect(screen.getByRole('button', { name: 'Frame 1' }).getAttribute('aria-pressed')).toBe('true');
    await act(async () => {
      fireEvent.click(second);
    });
    expect(second.getAttribute('aria-pressed')).toBe('true');
    // The adjuster follows the new frame's shape (1080 × 1350).
    await waitFor(
      () => {
        const surface = screen.getByRole('application', { name: 'Photo position' });
        const ratio = surface.getBoundingClientRect().height / surface.getBoundingClientRect().width;
        expect(ratio).toBeCloseTo(1350 / 1080, 1);
        expect(next()).toHaveProperty('disabled', false);
      },
      { timeout: 30_000 },
    );

    await act(async () => {
      fireEvent.click(next());
    });
    await screen.findByRole('heading', { name: 'Result page' }, { timeout: 60_000 });
    expect(router.state.location.pathname).toBe('/hari-bumi/result');
    observer.disconnect();
    expect([...announced]).toEqual(expect.arrayContaining(['Reading your photo…', 'Finding faces…', 'Composing your picture…']));

    const result = getSupportResult('hari-bumi');
    expect(result).not.toBeNull();
    expect(result).toMatchObject({ fileName: 'bingkai-hari-bumi.jpg', format: 'jpeg', width: 1080, height: 1350, frameId: 'f2', watermarked: true });
    expect(result?.blob.type).toBe('image/jpeg');
    const bitmap = await createImageBitmap(result!.blob);
    expect([bitmap.width, bitmap.height]).toEqual([1080, 1350]);
    bitmap.close();
    // Recording the support fails here (no API server): it is logged, never silently dropped, and never blocks.
    await waitFor(() => expect(logged.mock.calls.some(([message]) => String(message).includes('support could not be recorded'))).toBe(true), { timeout: 30_000 });
    expect(missingKeys.size).toBe(0);
  });

  it('shows no watermark notice on a creator-plan campaign and tells why a file cannot be used', async () => {
    renderEditor({ ...campaign, premium: true, frames: [campaign.frames[1]!] });
    expect(screen.queryByTestId('watermark-notice')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Frame 1' })).toBeNull();
    await pickFile(new File(['not a picture'], 'notes.jpg', { type: 'image/jpeg' }));
    const alert = await screen.findByRole('alert', {}, { timeout: 30_000 });
    expect(alert.textContent).toMatch(/damaged|not supported/);
    // Next to the picker, and focused so the page moves to it; there was no photo to keep.
    expect(screen.getByTestId('photo-drop-zone').contains(alert)).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(alert.textContent).not.toContain('previous photo');
    expect(next()).toHaveProperty('disabled', true);

    await pickFile(new File([], 'empty.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('This file is empty (0 bytes). Please choose another photo.'), { timeout: 30_000 });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('alert')));
    expect(missingKeys.size).toBe(0);
  });

  it('warns about a low-resolution photo as the zoom changes, and keeps the photo when a bad file follows', async () => {
    renderEditor({ ...campaign, premium: true, frames: [campaign.frames[1]!] });
    const notice = screen.getByTestId('low-resolution');
    // 1000 px across a hole of about 760 px: sharp until zoomed in past 1:1.
    await choosePhoto(await plainPhoto(1000));
    expect(notice.textContent).toBe('');
    const zoomIn = screen.getByRole('button', { name: 'Zoom in' });
    for (let press = 0; press < 3; press++) {
      await act(async () => {
        fireEvent.click(zoomIn);
      });
    }
    expect(notice.textContent).toMatch(/^Low resolution: \d+ × \d+ px of your photo fill \d+ × \d+ px of the picture/);
    const zoomOut = screen.getByRole('button', { name: 'Zoom out' });
    for (let press = 0; press < 3; press++) {
      await act(async () => {
        fireEvent.click(zoomOut);
      });
    }
    expect(notice.textContent).toBe('');

    await pickFile(await plainPhoto(240));
    await waitFor(() => expect(notice.textContent).toMatch(/^Low resolution: 240 × 240 px of your photo fill (\d+) × \1 px/), { timeout: 60_000 });
    const [, hole] = /fill (\d+) ×/.exec(notice.textContent ?? '') ?? [];
    expect(Number(hole)).toBeGreaterThan(700);
    expect(screen.queryByRole('alert')).toBeNull();

    // A bad file after a good one: the error says the photo is kept, and it is.
    await pickFile(new File([], 'empty.jpg', { type: 'image/jpeg' }));
    const alert = await screen.findByRole('alert', {}, { timeout: 30_000 });
    expect(alert.textContent).toBe('This file is empty (0 bytes). Please choose another photo.Your previous photo is kept.');
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(screen.getByRole('application', { name: 'Photo position' })).toBeTruthy();
    expect(notice.textContent).toMatch(/^Low resolution: 240 × 240 px/);
    expect(next()).toHaveProperty('disabled', false);
    expect(missingKeys.size).toBe(0);
  });

  it('renders a background campaign with the chosen background, without watermark for a supporter-plan member', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    useAccountStore.setState({ ...accountDefaults(), uuid: 'u-1', subscription: { plan: 'premiumn-monthly' } });
    renderEditor({ ...campaign, type: 'background', frames: [campaign.frames[1]!] });
    expect(screen.queryByTestId('watermark-notice')).toBeNull();
    await choosePhoto(await samplePhoto());
    const blur = screen.getByRole('button', { name: 'Blur' });
    expect(screen.getByRole('button', { name: 'Campaign design' }).getAttribute('aria-pressed')).toBe('true');
    await act(async () => {
      fireEvent.click(blur);
    });
    expect(blur.getAttribute('aria-pressed')).toBe('true');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Colour' }));
    });
    const red = screen.getByRole('button', { name: 'Red' });
    await act(async () => {
      fireEvent.click(red);
    });
    expect(red.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(next()).toHaveProperty('disabled', false));
    await act(async () => {
      fireEvent.click(next());
    });
    await screen.findByRole('heading', { name: 'Result page' }, { timeout: 90_000 });
    expect(getSupportResult('hari-bumi')).toMatchObject({ width: 1080, height: 1080, frameId: 'f1', watermarked: false });
  });
});
