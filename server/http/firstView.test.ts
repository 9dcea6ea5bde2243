import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CAMPAIGN_ROUTE_MODULE, campaignPageChunks, firstViewPreload, withAppScriptsAtLowPriority, type FirstView } from './firstView.ts';

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

describe('campaignPageChunks', () => {
  it('lists the campaign route’s chunks and what they import, less what the shell preloads', async () => {
    const dist = await mkdtemp(join(tmpdir(), 'bingkai-manifest-'));
    try {
      await mkdir(join(dist, '.vite'));
      const manifest = {
        'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_react-b.js'], dynamicImports: [CAMPAIGN_ROUTE_MODULE] },
        '_react-b.js': { file: 'assets/react-b.js' },
        [CAMPAIGN_ROUTE_MODULE]: { file: 'assets/CampaignPage-c.js', isDynamicEntry: true, imports: ['_react-b.js', '_frames-d.js'] },
        '_frames-d.js': { file: 'assets/frames-d.js', imports: ['_icon-e.js', '_react-b.js'] },
        '_icon-e.js': { file: 'assets/icon-e.js', imports: ['_frames-d.js'] },
        'src/routes/other/Other.tsx': { file: 'assets/Other-f.js', isDynamicEntry: true },
      };
      await writeFile(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
      expect(campaignPageChunks(dist)).toEqual(['assets/CampaignPage-c.js', 'assets/frames-d.js', 'assets/icon-e.js']);
    } finally {
      await rm(dist, { recursive: true, force: true });
    }
  });

  it('is empty without a build manifest', () => {
    expect(campaignPageChunks(join(tmpdir(), 'no-such-dist'))).toEqual([]);
  });
});

describe('firstViewPreload', () => {
  const view = { frames: [{ url: 'https://bingkai.test/files/f.png', width: 10, height: 10 }] } as unknown as FirstView;

  it('preloads the frame, then the route’s chunks', () => {
    expect(firstViewPreload(view, ['assets/CampaignPage-c.js']).split('\n  ')).toEqual([
      '<link rel="preload" as="image" href="https://bingkai.test/files/f.png" fetchpriority="high" />',
      '<link rel="modulepreload" crossorigin href="/assets/CampaignPage-c.js">',
    ]);
  });
});
