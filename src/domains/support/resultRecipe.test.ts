import { describe, expect, it } from 'vitest';
import { resultKeySchema } from '../../../contract/creditsApi.ts';
import { resultKeyOf, type ResultRecipe } from './resultRecipe.ts';

const recipe = (photo: string, x = 10): Omit<ResultRecipe, 'resultKey'> => ({
  frameId: 'f-1',
  type: 'frame',
  background: { kind: 'keep' },
  fill: { kind: 'blur' },
  format: 'jpeg',
  photos: [new Blob([photo])],
  slots: [{ photo: 0, transform: { x, y: 20, scale: 0.5, rotation: 0 } }],
});

describe('the result key', () => {
  it('is one key for one photo, placement, frame and campaign, in the form the server takes', async () => {
    const key = await resultKeyOf('reef', recipe('photo-a'));
    expect(resultKeySchema.safeParse(key).success).toBe(true);
    expect(await resultKeyOf('reef', recipe('photo-a'))).toBe(key);
    expect(await resultKeyOf('reef', recipe('photo-b'))).not.toBe(key);
    expect(await resultKeyOf('reef', recipe('photo-a', 11))).not.toBe(key);
    expect(await resultKeyOf('coral', recipe('photo-a'))).not.toBe(key);
  });
});
