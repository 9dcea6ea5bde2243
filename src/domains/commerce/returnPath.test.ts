import { beforeEach, describe, expect, it } from 'vitest';
import { forgetReturnPath, readReturnPath, rememberReturnPath } from './returnPath.ts';

describe('return path', () => {
  beforeEach(() => sessionStorage.clear());

  it('keeps a path of this site for the tab and forgets it on demand', () => {
    rememberReturnPath('/create/frame?step=2');
    expect(readReturnPath()).toBe('/create/frame?step=2');
    forgetReturnPath();
    expect(readReturnPath()).toBeNull();
  });

  it('never keeps another origin', () => {
    for (const path of ['//evil.example/x', 'https://evil.example', '/\\evil.example']) {
      rememberReturnPath(path);
      expect(readReturnPath()).toBeNull();
    }
  });
});
