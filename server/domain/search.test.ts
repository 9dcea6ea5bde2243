import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exploreQuery, type ExploreQuery } from '../../contract/search.ts';
import { accounts, campaignSupports, campaigns, collectionCampaigns, collections, searchWords as searchWordsTable } from '../infra/db/schema.ts';
import { LocalFileStorage } from '../infra/storage/localStorage.ts';
import { UrlSigner } from '../infra/storage/urlSigning.ts';
import { insertCampaign, insertCreator } from '../testing/fixtures.ts';
import { createTestDatabase, drivers, type TestDatabase } from '../testing/testApp.ts';
import { SearchService, searchWords } from './search.ts';

describe('searchWords', () => {
  it('keeps letters and digits, lower-cased, and drops operators and punctuation', () => {
    expect(searchWords("  Merdeka! 17-Agustus & (café) | l'été:* ")).toEqual(['merdeka', '17', 'agustus', 'café', 'l', 'été']);
    expect(searchWords('!!! ::* &')).toEqual([]);
  });
});

describe.each(drivers)('SearchService (%s)', (driver) => {
  let database: TestDatabase;
  let service: SearchService;
  // Only builds URLs here: nothing is stored.
  const storage = new LocalFileStorage({ root: '/nonexistent', signer: new UrlSigner(new TextEncoder().encode('x'.repeat(32))), maxObjectBytes: 64, publicUrl: '' });
  const ids = new Map<string, string>();

  async function campaign(creatorId: string, uri: string, fields: Partial<typeof campaigns.$inferInsert>) {
    const row = await insertCampaign(database.db, creatorId, { uri, visibility: fields.visibility ?? 'public', createdAt: fields.createdAt ?? new Date() });
    await database.db.update(campaigns).set(fields).where(eq(campaigns.id, row.id));
    ids.set(uri, row.id);
    return row;
  }
  const explore = (tab: 'campaign' | 'collection' | 'creator', query: ExploreQuery) => service.explore(tab, exploreQuery.parse(query));
  const uris = async (query: ExploreQuery) => (await explore('campaign', query)).items.map((item) => ('uri' in item ? item.uri : ''));

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    service = new SearchService(database.db, storage);
    const maker = await insertCreator(database.db, 'budi_santoso');
    await database.db.update(accounts).set({ name: 'Budi Santoso', country: 'ID', bio: 'Pembuat bingkai kemerdekaan' }).where(eq(accounts.id, maker.id));
    const french = await insertCreator(database.db, 'amelie');
    await database.db.update(accounts).set({ name: 'Amélie Dubois', country: 'FR' }).where(eq(accounts.id, french.id));
    const banned = await insertCreator(database.db, 'merdeka_spammer');
    await database.db.update(accounts).set({ name: 'Merdeka Spammer', suspendedAt: new Date() }).where(eq(accounts.id, banned.id));
    const day = 24 * 60 * 60_000;
    const now = Date.now();
    await campaign(maker.id, 'hut-ri', { title: 'Merdeka 17 Agustus', description: 'Rayakan hari kemerdekaan', tags: ['indonesia'], category: 'national-day', language: 'id', supportersCount: 50, createdAt: new Date(now - 5 * day) });
    await campaign(maker.id, 'lomba', { title: 'Lomba Kampung', description: 'Semangat merdeka di kampung kita', tags: ['lomba'], category: 'celebration', language: 'id', supportersCount: 500, createdAt: new Date(now - 4 * day) });
    await campaign(french.id, 'cafe', { title: 'Café de Paris', description: 'Un bingkai pour les amateurs de café', tags: ['paris'], category: 'business', language: 'fr', supportersCount: 5, createdAt: new Date(now - 3 * day) });
    await campaign(french.id, 'running', { title: 'Spring running club', description: 'Runners of the city', tags: ['sport'], category: 'sports', language: 'en', supportersCount: 10, createdAt: new Date(now - 2 * day) });
    await campaign(maker.id, 'merdeka-unlisted', { title: 'Merdeka unlisted', visibility: 'unlisted', supportersCount: 1000 });
    await campaign(maker.id, 'merdeka-private', { title: 'Merdeka private', visibility: 'private', supportersCount: 1000 });
    await campaign(banned.id, 'merdeka-banned', { title: 'Merdeka banned', supportersCount: 1000 });
    // Trending: two supports today for `running`, five last week for `lomba`: 2×4 = 8 beats 5.
    const support = (uri: string, ageMs: number, n: number) =>
      database.db.insert(campaignSupports).values(Array.from({ length: n }, (_, i) => ({ campaignId: ids.get(uri)!, fingerprint: `${uri}-${ageMs}-${i}`, createdAt: new Date(now - ageMs) })));
    await support('running', 60 * 60_000, 2);
    await support('lomba', 3 * day, 5);
    await support('cafe', 10 * day, 20);

    const [pub] = await database.db.insert(collections).values({ uri: 'hari-merdeka', creatorId: maker.id, title: 'Hari Merdeka', description: 'Bingkai terbaik' }).returning();
    const [unlisted] = await database.db.insert(collections).values({ uri: 'hidden-merdeka', creatorId: maker.id, title: 'Merdeka hidden', visibility: 'unlisted' }).returning();
    const [ofBanned] = await database.db.insert(collections).values({ uri: 'banned-merdeka', creatorId: banned.id, title: 'Merdeka of a banned account' }).returning();
    const [french1] = await database.db.insert(collections).values({ uri: 'paris', creatorId: french.id, title: 'Paris', description: 'Les cafés' }).returning();
    await database.db.insert(collectionCampaigns).values([
      { collectionId: pub!.id, campaignId: ids.get('lomba')!, position: 0 },
      { collectionId: pub!.id, campaignId: ids.get('hut-ri')!, position: 1 },
      { collectionId: pub!.id, campaignId: ids.get('merdeka-private')!, position: 2 },
      { collectionId: unlisted!.id, campaignId: ids.get('hut-ri')!, position: 0 },
      { collectionId: ofBanned!.id, campaignId: ids.get('hut-ri')!, position: 0 },
      { collectionId: french1!.id, campaignId: ids.get('cafe')!, position: 0 },
    ]);
  });
  afterAll(() => database.dispose());

  it('finds a campaign despite a typo', async () => {
    expect(await uris({ q: 'merdak' })).toContain('hut-ri');
    expect(await uris({ q: 'kampugn' })).toEqual(['lomba']);
  });

  it('corrects a typo of a description word too, and of every word of a longer query', async () => {
    // "semangat" is only in the description of `lomba`; "kampugn" and "agustsu" are typos of two campaigns' titles.
    expect(await uris({ q: 'semangta' })).toEqual(['lomba']);
    expect(await uris({ q: 'rayakn kemerdekan' })).toEqual(['hut-ri']);
    // Every word still counts: a typo of one campaign's word and a word of another find neither.
    expect(await uris({ q: 'kampugn paris' })).toEqual([]);
  });

  it('takes the last word as the start of a word from two letters on once the others found little', async () => {
    expect(await uris({ q: 'lomba ka' })).toEqual(['lomba']);
    expect(await uris({ q: 'spring ru' })).toEqual(['running']);
  });

  it('finds a campaign by the start of a word, as one types', async () => {
    expect(await uris({ q: 'merd' })).toEqual(expect.arrayContaining(['hut-ri', 'lomba']));
    expect(await uris({ q: 'spring runn' })).toEqual(['running']);
  });

  it('ignores accents both ways', async () => {
    expect(await uris({ q: 'cafe' })).toEqual(['cafe']);
    expect(await uris({ q: 'CAFÉ' })).toEqual(['cafe']);
    expect((await explore('creator', { q: 'amelie' })).items.map((item) => ('username' in item ? item.username : ''))).toEqual(['amelie']);
  });

  it('stems words in the campaign language', async () => {
    // English "runs" and "running" share the stem "run"; Indonesian "kemerdekaan" (independence) is "merdeka" stemmed.
    expect(await uris({ q: 'runs' })).toEqual(['running']);
    expect(await uris({ q: 'kemerdekaan' })).toEqual(expect.arrayContaining(['hut-ri', 'lomba']));
    // The English plural finds the singular of an English campaign.
    expect(await uris({ q: 'clubs' })).toEqual(['running']);
  });

  it('ranks a title match above a description match, whatever the supporters', async () => {
    const found = await uris({ q: 'merdeka' });
    expect(found.slice(0, 2)).toEqual(['hut-ri', 'lomba']);
  });

  it('finds campaigns by their creator name', async () => {
    expect(await uris({ q: 'budi santoso' })).toEqual(expect.arrayContaining(['hut-ri', 'lomba']));
  });

  it('never finds unlisted, private or suspended accounts’ campaigns, collections or the suspended account', async () => {
    const all = [...(await uris({ q: 'merdeka' })), ...(await uris({})), ...(await uris({ q: 'merdeka', sort: 'popular' }))];
    for (const hidden of ['merdeka-unlisted', 'merdeka-private', 'merdeka-banned']) expect(all).not.toContain(hidden);
    const lists = await explore('collection', { q: 'merdeka' });
    expect(lists.items.map((item) => ('uri' in item ? item.uri : ''))).toEqual(['hari-merdeka']);
    const creators = await explore('creator', { q: 'merdeka spammer' });
    expect(creators.items).toEqual([]);
    const suggestions = await service.suggest('merdeka');
    expect(suggestions.campaigns.map((item) => item.uri)).not.toContain('merdeka-banned');
    expect(suggestions.collections.map((item) => item.uri)).toEqual(['hari-merdeka']);
  });

  it('counts only public campaigns in collections and creators, with the cover falling back to the first thumbnail', async () => {
    const { items } = await explore('collection', { q: 'hari merdeka' });
    expect(items[0]).toMatchObject({ uri: 'hari-merdeka', campaignsCount: 2, supportersCount: 550, coverUrl: '/files/public/campaigns/lomba/thumbnail.jpg', creator: { username: 'budi_santoso' } });
    const creators = await explore('creator', { sort: 'popular' });
    expect(creators.items).toEqual([
      expect.objectContaining({ username: 'budi_santoso', campaignsCount: 2, supportersCount: 550, country: 'ID' }),
      expect.objectContaining({ username: 'amelie', campaignsCount: 2, supportersCount: 15, country: 'FR' }),
    ]);
  });

  it('sorts by trending, popular and newest, and filters by category and country', async () => {
    expect(await uris({ sort: 'trending' })).toEqual(['running', 'lomba', 'hut-ri', 'cafe']);
    expect(await uris({ sort: 'popular' })).toEqual(['lomba', 'hut-ri', 'running', 'cafe']);
    expect(await uris({ sort: 'newest' })).toEqual(['running', 'cafe', 'lomba', 'hut-ri']);
    expect(await uris({ category: 'business' })).toEqual(['cafe']);
    expect(await uris({ country: 'ID', sort: 'newest' })).toEqual(['lomba', 'hut-ri']);
    expect(await uris({ country: 'WW', sort: 'newest' })).toHaveLength(4);
    expect((await explore('collection', { category: 'business' })).items.map((item) => ('uri' in item ? item.uri : ''))).toEqual(['paris']);
    expect((await explore('creator', { country: 'FR' })).items.map((item) => ('username' in item ? item.username : ''))).toEqual(['amelie']);
  });

  it('pages by 10 with the total, also past the last page', async () => {
    const first = await explore('campaign', {});
    expect(first).toMatchObject({ tab: 'campaign', page: 1, limit: 10, total: 4, sort: 'trending' });
    const past = await explore('campaign', { page: 3 });
    expect(past).toMatchObject({ items: [], total: 4, page: 3 });
    expect(await explore('campaign', { q: 'zzzzqqq' })).toMatchObject({ items: [], total: 0, sort: 'relevance' });
  });

  it('treats a text without words as no search, and survives tsquery syntax', async () => {
    expect((await explore('campaign', { q: "&|!:*()'" })).total).toBe(4);
    expect(await uris({ q: "merdeka's & | !" })).toContain('hut-ri');
    expect(await service.suggest('  ')).toEqual({ campaigns: [], creators: [], collections: [] });
  });
});

