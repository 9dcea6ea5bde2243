import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { DESIGN_LIMITS } from '../../../contract/design.ts';
import { Toaster } from '../../ui/Toast.tsx';
import { useDesignViewStore } from './designViewStore.ts';
import { DesignToolbar } from './DesignToolbar.tsx';
import { currentDocument, designState, designUiLifecycle } from '../../testing/designUi.ts';
import type { ImageDecoder } from './imageAsset.ts';

designUiLifecycle();

function pngBytes(width: number, height: number): Uint8Array<ArrayBuffer> {
  const png = new PNG({ width, height });
  png.data.fill(200);
  return new Uint8Array(PNG.sync.write(png));
}

/** jsdom cannot decode images: pngjs does it for real here (the browser decoder has its own browser test). */
const pngDecoder: ImageDecoder = async (blob) => {
  const png = PNG.sync.read(Buffer.from(await blob.arrayBuffer()));
  return {
    width: png.width,
    height: png.height,
    encode: async (width, height) => new Blob([new Uint8Array(PNG.sync.write(new PNG({ width, height })))], { type: 'image/png' }),
    close() {},
  };
};

function renderToolbar() {
  return render(
    <>
      <DesignToolbar decodeImage={pngDecoder} />
      <Toaster />
    </>,
  );
}

const button = (name: string) => screen.getByRole('button', { name });

async function upload(file: File) {
  await act(async () => {
    fireEvent.change(screen.getByLabelText('Image file (PNG, JPEG or WebP)'), { target: { files: [file] } });
  });
}

