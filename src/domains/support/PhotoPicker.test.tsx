import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n, missingKeys } from '../../testing/i18n.ts';
import { PhotoPicker } from './PhotoPicker.tsx';

/** The primary input of a device, as the `pointer` and `hover` media features report it. */
interface Device {
  pointer: 'fine' | 'coarse';
  hover: 'hover' | 'none';
}

/** jsdom has no matchMedia: this one answers "(feature: value) and (feature: value)" for `device`. */
function emulateDevice(device: Device) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.split(' and ').every((part) => {
      const [feature, value] = part.replace(/[()]/g, '').split(':').map((text) => text.trim());
      return device[feature as keyof Device] === value;
    }),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

const PASTE_HINT = /paste one \(Ctrl\+V\)/;

beforeAll(async () => {
  await initTestI18n('en');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  missingKeys.clear();
});

describe('PhotoPicker', () => {
  it('offers drop and paste (Ctrl+V) with a mouse, and no camera button', () => {
    emulateDevice({ pointer: 'fine', hover: 'hover' });
    render(<PhotoPicker onPick={() => undefined} />);
    expect(screen.getByText(PASTE_HINT)).toBeTruthy();
    expect(screen.queryByLabelText('Take a photo')).toBeNull();
    expect(missingKeys.size).toBe(0);
  });

  it('on a touch-only device names the formats but not drop or Ctrl+V, and offers the camera', () => {
    emulateDevice({ pointer: 'coarse', hover: 'none' });
    render(<PhotoPicker onPick={() => undefined} />);
    expect(screen.queryByText(PASTE_HINT)).toBeNull();
    expect(screen.getByText('JPEG, PNG, WebP, AVIF, GIF and HEIC work.')).toBeTruthy();
    expect(screen.getByLabelText('Take a photo')).toBeTruthy();
    expect(missingKeys.size).toBe(0);
  });

  it('shows an alert right under the buttons and hands on the picked file', async () => {
    emulateDevice({ pointer: 'fine', hover: 'hover' });
    const onPick = vi.fn();
    render(<PhotoPicker onPick={onPick} alert={<p role="alert">Bad file</p>} />);
    const choose = screen.getByLabelText('Choose photo');
    const buttons = choose.closest('div');
    expect(buttons?.nextElementSibling).toBe(screen.getByRole('alert'));
    const photo = new File(['x'], 'me.jpg', { type: 'image/jpeg' });
    await act(async () => {
      fireEvent.change(choose, { target: { files: [photo] } });
    });
    expect(onPick).toHaveBeenCalledWith(photo);
  });
});
