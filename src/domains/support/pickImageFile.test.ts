import { describe, expect, it } from 'vitest';
import { looksLikeImage, pickImageFile } from './pickImageFile.ts';

const file = (name: string, type: string) => new File(['x'], name, { type });

describe('pickImageFile', () => {
  it('prefers an image over other files', () => {
    const text = file('notes.txt', 'text/plain');
    const photo = file('me.jpg', 'image/jpeg');
    expect(pickImageFile([text, photo])).toBe(photo);
  });

  it('recognises HEIC by its name when the type is missing', () => {
    expect(looksLikeImage(file('IMG_0001.HEIC', ''))).toBe(true);
    expect(looksLikeImage(file('report.pdf', 'application/pdf'))).toBe(false);
  });

  it('falls back to the first file, or null for none', () => {
    const pdf = file('report.pdf', 'application/pdf');
    expect(pickImageFile([pdf])).toBe(pdf);
    expect(pickImageFile([])).toBeNull();
    expect(pickImageFile(null)).toBeNull();
  });
});
