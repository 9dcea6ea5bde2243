import { beforeAll, describe, expect, it } from 'vitest';
import type { DesignDocument } from '../../../contract/design.ts';
import { loadDesignFonts } from '../../../core/design/designFonts.ts';
import { drawDesign } from '../../../core/design/designRender.ts';
import { addElementsCommand } from '../../../core/design/commandBuilders.ts';
import { applyCommand } from '../../../core/design/commands.ts';
import { newTextElement } from './newTextElement.ts';
import { DESIGN_TEMPLATES } from './templates/index.ts';

function draw(document: DesignDocument): Uint8ClampedArray {
  const context = new OffscreenCanvas(document.width, document.height).getContext('2d')!;
  drawDesign(context, document, { get: () => undefined });
  return context.getImageData(0, 0, document.width, document.height).data;
}

/** Relative luminance (WCAG) of an sRGB pixel. */
function luminance(r: number, g: number, b: number): number {
  const channel = (value: number) => {
    const s = value / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

beforeAll(() => loadDesignFonts(document.fonts, ['inter']));

describe('new text on the templates (real pixels)', () => {
  it('paints nothing into a photo hole, and its letters stand out against their own outline', () => {
    for (const template of DESIGN_TEMPLATES) {
      const design = template.build({ id: 'd', kind: 'frame', name: 'T' });
      const text = newTextElement(design);
      const before = draw(design);
      const after = draw(applyCommand(design, addElementsCommand(design, [text])));
      // Where the text itself paints (its letters and their outline), drawn alone.
      const alone = draw({ ...design, background: null, elements: [text] });
      let intoHole = 0;
      let light = 0;
      let dark = 0;
      for (let i = 0; i < before.length; i += 4) {
        if (before[i + 3] === 0 && after[i + 3] !== 0) intoHole++;
        if (alone[i + 3] !== 255 || after[i + 3] !== 255) continue;
        const value = luminance(after[i]!, after[i + 1]!, after[i + 2]!);
        if (value > 0.9) light++;
        else if (value < 0.02) dark++;
      }
      // "Your text" at 72 px in the finished design: thousands of white letter pixels edged by a dark outline.
      expect(intoHole, template.id).toBe(0);
      expect(light, template.id).toBeGreaterThan(3000);
      expect(dark, template.id).toBeGreaterThan(3000);
    }
  });
});
