import { describe, expect, it } from 'vitest';
import { resultFileName, slugify } from './resultFileName.ts';

describe('resultFileName', () => {
  it('names the result after the campaign with the format extension', () => {
    expect(resultFileName('hari-bumi-2026', 'jpeg')).toBe('bingkai-hari-bumi-2026.jpg');
    expect(resultFileName('Hari Bumi 2026!', 'png')).toBe('bingkai-hari-bumi-2026.png');
    expect(resultFileName('hari-bumi-2026', 'webp')).toBe('bingkai-hari-bumi-2026.webp');
  });

  it('numbers further results from the second one', () => {
    expect(resultFileName('wisuda', 'jpeg', 1)).toBe('bingkai-wisuda.jpg');
    expect(resultFileName('wisuda', 'jpeg', 2)).toBe('bingkai-wisuda-2.jpg');
    expect(resultFileName('wisuda', 'jpeg', 0)).toBe('bingkai-wisuda.jpg');
    expect(resultFileName('wisuda', 'jpeg', 2.5)).toBe('bingkai-wisuda.jpg');
  });

  it('keeps names safe: no separators, dots, accents or control characters', () => {
    expect(resultFileName('../../etc/passwd', 'png')).toBe('bingkai-etc-passwd.png');
    expect(resultFileName('Café Über  Ñandú', 'jpeg')).toBe('bingkai-cafe-uber-nandu.jpg');
    expect(resultFileName('a\u0000b\nc:d*e?f"g<h>i|j', 'jpeg')).toBe('bingkai-a-b-c-d-e-f-g-h-i-j.jpg');
    expect(resultFileName('CON.txt', 'png')).toBe('bingkai-con-txt.png');
  });

  it('falls back to a plain name when nothing readable is left', () => {
    expect(resultFileName('', 'jpeg')).toBe('bingkai.jpg');
    expect(resultFileName('🎉🎉', 'png')).toBe('bingkai.png');
    expect(resultFileName('حملة', 'webp', 3)).toBe('bingkai-3.webp');
  });

  it('does not repeat the brand and caps the length', () => {
    expect(resultFileName('Bingkai Merdeka', 'jpeg')).toBe('bingkai-merdeka.jpg');
    expect(resultFileName('bingkai', 'jpeg')).toBe('bingkai.jpg');
    expect(resultFileName('bingkaiku', 'jpeg')).toBe('bingkai-bingkaiku.jpg');
    const long = resultFileName('kampanye '.repeat(30), 'jpeg');
    expect(long.length).toBeLessThanOrEqual('bingkai-'.length + 60 + '.jpg'.length);
    expect(long).toMatch(/^bingkai-[a-z0-9]+(-[a-z0-9]+)*\.jpg$/);
  });

  it('slugifies to lowercase ASCII words joined by hyphens', () => {
    expect(slugify('  Selamat   Hari Raya, 1447 H  ')).toBe('selamat-hari-raya-1447-h');
  });
});
