import { describe, expect, it } from 'vitest';
import { walkElements, type DesignDocument } from '../../../contract/design.ts';
import { DESIGN_TEMPLATES, findTemplate } from './templates/index.ts';
import { contrastRatio, hueGroups, hueOf, recolourDesign, relativeLuminance, withLuminance } from './recolourDesign.ts';

const build = (id: string) => findTemplate(id)!.build({ id: 'd', kind: 'frame', name: 'D' });

/** Every colour the document paints, in a fixed order (background first). */
function colours(document: DesignDocument): string[] {
  const out: string[] = [];
  const fill = (value: unknown) => {
    const paint = value as { kind: string; color?: string; stops?: { color: string }[] } | null;
    if (!paint) return;
    if (paint.kind === 'solid') out.push(paint.color!);
    else out.push(...paint.stops!.map((stop) => stop.color));
  };
  fill(document.background);
  for (const { element } of walkElements(document.elements)) {
    if (element.type === 'line') out.push(element.color);
    if ('fill' in element) fill(element.fill);
    if ('stroke' in element && element.stroke) out.push(element.stroke.color);
  }
  return out;
}

describe('colour maths', () => {
  it('measures WCAG luminance and contrast', () => {
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1);
    expect(relativeLuminance('#000000')).toBe(0);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
  });

  it('finds hues and calls near-greys neutral', () => {
    expect(hueOf('#ff0000')).toEqual({ hue: 0, saturation: 1 });
    expect(hueOf('#0000ff')?.hue).toBe(240);
    expect(hueOf('#f1faee')).toBeNull();
    expect(hueOf('#808080')).toBeNull();
  });

  it('makes a colour of a given hue at a given luminance', () => {
    for (const luminance of [0.02, 0.2, 0.5, 0.9]) {
      const colour = withLuminance(120, 0.8, luminance);
      expect(relativeLuminance(colour)).toBeCloseTo(luminance, 2);
      expect(hueOf(colour)!.hue).toBeCloseTo(120, -1);
    }
  });
});

describe('recolourDesign', () => {
  it('groups hues by painted area, largest first', () => {
    const groups = hueGroups(build('graduation-laurel'));
    expect(groups.length).toBe(2);
    // Navy background, then the gold ornaments.
    expect(groups[0]!.hue).toBeGreaterThan(200);
    expect(groups[1]!.hue).toBeLessThan(60);
  });

  it('moves the main hue to the first colour and the next to the second, keeping every luminance and so every contrast', () => {
    for (const template of DESIGN_TEMPLATES) {
      const original = template.build({ id: 'd', kind: 'frame', name: 'D' });
      const recoloured = recolourDesign(original, ['#16a34a', '#7c3aed']);
      const [before, after] = [colours(original), colours(recoloured)];
      expect(after.length, template.id).toBe(before.length);
      before.forEach((colour, index) => {
        // Equal up to the rounding to 8-bit channels.
        expect(Math.abs(relativeLuminance(after[index]!) - relativeLuminance(colour)), `${template.id} ${colour}`).toBeLessThan(0.01);
        if (hueOf(colour) === null) expect(after[index], template.id).toBe(colour);
      });
      // A very light or dark colour may come out too pale to have a hue; the others take the green's.
      const main = hueGroups(original)[0]!;
      const hues = main.colors.flatMap((colour) => {
        const hue = hueOf(after[before.findIndex((candidate) => candidate.slice(0, 7).toLowerCase() === colour)]!);
        return hue ? [hue.hue] : [];
      });
      expect(hues.length, template.id).toBeGreaterThan(0);
      for (const hue of hues) expect(Math.abs(hue - hueOf('#16a34a')!.hue), template.id).toBeLessThan(8);
    }
  });

  it('leaves the document as it is without a colour with a hue, and keeps the alpha of #rrggbbaa', () => {
    const original = build('eid-mubarak');
    expect(recolourDesign(original, [])).toBe(original);
    expect(recolourDesign(original, ['#ffffff', '#000000'])).toBe(original);
    const translucent: DesignDocument = { ...original, background: { kind: 'solid', color: '#0b3d2a80' } };
    const recoloured = recolourDesign(translucent, ['#d62828']);
    expect(recoloured.background).toMatchObject({ kind: 'solid' });
    expect((recoloured.background as { color: string }).color).toMatch(/^#[0-9a-f]{6}80$/);
  });
});
