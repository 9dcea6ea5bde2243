import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DesignElement } from '../../../contract/design.ts';
import { loadDesignFonts } from '../../../core/design/designFonts.ts';
import { findTemplate, DESIGN_TEMPLATES } from './templates/index.ts';
import { paintThumbnail, TemplateThumbnail } from './TemplateThumbnail.tsx';

afterEach(cleanup);

const pixel = (canvas: HTMLCanvasElement, x: number, y: number) => [...canvas.getContext('2d')!.getImageData(Math.round(x), Math.round(y), 1, 1).data];
/** The checkerboard's two colours (white and zinc-300), opaque. */
const isChecker = ([r, g, b, a]: number[]) => a === 255 && ((r === 255 && g === 255 && b === 255) || (r === 0xd4 && g === 0xd4 && b === 0xd8));

const firstHole = (elements: readonly DesignElement[]) => elements.find((element) => element.hole);

describe('TemplateThumbnail', () => {
  it('draws the template with its fonts, the hole showing the checkerboard', async () => {
    const eid = findTemplate('eid-mubarak')!.build({ id: 'p', kind: 'frame', name: 'Eid' });
    render(<TemplateThumbnail document={eid} size={216} label="Eid Mubarak" />);
    const canvas = screen.getByRole('img', { name: 'Eid Mubarak' }) as HTMLCanvasElement;
    const scale = canvas.width / eid.width;
    // The corner is the template's dark green once drawn.
    await vi.waitFor(() => expect(pixel(canvas, 4, 4)).toEqual([0x0b, 0x3d, 0x2a, 255]));
    expect(isChecker(pixel(canvas, 540 * scale, 500 * scale))).toBe(true);
    expect(document.fonts.check('112px "Bingkai Lobster"')).toBe(true);
    // Nothing is left transparent: the checkerboard fills behind the cut hole.
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    for (let i = 3; i < data.length; i += 4) if (data[i] !== 255) throw new Error(`transparent pixel ${(i - 3) / 4}`);
  });

  it('shows every template’s photo hole and its artwork', async () => {
    await loadDesignFonts(document.fonts);
    for (const template of DESIGN_TEMPLATES) {
      const design = template.build({ id: 'p', kind: 'frame', name: template.id });
      const canvas = document.createElement('canvas');
      const scale = 0.25;
      canvas.width = design.width * scale;
      canvas.height = design.height * scale;
      paintThumbnail(canvas.getContext('2d')!, design, scale);
      const hole = firstHole(design.elements);
      if (!hole || hole.type === 'group' || hole.type === 'text' || !('height' in hole)) throw new Error(`${template.id}: no top-level shape hole`);
      expect(isChecker(pixel(canvas, (hole.x + hole.width / 2) * scale, (hole.y + hole.height / 2) * scale)), template.id).toBe(true);
      const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      let art = 0;
      for (let i = 0; i < data.length; i += 4) if (!isChecker([data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!])) art++;
      // At least a fifth of the picture is the template's own artwork, not the checkerboard.
      expect(art / (data.length / 4), template.id).toBeGreaterThan(0.2);
    }
  });
});
