import { describe, expect, test } from 'vitest';
import { MIN_CONTRAST, TEXT_ALPHA, contrastRatio, legibleTone, relativeLuminance, toneColors } from './watermarkLegibility.ts';
import type { Rgb, WatermarkTone } from './watermarkLegibility.ts';

/** Text-on-pill contrast as the canvas blends it: 8-bit sRGB values, rounded. */
function drawnContrast(tone: WatermarkTone, under: Rgb): number {
  const top = tone.dark ? 0 : 255;
  const pill = under.map((u) => Math.round(top * tone.alpha + u * (1 - tone.alpha))) as unknown as Rgb;
  const text = pill.map((p) => Math.round((255 - top) * TEXT_ALPHA + p * (1 - TEXT_ALPHA))) as unknown as Rgb;
  return contrastRatio(pill, text);
}

describe('contrast', () => {
  test('follows WCAG 2', () => {
    expect(relativeLuminance([0, 0, 0])).toBe(0);
    expect(relativeLuminance([255, 255, 255])).toBeCloseTo(1, 10);
    expect(contrastRatio([255, 255, 255], [0, 0, 0])).toBeCloseTo(21, 6);
    // #767676 is the lightest grey that passes AA on white.
    expect(contrastRatio([0x76, 0x76, 0x76], [255, 255, 255])).toBeCloseTo(4.54, 2);
    expect(contrastRatio([0x77, 0x77, 0x77], [255, 255, 255])).toBeLessThan(MIN_CONTRAST);
  });
});

describe('legibleTone', () => {
  test('keeps the see-through dark pill on a dark or mid-grey picture', () => {
    expect(legibleTone({ mean: [128, 128, 128], min: [128, 128, 128], max: [128, 128, 128] })).toEqual({ dark: true, alpha: 0.45 });
    expect(legibleTone({ mean: [20, 40, 60], min: [0, 0, 0], max: [90, 90, 90] })).toEqual({ dark: true, alpha: 0.45 });
    expect(toneColors({ dark: true, alpha: 0.45 })).toEqual({ fill: 'rgba(0, 0, 0, 0.45)', ink: 'rgba(255, 255, 255, 0.95)' });
  });

  test('turns light with dark text on a light picture', () => {
    const tone = legibleTone({ mean: [245, 248, 252], min: [230, 240, 250], max: [255, 255, 255] });
    expect(tone).toEqual({ dark: false, alpha: 0.45 });
    expect(toneColors(tone)).toEqual({ fill: 'rgba(255, 255, 255, 0.45)', ink: 'rgba(0, 0, 0, 0.95)' });
  });

  test('the see-through dark pill would fail on white, which is why the tone adapts', () => {
    expect(drawnContrast({ dark: true, alpha: 0.45 }, [255, 255, 255])).toBeLessThan(MIN_CONTRAST);
  });

  test('a bright line through a dark corner makes the dark pill darker, not light', () => {
    const tone = legibleTone({ mean: [20, 35, 80], min: [15, 30, 70], max: [255, 240, 200] });
    expect(tone.dark).toBe(true);
    expect(tone.alpha).toBeGreaterThan(0.45);
  });

  test.each<[string, Rgb, Rgb, Rgb]>([
    ['black to white', [0, 0, 0], [128, 128, 128], [255, 255, 255]],
    ['mostly white', [0, 0, 0], [230, 230, 230], [255, 255, 255]],
    ['saturated colours', [0, 0, 0], [120, 110, 0], [255, 220, 0]],
    ['mid tones', [90, 90, 90], [130, 130, 130], [170, 170, 170]],
    ['light colours', [120, 160, 200], [200, 210, 230], [255, 255, 255]],
  ])('over %s, every colour in the range keeps ≥ 4.5:1', (_name, min, mean, max) => {
    const tone = legibleTone({ mean, min, max });
    expect(tone.alpha).toBeGreaterThanOrEqual(0.45);
    expect(tone.alpha).toBeLessThanOrEqual(1);
    const steps = [0, 0.25, 0.5, 0.75, 1];
    for (const r of steps) for (const g of steps) for (const b of steps) {
      const under: Rgb = [min[0] + r * (max[0] - min[0]), min[1] + g * (max[1] - min[1]), min[2] + b * (max[2] - min[2])];
      expect(drawnContrast(tone, under)).toBeGreaterThanOrEqual(MIN_CONTRAST);
    }
  });

  test('a busier range needs a more opaque pill, and never less than asked', () => {
    const busy = legibleTone({ mean: [128, 128, 128], min: [0, 0, 0], max: [255, 255, 255] });
    expect(busy.alpha).toBeGreaterThan(0.45);
    expect(legibleTone({ mean: [64, 64, 64], min: [0, 0, 0], max: [128, 128, 128] }, 0.75)).toEqual({ dark: true, alpha: 0.75 });
  });
});
