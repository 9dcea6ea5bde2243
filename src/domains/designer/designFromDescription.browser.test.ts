/**
 * designFromDescription estimates glyph widths to keep a placed title inside the height the template's own
 * text took; here the real fonts and the renderer's own text layout check that estimate.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { walkElements, type TextElement } from '../../../contract/design.ts';
import { loadDesignFonts } from '../../../core/design/designFonts.ts';
import { layoutText } from '../../../core/design/designRender.ts';
import { designFromDescription } from './designFromDescription.ts';
import { DESIGN_TEMPLATES } from './templates/index.ts';

const DESCRIPTIONS = [
  'Hari Guru Nasional 2026, SMA Negeri 3 Bandung, blue and gold',
  'Fun run for clean rivers, green',
  'Wisuda Angkatan 2026 Universitas Padjadjaran Fakultas Ilmu Komunikasi, Bandung Jawa Barat Indonesia',
  'Memperingati Milad Muhammadiyah ke-114, Pimpinan Wilayah Muhammadiyah Jawa Barat, hijau',
  'Bandung Jawa Barat Indonesia, Bandung Jawa Barat Indonesia',
  'WE ARE THE CHAMPIONS MMXXVI, WORLD WIDE WOMEN MOVEMENT',
];

const texts = (elements: Parameters<typeof walkElements>[0]) =>
  new Map([...walkElements(elements)].flatMap(({ element }) => (element.type === 'text' ? [[element.name, element] as const] : [])));

describe('placed titles in the real fonts', () => {
  let context: CanvasRenderingContext2D;
  beforeAll(async () => {
    await loadDesignFonts(document.fonts);
    context = document.createElement('canvas').getContext('2d')!;
  });

  it('take no more height than the template’s own text', () => {
    const over: string[] = [];
    for (const description of DESCRIPTIONS) {
      for (const template of DESIGN_TEMPLATES) {
        const original = texts(template.build({ id: 'o', kind: 'frame', name: 'o' }).elements);
        const [suggestion] = designFromDescription(description, { count: DESIGN_TEMPLATES.length }).filter((candidate) => candidate.template.id === template.id);
        for (const [name, placed] of texts(suggestion!.document.elements)) {
          const before = original.get(name) as TextElement;
          if (placed.text === before.text) continue;
          const height = layoutText(context, placed).height;
          const limit = layoutText(context, before).height + 1;
          if (height > limit) over.push(`${template.id} ${name}: ${placed.text} @${placed.fontSize} is ${Math.round(height)} px high, not ${Math.round(limit)}`);
        }
      }
    }
    expect(over).toEqual([]);
  });
});
