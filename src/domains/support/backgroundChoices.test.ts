import { describe, expect, it } from 'vitest';
import { BACKGROUND_COLORS, backgroundChoice, BLUR_RADIUS, defaultBackgroundChoice } from './backgroundChoices.ts';

describe('backgroundChoice', () => {
  it('builds the pipeline choice for each option', () => {
    expect(backgroundChoice('keep', '#ffffff')).toEqual({ kind: 'keep' });
    expect(backgroundChoice('blur', '#ffffff')).toEqual({ kind: 'blur', radius: BLUR_RADIUS });
    expect(backgroundChoice('color', '#dc2626')).toEqual({ kind: 'color', color: '#dc2626' });
    expect(backgroundChoice('design', '#ffffff')).toEqual({ kind: 'design' });
  });

  it('offers distinct, valid hex swatches', () => {
    const colors = BACKGROUND_COLORS.map((swatch) => swatch.color);
    expect(new Set(colors).size).toBe(colors.length);
    for (const color of colors) expect(color).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('starts a background campaign on its design, so the person is cut out, and a frame campaign on the photo as it is', () => {
    expect(defaultBackgroundChoice('background')).toEqual({ kind: 'design' });
    expect(defaultBackgroundChoice('frame')).toEqual({ kind: 'keep' });
  });
});
