/** Shared steps of the support editor's browser tests: the editor under a router, photos made on a canvas, and picking them. */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, vi } from 'vitest';
import type { Campaign } from '../../contract/campaign.ts';
import { SupportEditor } from '../domains/support/SupportEditor.tsx';
import { clearSupportResult } from '../domains/support/supportResult.ts';
import { initBrowserTestI18n } from './browserI18n.ts';

/** Registers what every support editor browser test shares: real messages first, then no editor, result or mock left over. */
export function supportEditorTestLifecycle(): void {
  beforeAll(async () => {
    await initBrowserTestI18n();
  });
  afterEach(() => {
    cleanup();
    clearSupportResult();
    vi.restoreAllMocks();
  });
}

/** A campaign as the viewer API returns it: `uri`, `title` and `frames` given, the rest a plain public frame campaign by `ayu`. */
export function testCampaign(fields: Pick<Campaign, 'uri' | 'title' | 'frames'> & Partial<Campaign>): Campaign {
  return {
    type: 'frame',
    description: '',
    thumbnailUrl: fields.frames[0]?.url ?? '',
    supportersCount: 0,
    creator: { username: 'ayu', name: 'Ayu', avatarUrl: null },
    createdAt: '2026-01-01T00:00:00.000Z',
    caption: '',
    category: 'other',
    tags: [],
    visibility: 'public',
    premium: false,
    firstFrameDisplayUrl: null,
    ogImageUrl: '',
    ...fields,
  };
}

/** The editor at /:uri/support, with a stand-in result page to navigate to. */
export function renderSupportEditor(data: Campaign) {
  const router = createMemoryRouter(
    [
      { path: '/:uri/support', element: <SupportEditor campaign={data} /> },
      { path: '/:uri/result', element: <h1>Result page</h1> },
    ],
    { initialEntries: [`/${data.uri}/support`] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** A face-less JPEG of `width` × `height` px painted by `paint` (a flat `#2563eb` → `#f59e0b` gradient by default). */
export async function canvasPhoto(width: number, height: number, paint?: (context: OffscreenCanvasRenderingContext2D) => void, name = `photo-${width}x${height}.jpg`): Promise<File> {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d')!;
  if (paint) paint(context);
  else {
    const gradient = context.createLinearGradient(0, 0, width, height);
    gradient.addColorStop(0, '#2563eb');
    gradient.addColorStop(1, '#f59e0b');
    context.fillStyle = gradient;
    context.fillRect(0, 0, width, height);
  }
  return new File([await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.95 })], name, { type: 'image/jpeg' });
}

/** Picks `file` through the input labelled `label` ("Choose photo" by default). */
export async function pickFile(file: File, label = 'Choose photo'): Promise<void> {
  await act(async () => {
    fireEvent.change(screen.getByLabelText(label), { target: { files: [file] } });
  });
}

/** Picks a photo and waits until the adjuster shows it (decoding, face detection while the model may still load, placement). */
export async function choosePhoto(file: File): Promise<HTMLElement> {
  await pickFile(file);
  return screen.findByRole('application', { name: /^Photo position/ }, { timeout: 90_000 });
}