describe.each(drivers)('search_words, the known words typos are corrected to (%s)', (driver) => {
  let database: TestDatabase;
  let service: SearchService;
  let creatorId: string;
  const storage = new LocalFileStorage({ root: '/nonexistent', signer: new UrlSigner(new TextEncoder().encode('x'.repeat(32))), maxObjectBytes: 64, publicUrl: '' });
  const uris = async (q: string) => (await service.explore('campaign', exploreQuery.parse({ q }))).items.map((item) => ('uri' in item ? item.uri : ''));
  const counts = async (words: string[]) =>
    Object.fromEntries(
      (await database.db.select().from(searchWordsTable).where(inArray(searchWordsTable.word, words)).orderBy(asc(searchWordsTable.word))).map((row) => [row.word, row.ndoc]),
    );
  const set = (uri: string, fields: Partial<typeof campaigns.$inferInsert>) => database.db.update(campaigns).set(fields).where(eq(campaigns.uri, uri));

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    service = new SearchService(database.db, storage);
    creatorId = (await insertCreator(database.db, 'sari')).id;
  });
  afterAll(() => database.dispose());

  it('counts the words of public campaigns as they are written, edited, hidden and deleted', async () => {
    // One statement with two campaigns: the words are counted once per campaign, lower-cased, without accents.
    await database.db.insert(campaigns).values([
      { uri: 'w1', title: 'Pawai Budaya', description: 'Café pawai', tags: ['budaya'], creatorId, thumbnailKey: 'public/campaigns/w1/t.jpg' },
      { uri: 'w2', title: 'Pawai Obor', description: '', tags: [], creatorId, thumbnailKey: 'public/campaigns/w2/t.jpg' },
      { uri: 'w3', title: 'Rahasia Pawai', description: '', tags: [], visibility: 'private', creatorId, thumbnailKey: 'public/campaigns/w3/t.jpg' },
    ]);
    expect(await counts(['pawai', 'budaya', 'cafe', 'obor', 'rahasia'])).toEqual({ pawai: 2, budaya: 1, cafe: 1, obor: 1 });

    // An edit moves the counts of the words that changed; an edit of anything else leaves them.
    await set('w2', { title: 'Obor Nusantara', supportersCount: 7 });
    expect(await counts(['pawai', 'obor', 'nusantara'])).toEqual({ pawai: 1, obor: 1, nusantara: 1 });
    await set('w1', { supportersCount: 8, category: 'celebration' });
    expect(await counts(['pawai', 'budaya'])).toEqual({ pawai: 1, budaya: 1 });

    // Hidden, its words go (unless another public campaign has them); public again, they come back.
    await set('w1', { visibility: 'unlisted' });
    expect(await counts(['pawai', 'budaya', 'cafe'])).toEqual({});
    await set('w3', { visibility: 'public' });
    expect(await counts(['pawai', 'rahasia'])).toEqual({ pawai: 1, rahasia: 1 });
    await set('w1', { visibility: 'public' });
    expect(await counts(['pawai', 'budaya'])).toEqual({ pawai: 2, budaya: 1 });

    await database.db.delete(campaigns).where(inArray(campaigns.uri, ['w1', 'w3']));
    expect(await counts(['pawai', 'budaya', 'cafe', 'rahasia', 'obor'])).toEqual({ obor: 1 });
  });

  it('ranks a campaign found through a stem by where the word is, a title above a description', async () => {
    await insertCampaign(database.db, creatorId, { uri: 'garden-title' });
    await set('garden-title', { title: 'Community Garden', description: 'Plant with us', tags: [], language: 'en', supportersCount: 1 });
    await insertCampaign(database.db, creatorId, { uri: 'garden-description' });
    await set('garden-description', { title: 'Spring fair', description: 'Tour the community gardens', tags: [], language: 'en', supportersCount: 100 });
    expect(await uris('gardening')).toEqual(['garden-title', 'garden-description']);
    expect(await uris('community gardening')).toEqual(['garden-title', 'garden-description']);
  });

  it('corrects typos to the words campaigns have now, not to those they had', async () => {
    await insertCampaign(database.db, creatorId, { uri: 'festival' });
    await set('festival', { title: 'Festival Layang', description: 'Lomba layang-layang' });
    expect(await uris('festivl')).toEqual(['festival']);
    await set('festival', { title: 'Karnaval Layang' });
    expect(await uris('karnavl')).toEqual(['festival']);
    expect(await uris('festivl')).toEqual([]);
    await set('festival', { visibility: 'private' });
    expect(await uris('karnavl')).toEqual([]);
  });
});

