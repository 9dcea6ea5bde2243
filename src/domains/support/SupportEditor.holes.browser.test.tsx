import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getSupportResult } from './supportResult.ts';
import { missingBrowserKeys } from '../../testing/browserI18n.ts';
import { canvasPhoto, choosePhoto, pickFile, renderSupportEditor, supportEditorTestLifecycle, testCampaign } from '../../testing/supportEditorUi.tsx';

/** tests/fixtures: 1080², a round window centred (300, 500) r 230 and a rounded one (620, 310) 360 × 380. */
const campaign = testCampaign({
  uri: 'dua-jendela',
  title: 'Dua Jendela',
  frames: [{ id: 'f1', position: 0, url: '/tests/fixtures/generated/frame-two-holes.png', width: 1080, height: 1080, holes: [] }],
  // A creator-plan campaign: no watermark over the pixels the tests read.
  premium: true,
});
const LEFT = { x: 300, y: 500 };
const RIGHT = { x: 800, y: 500 };
const BLUE = [37, 99, 235];
const ORANGE = [245, 158, 11];
const WHITE = [255, 255, 255];

supportEditorTestLifecycle();

/** A face-less 4:3 photo, blue on the left half and orange on the right. */
const halvesPhoto = () =>
  canvasPhoto(800, 600, (context) => {
    context.fillStyle = `rgb(${BLUE.join(',')})`;
    context.fillRect(0, 0, 400, 600);
    context.fillStyle = `rgb(${ORANGE.join(',')})`;
    context.fillRect(400, 0, 400, 600);
  });
const solidPhoto = (color: number[], width = 600, height = 600) =>
  canvasPhoto(width, height, (context) => {
    context.fillStyle = `rgb(${color.join(',')})`;
    context.fillRect(0, 0, width, height);
  });

const surface = () => screen.getByRole('application', { name: /^Photo position/ });
const next = () => screen.getByRole('button', { name: 'Next' });
const near = (actual: number[], expected: number[], tolerance = 12) => expected.every((value, i) => Math.abs((actual[i] ?? 0) - value) <= tolerance);

/** A pixel of the adjuster's canvas at a frame point (RGBA). */
function stagePixel(point: { x: number; y: number }): number[] {
  const canvas = surface().querySelector('canvas')!;
  const k = canvas.width / 1080;
  return [...canvas.getContext('2d')!.getImageData(Math.round(point.x * k), Math.round(point.y * k), 1, 1).data];
}

/** A pointer event on the adjuster at a frame point. */
function pointer(type: string, point: { x: number; y: number }) {
  const element = surface();
  const box = element.getBoundingClientRect();
  const k = box.width / 1080;
  element.dispatchEvent(new PointerEvent(type, { pointerId: 1, pointerType: 'mouse', isPrimary: true, button: 0, clientX: box.left + point.x * k, clientY: box.top + point.y * k, bubbles: true, cancelable: true }));
}

async function press(name: string, times = 1) {
  for (let i = 0; i < times; i++) {
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name }));
    });
  }
}

/** The rendered result's pixel at a frame point (RGBA). */
async function resultPixel(point: { x: number; y: number }): Promise<number[]> {
  const bitmap = await createImageBitmap(getSupportResult(campaign.uri)!.blob);
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext('2d')!;
  context.drawImage(bitmap, 0, 0);
  bitmap.close();
  return [...context.getImageData(point.x, point.y, 1, 1).data];
}