describe('DesignToolbar', () => {
  it('adds each kind of element as one undo step, selected', () => {
    renderToolbar();
    const cases = [
      ['Add rectangle', 'rect'],
      ['Add ellipse', 'ellipse'],
      ['Add polygon', 'polygon'],
      ['Add star', 'star'],
      ['Add line', 'line'],
      ['Add text', 'text'],
    ] as const;
    for (const [label, type] of cases) {
      const before = designState().past.length;
      fireEvent.click(button(label));
      const added = currentDocument().elements.at(-1)!;
      expect(added.type).toBe(type);
      expect(designState().past.length).toBe(before + 1);
      expect(designState().selection).toEqual([added.id]);
    }
    expect(currentDocument().elements).toHaveLength(6);
    // Text goes below where the photo hole will be, white with a dark outline.
    expect(currentDocument().elements.at(-1)).toMatchObject({ fill: { color: '#ffffff' }, stroke: { color: '#111111' } });
    expect(currentDocument().elements.at(-1)!.y).toBeGreaterThan(1080 * 0.8);
    fireEvent.click(button('Undo'));
    expect(currentDocument().elements.map((element) => element.type)).toEqual(['rect', 'ellipse', 'polygon', 'star', 'line']);
  });

  it('calls holes the photo area in a background design', () => {
    act(() => designState().load({ ...currentDocument(), kind: 'background' }));
    renderToolbar();
    expect(screen.queryByRole('button', { name: 'Photo hole' })).toBeNull();
    expect(button('Photo area')).toBeTruthy();
  });

  it('disables undo and redo when there is nothing to undo or redo', () => {
    renderToolbar();
    expect((button('Undo') as HTMLButtonElement).disabled).toBe(true);
    expect((button('Redo') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(button('Add star'));
    expect((button('Undo') as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(button('Undo'));
    expect(currentDocument().elements).toHaveLength(0);
    expect((button('Redo') as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(button('Redo'));
    expect(currentDocument().elements).toHaveLength(1);
  });

  it('deletes, duplicates, groups and ungroups the selection', () => {
    renderToolbar();
    expect((button('Delete') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(button('Add rectangle'));
    fireEvent.click(button('Duplicate'));
    expect(currentDocument().elements).toHaveLength(2);
    act(() => designState().select(currentDocument().elements.map((element) => element.id)));
    fireEvent.click(button('Group'));
    expect(currentDocument().elements.map((element) => element.type)).toEqual(['group']);
    fireEvent.click(button('Ungroup'));
    expect(currentDocument().elements).toHaveLength(2);
    fireEvent.click(button('Delete'));
    expect(currentDocument().elements).toHaveLength(0);
  });

  it('moves focus between its buttons with the arrow keys, with one tab stop', async () => {
    renderToolbar();
    const toolbar = screen.getByRole('toolbar', { name: 'Design tools' });
    const first = button('Add rectangle');
    // Radix moves focus on the next tick.
    const press = async (key: string, expected: string) => {
      fireEvent.keyDown(document.activeElement!, { key });
      await waitFor(() => expect(document.activeElement).toBe(button(expected)));
    };
    act(() => first.focus());
    await press('ArrowRight', 'Add ellipse');
    await press('ArrowLeft', 'Add rectangle');
    await press('End', 'Fit to screen');
    await press('Home', 'Add rectangle');
    const tabbable = [...toolbar.querySelectorAll('button')].filter((element) => element.tabIndex === 0);
    expect(tabbable).toEqual([first]);
    // Disabled buttons are skipped: undo, redo, delete, duplicate, group and ungroup have nothing to act on yet.
    act(() => button('Photo hole').focus());
    await press('ArrowRight', 'Zoom out');
  });

  it('adds photo holes from its menu and turns the selection into a hole', async () => {
    renderToolbar();
    const trigger = button('Photo hole');
    fireEvent.keyDown(trigger, { key: 'Enter' });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Circle hole' }));
    const hole = currentDocument().elements.at(-1)!;
    expect(hole).toMatchObject({ type: 'ellipse', hole: true });
    fireEvent.click(button('Add star'));
    fireEvent.keyDown(button('Photo hole'), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Make selection a hole' }));
    expect(currentDocument().elements.at(-1)).toMatchObject({ type: 'star', hole: true });
  });

  it('zooms and shows the zoom level', () => {
    renderToolbar();
    expect(screen.getByLabelText('Zoom level').textContent).toBe('100%');
    fireEvent.click(button('Zoom in'));
    expect(useDesignViewStore.getState().zoom).toBeCloseTo(1.25);
    expect(screen.getByLabelText('Zoom level').textContent).toBe('125%');
    fireEvent.click(button('Zoom out'));
    fireEvent.click(button('Zoom out'));
    expect(screen.getByLabelText('Zoom level').textContent).toBe('80%');
    const fit = useDesignViewStore.getState().fitRequest;
    fireEvent.click(button('Fit to screen'));
    expect(useDesignViewStore.getState().fitRequest).toBe(fit + 1);
  });

  it('refuses a text file renamed to .png with a clear message and changes nothing', async () => {
    renderToolbar();
    await upload(new File(['just some words, not pixels'], 'holiday.png', { type: 'image/png' }));
    expect(await screen.findByText('“holiday.png” is not a PNG, JPEG or WebP image.')).toBeTruthy();
    expect(currentDocument().elements).toEqual([]);
    expect(currentDocument().assets).toEqual({});
    expect(designState().past).toHaveLength(0);
  });

  it('refuses a file that looks like a PNG but does not decode', async () => {
    renderToolbar();
    const broken = pngBytes(4, 4).slice(0, 40);
    await upload(new File([broken], 'broken.png', { type: 'image/png' }));
    expect(await screen.findByText('“broken.png” could not be read as an image. It may be damaged.')).toBeTruthy();
    expect(currentDocument().elements).toEqual([]);
  });

  it('refuses a 20000 × 20000 image by its header with the reason, and changes nothing', async () => {
    renderToolbar();
    const bomb = pngBytes(1, 1);
    new DataView(bomb.buffer).setUint32(16, 20_000);
    new DataView(bomb.buffer).setUint32(20, 20_000);
    await upload(new File([bomb], 'poster.png', { type: 'image/png' }));
    expect(await screen.findByText('“poster.png” is 20000 × 20000 pixels; images can have at most 100 megapixels. Try a smaller image.')).toBeTruthy();
    expect(currentDocument().elements).toEqual([]);
    expect(currentDocument().assets).toEqual({});
    expect(designState().past).toHaveLength(0);
  });

  it('adds a real PNG as an asset and an image element in one undo step', async () => {
    renderToolbar();
    const bytes = pngBytes(300, 150);
    await upload(new File([bytes], 'logo.bin', { type: 'application/octet-stream' }));
    await waitFor(() => expect(currentDocument().elements).toHaveLength(1));
    const image = currentDocument().elements[0]!;
    expect(image.type).toBe('image');
    const asset = currentDocument().assets[image.type === 'image' ? image.assetId : '']!;
    expect(asset).toMatchObject({ mime: 'image/png', width: 300, height: 150 });
    expect(Uint8Array.from(atob(asset.data), (char) => char.charCodeAt(0))).toEqual(bytes);
    expect(designState().past).toHaveLength(1);
    expect(designState().selection).toEqual([image.id]);
    fireEvent.click(button('Undo'));
    expect(currentDocument().elements).toEqual([]);
    expect(currentDocument().assets).toEqual({});
  });

  it('reduces an image larger than the asset limit', async () => {
    renderToolbar();
    await upload(new File([pngBytes(DESIGN_LIMITS.maxAssetSide + 100, 50)], 'wide.png'));
    await waitFor(() => expect(currentDocument().elements).toHaveLength(1));
    const [asset] = Object.values(currentDocument().assets);
    expect(asset).toMatchObject({ width: DESIGN_LIMITS.maxAssetSide, height: 48 });
  });
});
