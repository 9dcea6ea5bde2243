import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_PAGE_FRAME_SIZES } from '../../contract/frameImageSources.ts';
import { campaigns, posts } from '../infra/db/schema.ts';
import { insertCampaign, insertCreator } from '../testing/fixtures.ts';
import { builtIndexHtml, metaList, metaOf, titleOf, withoutSeoHead } from '../testing/pageHead.ts';
import { createTestApp, drivers, signedInject, type TestApp } from '../testing/testApp.ts';
import { issueIdToken } from '../domain/accounts.ts';
import { createTokenService } from '../infra/tokens.ts';
import { inlineScriptHashes } from './inlineScripts.ts';
import { escapeHtml, metaTags, pageTargetOf, splitIndexHtml } from './pageMeta.ts';

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('page targets', () => {
  it('names the campaign or post a path shows, and nothing for app routes', () => {
    expect(pageTargetOf('/merdeka-80')).toEqual({ kind: 'campaign', uri: 'merdeka-80' });
    expect(pageTargetOf('/merdeka-80/')).toEqual({ kind: 'campaign', uri: 'merdeka-80' });
    expect(pageTargetOf('/merdeka-80/support?utm=x')).toEqual({ kind: 'campaign', uri: 'merdeka-80' });
    expect(pageTargetOf('/merdeka-80/result#top')).toEqual({ kind: 'campaign', uri: 'merdeka-80' });
    expect(pageTargetOf('/twibbo/merdeka-80')).toEqual({ kind: 'campaign', uri: 'merdeka-80' });
    expect(pageTargetOf('/p/AbC123xyz0')).toEqual({ kind: 'post', uri: 'AbC123xyz0' });
    for (const path of ['/', '/explore', '/explore/campaign', '/create/frame', '/p', '/twibbo', '/profile/profile-settings', '/merdeka-80/edit', '/a/b/c', '/about?x=1']) {
      expect(pageTargetOf(path), path).toBeNull();
    }
  });

  it('escapes every value and cuts index.html around its title', () => {
    expect(escapeHtml(`"><script>alert('x')</script>&`)).toBe('&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;');
    const parts = splitIndexHtml('<head>\n  <meta name="description" content="generic" />\n  <title>Site</title>\n<script>x()</script></head>');
    expect(parts).toEqual({ before: '<head>\n  ', after: '\n<script>x()</script></head>' });
    expect(splitIndexHtml('<head></head>')).toBeNull();
    const tags = metaTags({ title: 'T', description: 'D', path: '/t', type: 'website', image: { url: '/files/public/t.jpg' } }, 'https://x.test');
    expect(tags).toContain('<meta property="og:image" content="https://x.test/files/public/t.jpg" />');
    expect(tags).not.toContain('og:image:width');
  });

  it('lists the wide image first and the square one after it, each followed by its own size', () => {
    const tags = metaTags(
      {
        title: 'T',
        description: 'D',
        path: '/t',
        type: 'website',
        image: { url: '/files/og.jpg', width: 1200, height: 630 },
        squareImage: { url: 'https://cdn.test/og-square.jpg', width: 600, height: 600 },
      },
      'https://x.test',
    );
    expect(metaList(tags).filter(([key]) => key.startsWith('og:image') || key === 'twitter:image')).toEqual([
      ['og:image', 'https://x.test/files/og.jpg'],
      ['og:image:width', '1200'],
      ['og:image:height', '630'],
      ['og:image', 'https://cdn.test/og-square.jpg'],
      ['og:image:width', '600'],
      ['og:image:height', '600'],
      ['twitter:image', 'https://x.test/files/og.jpg'],
    ]);
  });
});