describe('SupportEditor with a two-hole frame', () => {
  it('puts the photo in both holes, edits the hole clicked alone, and gives one hole another photo', async () => {
    renderSupportEditor(campaign);
    await choosePhoto(await halvesPhoto());
    // Both windows show the photo (centred on each, so its blue half on the left of each window), none is white.
    await waitFor(() => {
      expect(near(stagePixel({ x: LEFT.x - 30, y: LEFT.y }), BLUE)).toBe(true);
      expect(near(stagePixel({ x: RIGHT.x - 30, y: RIGHT.y }), BLUE)).toBe(true);
    });
    expect(near(stagePixel({ x: RIGHT.x + 30, y: RIGHT.y }), ORANGE)).toBe(true);
    expect(near(stagePixel(RIGHT), WHITE)).toBe(false);

    // A click in the right window makes it the edited one, without moving anything.
    const firstArea = screen.getByRole('radio', { name: 'Photo area 1' }) as HTMLInputElement;
    const leftIsFirst = firstArea.checked;
    act(() => {
      pointer('pointerdown', RIGHT);
      pointer('pointerup', RIGHT);
    });
    const rightArea = screen.getByRole('radio', { name: leftIsFirst ? 'Photo area 2' : 'Photo area 1' });
    expect(rightArea).toHaveProperty('checked', true);
    expect(surface().getAttribute('aria-label')).toBe(`Photo position, photo area ${leftIsFirst ? 2 : 1} of 2`);
    expect(near(stagePixel({ x: RIGHT.x - 30, y: RIGHT.y }), BLUE)).toBe(true);

    // Dragging 60 frame px to the left moves the right photo only: orange reaches where blue was.
    act(() => {
      pointer('pointerdown', RIGHT);
      pointer('pointermove', { x: RIGHT.x - 60, y: RIGHT.y });
      pointer('pointerup', { x: RIGHT.x - 60, y: RIGHT.y });
    });
    await waitFor(() => expect(near(stagePixel({ x: RIGHT.x - 30, y: RIGHT.y }), ORANGE)).toBe(true));
    expect(near(stagePixel({ x: LEFT.x - 30, y: LEFT.y }), BLUE)).toBe(true);

    // Another photo for the edited (right) window only.
    await pickFile(await solidPhoto([22, 163, 74]), 'Use another photo for this area');
    await waitFor(() => expect(near(stagePixel(RIGHT), [22, 163, 74])).toBe(true), { timeout: 60_000 });
    expect(near(stagePixel({ x: LEFT.x - 30, y: LEFT.y }), BLUE)).toBe(true);
    expect(near(stagePixel({ x: LEFT.x + 30, y: LEFT.y }), ORANGE)).toBe(true);

    // The result has both: the first photo on the left, the green one on the right.
    await waitFor(() => expect(next()).toHaveProperty('disabled', false));
    await act(async () => {
      fireEvent.click(next());
    });
    await screen.findByRole('heading', { name: 'Result page' }, { timeout: 60_000 });
    expect(near(await resultPixel({ x: LEFT.x - 30, y: LEFT.y }), BLUE)).toBe(true);
    expect(near(await resultPixel(RIGHT), [22, 163, 74])).toBe(true);
    expect(missingBrowserKeys.size).toBe(0);
  });

  /** Above the 4:1 strip, zoomed out to all visible: inside the round window, outside the photo. */
  const UNCOVERED = { x: 300, y: 330 };

  it.each([
    // The default: the strip stretched over the window and blurred, so blue.
    { choice: 'Blurred photo', format: 'jpeg', check: (pixel: number[]) => pixel[3] === 255 && (pixel[2] ?? 0) > 150 && (pixel[0] ?? 0) < 120 },
    { choice: 'Edge colour', format: 'jpeg', check: (pixel: number[]) => near(pixel, [...BLUE, 255], 16) },
    { choice: 'Colour', format: 'jpeg', check: (pixel: number[]) => near(pixel, [0, 255, 0, 255]) },
    { choice: 'Transparent (saves a PNG)', format: 'png', check: (pixel: number[]) => pixel[3] === 0 },
  ])('a photo zoomed out below cover gets the fill chosen ($choice), in the preview and the $format result', async ({ choice, format, check }) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderSupportEditor(campaign);
    await choosePhoto(await solidPhoto(BLUE, 1200, 300));
    // Edit the round window.
    act(() => {
      pointer('pointerdown', LEFT);
      pointer('pointerup', LEFT);
    });
    expect(screen.queryByTestId('hole-fill-picker')).toBeNull();
    await press('Zoom out', 16);
    const picker = await screen.findByTestId('hole-fill-picker');
    expect(screen.getByRole('radio', { name: 'Blurred photo' })).toHaveProperty('checked', true);
    expect(near(stagePixel(LEFT), BLUE)).toBe(true);

    await act(async () => {
      fireEvent.click(screen.getByRole('radio', { name: choice }));
    });
    if (choice === 'Colour') {
      await act(async () => {
        fireEvent.change(screen.getByLabelText('Fill colour'), { target: { value: '#00ff00' } });
      });
      await waitFor(() => expect(near(stagePixel(UNCOVERED), [0, 255, 0])).toBe(true));
    }
    expect(picker.isConnected).toBe(true);

    await act(async () => {
      fireEvent.click(next());
    });
    await screen.findByRole('heading', { name: 'Result page' }, { timeout: 60_000 });
    const result = getSupportResult(campaign.uri)!;
    expect(result).toMatchObject({ format, fileName: `bingkai-dua-jendela.${format === 'png' ? 'png' : 'jpg'}` });
    expect(result.blob.type).toBe(`image/${format}`);
    const pixel = await resultPixel(UNCOVERED);
    expect(check(pixel), `uncovered pixel ${pixel.join(',')}`).toBe(true);
    expect(near(await resultPixel(LEFT), [...BLUE, 255])).toBe(true);
  });

  it("keeps each window's photo on a frame with as many windows, and puts the first window's photo everywhere on another", async () => {
    const twoHoles = campaign.frames[0]!;
    renderSupportEditor({
      ...campaign,
      frames: [twoHoles, { ...twoHoles, id: 'f2', position: 1 }, { id: 'f3', position: 2, url: '/tests/fixtures/generated/frame-circle.png', width: 1080, height: 1080, holes: [] }],
    });
    await choosePhoto(await solidPhoto(BLUE));
    await act(async () => {
      fireEvent.click(screen.getByRole('radio', { name: 'Photo area 2' }));
    });
    await pickFile(await solidPhoto([22, 163, 74]), 'Use another photo for this area');
    const isGreen = (point: { x: number; y: number }) => near(stagePixel(point), [22, 163, 74]);
    await waitFor(() => expect(isGreen(LEFT) !== isGreen(RIGHT)).toBe(true), { timeout: 60_000 });
    const second = isGreen(LEFT) ? LEFT : RIGHT;
    const first = second === LEFT ? RIGHT : LEFT;

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Frame 2' }));
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Frame 2' }).getAttribute('aria-pressed')).toBe('true'));
    await waitFor(() => expect(next()).toHaveProperty('disabled', false), { timeout: 30_000 });
    expect(isGreen(second)).toBe(true);
    expect(near(stagePixel(first), BLUE)).toBe(true);

    // One window: the first window's photo; back on two windows, it fills both.
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Frame 3' }));
    });
    await waitFor(() => expect(screen.queryByRole('radio', { name: 'Photo area 1' })).toBeNull(), { timeout: 30_000 });
    await waitFor(() => expect(near(stagePixel({ x: 540, y: 500 }), BLUE)).toBe(true));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Frame 1' }));
    });
    await waitFor(() => expect(screen.getAllByRole('radio', { name: /^Photo area/ })).toHaveLength(2), { timeout: 30_000 });
    await waitFor(() => {
      expect(near(stagePixel(LEFT), BLUE)).toBe(true);
      expect(near(stagePixel(RIGHT), BLUE)).toBe(true);
    });
  });

  it('offers the fill choice only while a photo is zoomed out below cover', async () => {
    renderSupportEditor(campaign);
    await choosePhoto(await solidPhoto(BLUE, 1200, 300));
    expect(screen.queryByTestId('hole-fill-picker')).toBeNull();
    await press('Zoom out', 3);
    await screen.findByTestId('hole-fill-picker');
    await press('Zoom in', 4);
    await waitFor(() => expect(screen.queryByTestId('hole-fill-picker')).toBeNull());
  });
});
