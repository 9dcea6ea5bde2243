import { describe, expect, it } from 'vitest';
import { withAppScriptsAtLowPriority } from './firstView.ts';

describe('withAppScriptsAtLowPriority', () => {
  it('lowers the entry module and its modulepreloads, and nothing else', () => {
    const head = [
      '<script>/* theme */</script>',
      '<script type="module" crossorigin src="/assets/index-a.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/react-b.js">',
      '<link rel="stylesheet" crossorigin href="/assets/index-c.css">',
      '<link rel="preload" as="image" href="/f.png" fetchpriority="high" />',
    ].join('\n');
    expect(withAppScriptsAtLowPriority(head).split('\n')).toEqual([
      '<script>/* theme */</script>',
      '<script type="module" fetchpriority="low" crossorigin src="/assets/index-a.js"></script>',
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/react-b.js">',
      '<link rel="stylesheet" crossorigin href="/assets/index-c.css">',
      '<link rel="preload" as="image" href="/f.png" fetchpriority="high" />',
    ]);
  });

  it('leaves a tag that already has a priority as it is', () => {
    const tag = '<script type="module" fetchpriority="high" src="/a.js"></script>';
    expect(withAppScriptsAtLowPriority(tag)).toBe(tag);
  });
});