describe.each(drivers)('page meta (%s)', (driver) => {
  let t: TestApp;
  let dist: string;
  let indexHtml: string;
  let postUri: string;

  beforeAll(async () => {
    indexHtml = await builtIndexHtml();
    dist = await mkdtemp(join(tmpdir(), 'bingkai-dist-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), indexHtml);
    await writeFile(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    // As the build copies them (vite.config.ts): the first view's words come from there.
    await cp(new URL('../../locales', import.meta.url), join(dist, 'locales'), { recursive: true });
    // A right-to-left locale with the first view's words, whichever translations have landed.
    await writeFile(join(dist, 'locales', 'ar.json'), JSON.stringify({ pages: { campaign: { by: 'بواسطة {{name}}', frameAlt: 'إطار حملة «{{title}}»' } } }));
    t = await createTestApp(driver, { distDir: dist, publicUrl: 'https://bingkai.test' });
    const db = t.database.db;
    const creator = await insertCreator(db, 'creator');
    const campaign = await insertCampaign(db, creator.id, { uri: 'merdeka-80' });
    await db.update(campaigns).set({ title: 'Merdeka 80', description: 'Celebrate   80 years\nof independence', ogImageKey: 'public/campaigns/merdeka-80/og.jpg', ogSquareKey: 'public/campaigns/merdeka-80/og-square.jpg' }).where(eq(campaigns.id, campaign.id));
    const hostile = await insertCampaign(db, creator.id, { uri: 'hostile' });
    // Previews made before the display-size frame: the page offers the PNG alone.
    await db.update(campaigns).set({ title: `"><script>alert(1)</script>`, description: `Tom & Jerry's <b>show</b>`, frameDisplayKey: null }).where(eq(campaigns.id, hostile.id));
    const painter = await insertCreator(db, 'painter', 'public/avatars/painter.jpg');
    await insertCampaign(db, painter.id, { uri: 'two-frames', frames: 2 });
    const secret = await insertCampaign(db, creator.id, { uri: 'secret-club', visibility: 'private' });
    await db.update(campaigns).set({ title: 'Secret Club Title' }).where(eq(campaigns.id, secret.id));
    postUri = 'PostUri123';
    await db.insert(posts).values({ uri: postUri, campaignId: campaign.id, authorId: creator.id, imageKey: `public/posts/${postUri}.jpg`, width: 2160, height: 2160, caption: 'Proud to support' });
    await db.insert(posts).values({ uri: 'SecretPost', campaignId: secret.id, authorId: creator.id, imageKey: 'public/posts/SecretPost.jpg', width: 1080, height: 1080 });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  const page = (url: string, method: 'GET' | 'HEAD' = 'GET') => t.app.inject({ method, url, headers: html });

  it('renders a campaign’s title, description and preview image on its pages', async () => {
    for (const url of ['/merdeka-80', '/merdeka-80/support', '/merdeka-80/result?x=1', '/twibbo/merdeka-80']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(titleOf(response.body), url).toBe('Merdeka 80 · Bingkai');
      expect(metaOf(response.body), url).toMatchObject({
        description: 'Celebrate 80 years of independence',
        'og:site_name': 'Bingkai',
        'og:type': 'website',
        'og:url': 'https://bingkai.test/merdeka-80',
        'og:title': 'Merdeka 80',
        'og:description': 'Celebrate 80 years of independence',
        'og:image': 'https://bingkai.test/files/public/campaigns/merdeka-80/og.jpg',
        'og:image:width': '1200',
        'og:image:height': '630',
        'twitter:card': 'summary_large_image',
        'twitter:title': 'Merdeka 80',
        'twitter:description': 'Celebrate 80 years of independence',
        'twitter:image': 'https://bingkai.test/files/public/campaigns/merdeka-80/og.jpg',
      });
      // The square variant follows the wide one, for previews that show a square.
      expect(metaList(response.body).filter(([key]) => key.startsWith('og:image')).slice(3)).toEqual([
        ['og:image', 'https://bingkai.test/files/public/campaigns/merdeka-80/og-square.jpg'],
        ['og:image:width', '600'],
        ['og:image:height', '600'],
      ]);
      // The generic description is replaced, not repeated.
      expect(response.body.match(/name="description"/g)).toHaveLength(1);
    }
  });

  it('keeps the shell’s scripts byte for byte, so the CSP hashes still match', async () => {
    const response = await page('/merdeka-80');
    expect(inlineScriptHashes(response.body)).toEqual(inlineScriptHashes(indexHtml));
    expect(inlineScriptHashes(indexHtml)).toHaveLength(1);
    expect(String(response.headers['content-security-policy'])).toContain(inlineScriptHashes(indexHtml)[0]);
    expect(response.body).toContain('<script type="module" crossorigin src="/assets/index-abc123.js"></script>');
    expect(response.body).toContain('<div id="root"></div>');
  });

  it('escapes hostile titles and descriptions', async () => {
    const response = await page('/hostile');
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('<script>alert(1)</script>');
    expect(response.body).not.toContain('<b>show</b>');
    expect(titleOf(response.body)).toBe('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; · Bingkai');
    expect(metaOf(response.body)).toMatchObject({ 'og:title': `"><script>alert(1)</script>`, description: `Tom & Jerry's <b>show</b>` });
    // Without an og image the thumbnail is used, with no size claimed, and no square variant.
    expect(metaList(response.body).filter(([key]) => key.startsWith('og:image'))).toEqual([['og:image', 'https://bingkai.test/files/public/campaigns/hostile/thumbnail.jpg']]);
  });

  it('paints a campaign page’s first view before the app: frame, title and creator, the frame preloaded', async () => {
    const files = 'https://bingkai.test/files/public/campaigns/merdeka-80';
    // The display-size WebP (768 px) and the PNG by width, for the page's frame column: the preload picks as the img does.
    const srcset = `${files}/frame-display.webp 768w, ${files}/frame-0.png 1080w`;
    for (const url of ['/merdeka-80', '/merdeka-80/', '/merdeka-80?utm_source=wa']) {
      const body = (await page(url)).body;
      const head = body.slice(0, body.indexOf('</head>'));
      expect(head, url).toContain(`<link rel="preload" as="image" href="${files}/frame-0.png" imagesrcset="${srcset}" imagesizes="${CAMPAIGN_PAGE_FRAME_SIZES}" fetchpriority="high" />`);
      // Before the app's root, never inside it: React owns #root and firstViewHandoff.ts removes the view.
      expect(body.indexOf('<div id="first-view"'), url).toBeGreaterThan(body.indexOf('</head>'));
      expect(body.indexOf('<div id="first-view"'), url).toBeLessThan(body.indexOf('<div id="root"></div>'));
      expect(body).toContain(`<img src="${files}/frame-0.png" srcset="${srcset}" sizes="${CAMPAIGN_PAGE_FRAME_SIZES}" alt="Frame of the campaign “Merdeka 80”" width="1080" height="1080" fetchpriority="high" class="size-full object-contain" />`);
      expect(body).toContain('<h1 dir="auto" class="text-3xl font-bold tracking-tight">Merdeka 80</h1>');
      expect(body).toContain('<a href="/u/creator" class="flex w-fit items-center gap-2 rounded-md text-sm">');
      expect(body).toContain('<span>by Name of creator</span>');
      // One frame: no switcher row.
      expect(body).not.toContain('<ul');
    }
  });

  it('says the creator line in the visitor’s language, shows the avatar and every frame of several', async () => {
    const indonesian = await t.app.inject({ method: 'GET', url: '/merdeka-80', headers: { ...html, 'accept-language': 'id-ID,id;q=0.9,en;q=0.8' } });
    expect(indonesian.body).toContain('<span>oleh Name of creator</span>');
    expect(indonesian.body).toContain('alt="Bingkai kampanye “Merdeka 80”"');
    expect(indonesian.body).toContain('<div id="first-view" lang="id" dir="ltr"');
    const unknownLanguage = await t.app.inject({ method: 'GET', url: '/merdeka-80', headers: { ...html, 'accept-language': 'xx' } });
    expect(unknownLanguage.body).toContain('<span>by Name of creator</span>');
    expect(unknownLanguage.body).toContain('<div id="first-view" lang="en" dir="ltr"');
    // Arabic runs right to left from the first paint, before the app sets <html dir>.
    const arabic = await t.app.inject({ method: 'GET', url: '/merdeka-80', headers: { ...html, 'accept-language': 'ar-EG,ar;q=0.9' } });
    expect(arabic.body).toContain('<div id="first-view" lang="ar" dir="rtl"');
    expect(arabic.body).toContain('<span>بواسطة Name of creator</span>');
    const two = (await page('/two-frames')).body;
    expect(two).toContain('<img src="https://bingkai.test/files/public/avatars/painter.jpg" alt="" class="size-8 rounded-full object-cover" />');
    expect(two).toContain('href="https://bingkai.test/files/public/campaigns/two-frames/frame-0.png"');
    expect(two.match(/<li>/g)).toHaveLength(2);
    // The thumbnails: the first offers its display-size WebP too (sized for the 4rem button), the second has none.
    expect(two).toContain(
      '<img src="https://bingkai.test/files/public/campaigns/two-frames/frame-0.png" srcset="https://bingkai.test/files/public/campaigns/two-frames/frame-display.webp 768w, https://bingkai.test/files/public/campaigns/two-frames/frame-0.png 1080w" sizes="4rem" alt="" class="size-full object-contain" />',
    );
    expect(two).toContain('<img src="https://bingkai.test/files/public/campaigns/two-frames/frame-1.png" alt="" class="size-full object-contain" />');
  });

  it('escapes the first view’s title', async () => {
    const body = (await page('/hostile')).body;
    expect(body).toContain('<h1 dir="auto" class="text-3xl font-bold tracking-tight">&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;</h1>');
    expect(body).toContain('alt="Frame of the campaign “&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;”"');
    expect(body).not.toContain('<script>alert(1)</script>');
    // No display-size frame yet: the PNG alone, in the preload and the img.
    expect(body).toContain('<link rel="preload" as="image" href="https://bingkai.test/files/public/campaigns/hostile/frame-0.png" fetchpriority="high" />');
    expect(body).toContain('<img src="https://bingkai.test/files/public/campaigns/hostile/frame-0.png" alt=');
    expect(body).not.toContain('srcset');
  });

  it('gives the support, result and twibbo pages, private and unknown campaigns no first view', async () => {
    for (const url of ['/merdeka-80/support', '/merdeka-80/result', '/twibbo/merdeka-80', '/secret-club', '/no-such-campaign', `/p/${postUri}`]) {
      const body = (await page(url)).body;
      expect(body, url).not.toContain('first-view');
      expect(body, url).not.toContain('rel="preload"');
    }
  });

  it('shows a campaign’s new description at once after its creator changes it, within the lookup cache', async () => {
    const renamer = await insertCreator(t.database.db, 'renamer');
    await insertCampaign(t.database.db, renamer.id, { uri: 'described-soon' });
    expect(metaOf((await page('/described-soon')).body).description).not.toBe('Now with a description');
    const token = await issueIdToken({ database: t.database, storage: t.storage, tokens: await createTokenService(t.config) }, renamer);
    // The description (not the title, which the link-preview image carries and a fixture has no frame file to redraw).
    const changed = await signedInject(t.app, { method: 'PATCH', url: '/api/v2/campaigns/described-soon', body: { description: 'Now with a description' }, headers: { authorization: `Bearer ${token}` } });
    expect(changed.statusCode, changed.body).toBe(200);
    // The write's invalidation (the cache bus) drops the cached lookup: no waiting out PAGE_META_CACHE_MS.
    expect(metaOf((await page('/described-soon')).body).description).toBe('Now with a description');
  });

  it('renders a post with its image and size', async () => {
    const response = await page(`/p/${postUri}`);
    expect(response.statusCode).toBe(200);
    expect(metaOf(response.body)).toMatchObject({
      'og:type': 'article',
      'og:url': `https://bingkai.test/p/${postUri}`,
      'og:title': 'Name of creator supports “Merdeka 80”',
      'og:description': 'Proud to support',
      'og:image': `https://bingkai.test/files/public/posts/${postUri}.jpg`,
      'og:image:width': '2160',
      'og:image:height': '2160',
      'twitter:card': 'summary_large_image',
    });
  });

  it('never names a private campaign, nor its posts', async () => {
    for (const url of ['/secret-club', '/secret-club/support', '/twibbo/secret-club', '/p/SecretPost']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(indexHtml);
      expect(response.body).not.toContain('Secret Club');
    }
  });

  it('answers unknown campaigns and posts with the shell and status 404', async () => {
    for (const url of ['/no-such-campaign', '/no-such-campaign/support', '/twibbo/no-such-campaign', '/Not_A_Campaign', `/p/${'x'.repeat(40)}`, '/p/NoSuchPost']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toBe(indexHtml);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('leaves app routes as they were, answers HEAD without a body, and JSON requests with JSON', async () => {
    for (const url of ['/', '/explore/campaign', '/create/frame', '/merdeka-80/edit']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      // Public pages get only their canonical link, language alternates and JSON-LD (seoHead.test.ts).
      expect(withoutSeoHead(response.body), url).toBe(indexHtml);
    }
    const head = await page('/merdeka-80', 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect((await page('/no-such-campaign', 'HEAD')).statusCode).toBe(404);
    const json = await t.app.inject({ method: 'GET', url: '/merdeka-80', headers: { accept: 'application/json' } });
    expect(json.statusCode).toBe(404);
    expect(json.headers['content-type']).toContain('application/json');
  });
});

describe.each(drivers)('page meta without PUBLIC_URL (%s)', (driver) => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'bingkai-dist-'));
    await writeFile(join(dist, 'index.html'), await builtIndexHtml());
    t = await createTestApp(driver, { distDir: dist, publicHosts: ['frames.example', 'localhost'] });
    const creator = await insertCreator(t.database.db, 'creator');
    await insertCampaign(t.database.db, creator.id, { uri: 'merdeka-80' });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('makes links absolute with the request’s own host when PUBLIC_HOSTS lists it, on any port', async () => {
    for (const host of ['frames.example:8443', 'FRAMES.example', 'localhost:5173']) {
      const response = await t.app.inject({ method: 'GET', url: '/merdeka-80/support', headers: { ...html, host } });
      expect(response.statusCode).toBe(200);
      const origin = `http://${host.toLowerCase()}`;
      expect(metaOf(response.body), host).toMatchObject({ 'og:url': `${origin}/merdeka-80`, 'og:image': `${origin}/files/public/campaigns/merdeka-80/thumbnail.jpg` });
    }
  });

  it('never puts another host in the page: its links stay relative', async () => {
    for (const host of ['evil.example', 'evil.example:8443', 'frames.example.evil.example', 'frames.example:1@evil.example', 'localhost:80/evil.example', 'frames.example:port']) {
      const response = await t.app.inject({ method: 'GET', url: '/merdeka-80', headers: { ...html, host } });
      expect(response.statusCode, host).toBe(200);
      expect(response.body, host).not.toContain('evil');
      expect(metaOf(response.body), host).toMatchObject({ 'og:url': '/merdeka-80', 'og:image': '/files/public/campaigns/merdeka-80/thumbnail.jpg' });
    }
  });
});
