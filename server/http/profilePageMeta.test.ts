import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, campaigns } from '../infra/db/schema.ts';
import { insertCampaign, insertCreator } from '../testing/fixtures.ts';
import { builtIndexHtml, metaList, metaOf, titleOf } from '../testing/pageHead.ts';
import { createTestApp, drivers, type TestApp } from '../testing/testApp.ts';
import { pageTargetOf } from './pageMeta.ts';

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('profile page targets', () => {
  it('names the username of /u/:username only', () => {
    expect(pageTargetOf('/u/ana')).toEqual({ kind: 'profile', uri: 'ana' });
    expect(pageTargetOf('/u/ana/?tab=posts')).toEqual({ kind: 'profile', uri: 'ana' });
    expect(pageTargetOf('/u')).toBeNull();
    expect(pageTargetOf('/u/ana/campaigns')).toBeNull();
  });
});

describe.each(drivers)('profile page meta (%s)', (driver) => {
  let t: TestApp;
  let dist: string;
  let indexHtml: string;

  beforeAll(async () => {
    indexHtml = await builtIndexHtml();
    dist = await mkdtemp(join(tmpdir(), 'bingkai-dist-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), indexHtml);
    await writeFile(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    t = await createTestApp(driver, { distDir: dist, publicUrl: 'https://bingkai.test' });
    const db = t.database.db;
    const ana = await insertCreator(db, 'ana', 'public/avatars/ana.webp');
    await db.update(accounts).set({ name: 'Ana "<b>" Putri', bio: 'Frames for   every\ncause & moment', bannerKey: 'public/banners/ana.webp' }).where(eq(accounts.id, ana.id));
    const row = await insertCampaign(db, ana.id, { uri: 'ana-one' });
    await db.update(campaigns).set({ supportersCount: 42 }).where(eq(campaigns.id, row.id));
    await insertCampaign(db, ana.id, { uri: 'ana-secret', visibility: 'private' });
    const plain = await insertCreator(db, 'plain');
    await insertCampaign(db, plain.id, { uri: 'plain-one' });
    const banned = await insertCreator(db, 'banned');
    await db.update(accounts).set({ suspendedAt: new Date() }).where(eq(accounts.id, banned.id));
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  const page = (url: string) => t.app.inject({ method: 'GET', url, headers: html });

  it('renders the profile’s name, bio, banner and avatar, canonical and Twitter card; every value escaped', async () => {
    const response = await page('/u/ana');
    expect(response.statusCode).toBe(200);
    expect(titleOf(response.body)).toBe('Ana &quot;&lt;b&gt;&quot; Putri (@ana) · Bingkai');
    expect(response.body).not.toContain('<b>');
    expect(metaOf(response.body)).toMatchObject({
      description: 'Frames for every cause & moment',
      'og:type': 'website',
      'og:url': 'https://bingkai.test/u/ana',
      'og:title': 'Ana "<b>" Putri (@ana)',
      'twitter:card': 'summary_large_image',
      'twitter:image': 'https://bingkai.test/files/public/banners/ana.webp',
    });
    expect(metaList(response.body).filter(([key]) => key.startsWith('og:image'))).toEqual([
      ['og:image', 'https://bingkai.test/files/public/banners/ana.webp'],
      ['og:image:width', '1500'],
      ['og:image:height', '500'],
      ['og:image', 'https://bingkai.test/files/public/avatars/ana.webp'],
      ['og:image:width', '512'],
      ['og:image:height', '512'],
    ]);
    expect(response.body).toContain('<link rel="canonical" href="https://bingkai.test/u/ana" />');
  });

  it('describes a profile without bio by its public totals, with the default banner', async () => {
    const response = await page('/u/Plain');
    expect(response.statusCode).toBe(200);
    const meta = metaOf(response.body);
    expect(meta.description).toBe('Name of plain on Bingkai: 1 campaign, 3 supporters.');
    expect(meta['og:image']).toBe('https://bingkai.test/images/default-banner.jpg');
    expect(meta['og:url']).toBe('https://bingkai.test/u/plain');
  });

  it('answers unknown, suspended and malformed usernames with the shell and 404', async () => {
    for (const url of ['/u/nobody', '/u/banned', '/u/%3Cx%3E', `/u/${'a'.repeat(80)}`]) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toBe(indexHtml);
    }
  });
});
