import { sql, type SQL } from 'drizzle-orm';
import type { CampaignSummary } from '../../contract/campaign.ts';
import type { CollectionSummary } from '../../contract/collection.ts';
import { ANY_COUNTRY, SEARCH_LIMITS, type CreatorSummary, type ExploreFilters, type ExploreResult, type ExploreSort, type ExploreTab, type Suggestions } from '../../contract/search.ts';
import type { Db } from '../infra/db/database.ts';
import type { FileStorage } from '../infra/storage/storage.ts';
import { thumbnailOrFirstFrameKey, toCampaignSummary } from './campaigns.ts';
import { accountListedSql, campaignListedSql } from './publicListing.ts';

/**
 * Search and explore over public campaigns, public collections and creators (contract/search.ts), on the
 * functions, generated columns and indexes of migration 0008_search.sql:
 *
 * - words: full-text search. The query is matched as written (the last word also as a prefix, for as-you-type)
 *   and stemmed in each language a campaign can be stemmed in (its document is stemmed in its own language,
 *   search_config), all without accents (search_unaccent). ts_rank weighs title (A) over tags (B) over
 *   description (C); a campaign is ranked by the words as written, and only one found through a stem alone by all
 *   the forms (ts_rank's cost grows with every lexeme of the query, over every match).
 * - typos (campaigns): when the words find less than a page, each query word is corrected to its most similar
 *   words of public campaigns (pg_trgm similarity over the small table search_words, migration 0009, at
 *   CORRECTION_SIMILARITY or more) and the full-text query runs again with the corrections: an indexed query, not a
 *   trigram comparison with every campaign. The last word is then also a prefix from two letters on.
 * - typos and parts of words (creators, collections): pg_trgm word similarity of the query to the name and username
 *   (creators), the title (collections), at TYPO_SIMILARITY or more.
 * - a campaign is also found by its creator's name or username.
 *
 * Nothing of a suspended account is found, nor a campaign or collection that is not public.
 */

/** pg_trgm word similarity a typo or a partial word needs (pg_trgm's default of 0.6 misses one-letter typos). */
export const TYPO_SIMILARITY = 0.5;
/** pg_trgm similarity a known word needs to stand in for a query word ("merdak" and "merdeka": 0.36). */
export const CORRECTION_SIMILARITY = 0.3;
/** Known words a query word is corrected to at most (the most similar ones, the most used first among equals)… */
const CORRECTIONS_MAX = 3;
/** …as similar as the best one or nearly ("marathn": "marathon", 0.55, not also "mara", 0.44). */
const CORRECTION_CLOSE = 0.85;
/** A word of fewer campaigns than this is corrected too: it may be the same typo made once in a campaign. */
const CORRECT_BELOW = 10;
/** Creators at most whose campaigns a search finds by the creator's name or username. */
const CREATORS_MAX = 50;
/** A prefix match needs this many letters of the last word: fewer would match half the catalogue. */
const PREFIX_MIN = 3;
/** Typo matching needs a query at least this long: shorter ones share a trigram with almost everything. */
const TYPO_MIN = 4;
/** Words of a query that count; the rest is ignored. */
const WORDS_MAX = 8;
/** Supports of the last 24 hours weigh this many times more in `trending` than older ones of the last 7 days. */
export const TRENDING_DAY_WEIGHT = 4;

/** The text search configurations search_config can answer (besides 'simple'): a query is stemmed in each. */
const STEMMED_CONFIGS = [
  'arabic', 'danish', 'german', 'greek', 'english', 'spanish', 'finnish', 'french', 'hindi', 'hungarian', 'indonesian',
  'italian', 'dutch', 'norwegian', 'portuguese', 'romanian', 'russian', 'serbian', 'swedish', 'tamil', 'turkish',
] as const;

/** The words of a search text (letters and digits), lower-cased; at most WORDS_MAX. */
export function searchWords(text: string): string[] {
  return (text.normalize('NFC').toLocaleLowerCase('und').match(/[\p{L}\p{M}\p{N}]+/gu) ?? []).slice(0, WORDS_MAX);
}

/** A query prepared by the database: the tsquery (as text, passed back as a constant) and the unaccented text. */
interface PreparedQuery {
  tsquery: string;
  /** The words as written only (no stems): what ranks a campaign (see campaignPage). */
  rankQuery: string;
  /** Accounts in good standing whose username is the text: their campaigns are found too. */
  creatorIds: string[];
  text: string;
  typos: boolean;
}

interface RawRow {
  [column: string]: unknown;
}

function rowsOf(result: unknown): RawRow[] {
  return (result as { rows: RawRow[] }).rows;
}

const asDate = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));
const asInt = (value: unknown): number => Number(value ?? 0);

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface ExploreOptions {
  /** Results per page (default SEARCH_LIMITS.perPage). */
  limit?: number;
  /** Whether to count every match (the explore page's total); suggestions do not need it. */
  count?: boolean;
}

export class SearchService {
  constructor(
    private readonly db: Db,
    private readonly storage: FileStorage,
  ) {}

  /** One explore page of a tab: what matches `q` (everything without one), filtered, sorted and paginated. */
  async explore(tab: ExploreTab, filters: ExploreFilters, options: ExploreOptions = {}): Promise<ExploreResult> {
    const limit = options.limit ?? SEARCH_LIMITS.perPage;
    return this.db.transaction(async (tx) => {
      const query = await prepare(tx, filters.q);
      const sort: ExploreSort = filters.sort === 'relevance' && !query ? 'trending' : (filters.sort ?? (query ? 'relevance' : 'trending'));
      const page = { filters, query, sort, limit, offset: (filters.page - 1) * limit, count: options.count ?? true };
      if (tab === 'campaign') return { tab, sort, page: filters.page, limit, ...(await this.campaigns(tx, page)) };
      if (tab === 'collection') return { tab, sort, page: filters.page, limit, ...(await this.collections(tx, page)) };
      return { tab, sort, page: filters.page, limit, ...(await this.creators(tx, page)) };
    });
  }

  /** A few of each kind for the search box, best match first; nothing for a text without letters or digits. */
  async suggest(q: string): Promise<Suggestions> {
    const perKind = SEARCH_LIMITS.suggestionsPerKind;
    const empty: Suggestions = { campaigns: [], creators: [], collections: [] };
    if (searchWords(q).length === 0) return empty;
    return this.db.transaction(async (tx) => {
      const query = await prepare(tx, q);
      if (!query) return empty;
      const base = { filters: { q, page: 1 }, query, sort: 'relevance' as const, limit: perKind, offset: 0, count: false };
      const campaigns = (await this.campaigns(tx, base)).items;
      const creators = (await this.creators(tx, base)).items;
      const collections = (await this.collections(tx, base)).items;
      return {
        campaigns: campaigns.map(({ uri, title, thumbnailUrl, supportersCount }) => ({ uri, title, thumbnailUrl, supportersCount })),
        creators: creators.map(({ username, name, avatarUrl }) => ({ username, name, avatarUrl })),
        collections: collections.map(({ uri, title, coverUrl, campaignsCount }) => ({ uri, title, coverUrl, campaignsCount })),
      };
    });
  }

  /**
   * Words first (the GIN index on the stored search_vector); only when they find less than a page does the typo
   * pass run: the same query with each word's corrections (correctedQuery), the words as written still in it.
   */
  private async campaigns(tx: Tx, page: PageRequest): Promise<{ items: CampaignSummary[]; total: number }> {
    const exact = await this.campaignPage(tx, page, null);
    if (!page.query?.typos || page.offset > 0 || exact.total >= page.limit) return exact;
    return this.campaignPage(tx, page, await correctedQuery(tx, page.query));
  }

  /** One page of campaigns matching the query, or (typo pass) `corrected`, the query with its words' corrections. */
  private async campaignPage(tx: Tx, page: PageRequest, corrected: SearchTerms | null): Promise<{ items: CampaignSummary[]; total: number }> {
    const { query, filters } = page;
    // The creator's account is read only to leave out the suspended (few: a hashed anti-join) or to filter by country.
    const country = filters.country && filters.country !== ANY_COUNTRY ? filters.country : null;
    const creatorOk = country
      ? sql`exists (select 1 from accounts a where a.id = c.creator_id and ${accountListedSql('a')} and a.country = ${country})`
      : sql`not exists (select 1 from accounts a where a.id = c.creator_id and not ${accountListedSql('a')})`;
    const conditions: SQL[] = [campaignListedSql('c'), creatorOk];
    let rank = sql`0`;
    if (query) {
      const terms: SearchTerms = corrected ?? query;
      const tsq = sql`${terms.tsquery}::tsquery`;
      // Ranked by the words as written (one or a few lexemes: ts_rank's cost grows with each one, over every match);
      // a campaign found only through a stem, by the whole query: fewer of its lexemes match, so it ranks lower.
      // (ts_rank gives 0, or 1e-20 for a query of several words, when nothing matches.)
      const textRank = sql`coalesce(nullif(nullif(ts_rank(c.search_vector, ${terms.rankQuery}::tsquery), 0), 1e-20::real), ts_rank(c.search_vector, ${tsq}))`;
      if (terms.creatorIds.length === 0) {
        conditions.push(sql`c.search_vector @@ ${tsq}`);
        rank = textRank;
      } else {
        // Creators whose username is the query, or (typo pass) whose name or username nearly is: their campaigns too.
        const byCreator = sql`c.creator_id = any(${`{${terms.creatorIds.join(',')}}`}::uuid[])`;
        conditions.push(sql`(c.search_vector @@ ${tsq} or ${byCreator})`);
        rank = sql`(${textRank} + case when ${byCreator} then 0.3 else 0 end)`;
      }
    }
    if (filters.category) conditions.push(sql`c.category = ${filters.category}`);
    const trending = page.sort === 'trending';
    const order = {
      relevance: sql`m.rank desc, m.supporters_count desc, m.created_at desc, m.id`,
      trending: sql`m.trend desc, m.supporters_count desc, m.created_at desc, m.id`,
      popular: sql`m.supporters_count desc, m.created_at desc, m.id`,
      newest: sql`m.created_at desc, m.id desc`,
    }[page.sort];
    // The matches are ranked and counted as narrow rows; only the page's rows are read whole.
    const rows = rowsOf(
      await tx.execute(sql`with matches as materialized (
          select c.id, ${rank} as rank, ${trending ? sql`coalesce(t.score, 0)` : sql`0`} as trend, c.supporters_count, c.created_at
          from campaigns c
          ${trending ? sql`left join (${trendingScores()}) t on t.campaign_id = c.id` : sql``}
          where ${sql.join(conditions, sql` and `)}
        )
        select ${page.count ? sql`(select count(*) from matches)::int` : sql`0`} as total, c.uri, c.type, c.title, c.description, ${thumbnailOrFirstFrameKey('c')} as thumbnail_key, c.supporters_count, c.created_at,
          a.username as creator_username, a.name as creator_name, a.avatar_key as creator_avatar_key
        from (select 1) one
        left join lateral (select * from matches m order by ${order} limit ${page.limit} offset ${page.offset}) m on true
        left join campaigns c on c.id = m.id
        left join accounts a on a.id = c.creator_id
        order by ${order}`),
    );
    const found = rows.filter((row) => row.uri !== null && row.uri !== undefined);
    const items = found.map((row) =>
      toCampaignSummary(this.storage, {
        uri: String(row.uri),
        type: row.type === 'background' ? 'background' : 'frame',
        title: String(row.title),
        description: String(row.description),
        thumbnailKey: String(row.thumbnail_key),
        supportersCount: asInt(row.supporters_count),
        createdAt: asDate(row.created_at),
        creatorUsername: String(row.creator_username),
        creatorName: String(row.creator_name),
        creatorAvatarKey: row.creator_avatar_key === null ? null : String(row.creator_avatar_key),
      }),
    );
    return { items, total: page.count ? asInt(rows[0]?.total) : items.length };
  }

  private async collections(tx: Tx, page: PageRequest): Promise<{ items: CollectionSummary[]; total: number }> {
    const { query, filters } = page;
    const conditions: SQL[] = [sql`co.visibility = 'public'`, accountListedSql('a')];
    let rank = sql`0`;
    if (query) {
      const tsq = sql`${query.tsquery}::tsquery`;
      const text = sql`public.search_collection_text(co.title)`;
      const typo = query.typos ? sql`or ${query.text} <% ${text}` : sql``;
      conditions.push(sql`(public.search_collection_vector(co.title, co.description) @@ ${tsq} ${typo})`);
      rank = sql`(ts_rank(public.search_collection_vector(co.title, co.description), ${tsq}) + 0.5 * word_similarity(${query.text}, ${text}))`;
    }
    if (filters.category) conditions.push(sql`s.has_category`);
    if (filters.country && filters.country !== ANY_COUNTRY) conditions.push(sql`a.country = ${filters.country}`);
    const trending = page.sort === 'trending';
    const order = {
      relevance: sql`rank desc, s.supporters_count desc, co.created_at desc, co.id`,
      trending: sql`s.trend desc, s.supporters_count desc, co.created_at desc, co.id`,
      popular: sql`s.supporters_count desc, co.created_at desc, co.id`,
      newest: sql`co.created_at desc, co.id desc`,
    }[page.sort];
    // Only the public campaigns of accounts in good standing count, and a collection shows only with one of them.
    const shown = sql`select count(*)::int as campaigns_count, coalesce(sum(c.supporters_count), 0)::int as supporters_count,
        (array_agg(${thumbnailOrFirstFrameKey('c')} order by cc.position))[1] as first_thumbnail,
        ${trending ? sql`coalesce(sum(t.score), 0)` : sql`0`} as trend,
        ${filters.category ? sql`coalesce(bool_or(c.category = ${filters.category}), false)` : sql`true`} as has_category
      from collection_campaigns cc
      join campaigns c on c.id = cc.campaign_id and ${campaignListedSql('c')}
      join accounts ca on ca.id = c.creator_id and ${accountListedSql('ca')}
      ${trending ? sql`left join (${trendingScores()}) t on t.campaign_id = c.id` : sql``}
      where cc.collection_id = co.id`;
    const where = sql.join(conditions, sql` and `);
    const from = sql`from collections co join accounts a on a.id = co.creator_id join lateral (${shown}) s on s.campaigns_count > 0`;
    const rows = rowsOf(
      await tx.execute(sql`select co.uri, co.title, co.description, co.visibility, co.cover_key, co.created_at, co.updated_at,
          a.username as creator_username, a.name as creator_name, a.avatar_key as creator_avatar_key,
          s.campaigns_count, s.supporters_count, s.first_thumbnail, ${rank} as rank
          ${page.count ? sql`, count(*) over ()::int as total` : sql``}
        ${from}
        where ${where}
        order by ${order}
        limit ${page.limit} offset ${page.offset}`),
    );
    const url = (key: unknown) => (typeof key === 'string' ? this.storage.publicUrl(key) : null);
    const items = rows.map(
      (row): CollectionSummary => ({
        uri: String(row.uri),
        title: String(row.title),
        description: String(row.description),
        visibility: 'public',
        coverUrl: url(row.cover_key) ?? url(row.first_thumbnail),
        creator: { username: String(row.creator_username), name: String(row.creator_name), avatarUrl: url(row.creator_avatar_key) },
        campaignsCount: asInt(row.campaigns_count),
        supportersCount: asInt(row.supporters_count),
        createdAt: asDate(row.created_at).toISOString(),
        updatedAt: asDate(row.updated_at).toISOString(),
      }),
    );
    const total = !page.count ? items.length : rows.length > 0 ? asInt(rows[0]!.total) : await this.countWhenPastTheEnd(tx, page, sql`select count(*)::int as total ${from} where ${where}`);
    return { items, total };
  }

  private async creators(tx: Tx, page: PageRequest): Promise<{ items: CreatorSummary[]; total: number }> {
    const { query, filters } = page;
    const conditions: SQL[] = [accountListedSql('a')];
    let rank = sql`0`;
    if (query) {
      const tsq = sql`${query.tsquery}::tsquery`;
      const vector = sql`public.search_account_vector(a.name, a.username, a.bio)`;
      const text = sql`public.search_account_text(a.name, a.username)`;
      const typo = query.typos ? sql`or ${query.text} <% ${text}` : sql``;
      conditions.push(sql`(${vector} @@ ${tsq} ${typo})`);
      rank = sql`(ts_rank(${vector}, ${tsq}) + 0.5 * word_similarity(${query.text}, ${text}))`;
    }
    if (filters.category) conditions.push(sql`s.has_category`);
    if (filters.country && filters.country !== ANY_COUNTRY) conditions.push(sql`a.country = ${filters.country}`);
    const trending = page.sort === 'trending';
    const order = {
      relevance: sql`rank desc, s.supporters_count desc, a.created_at desc, a.id`,
      trending: sql`s.trend desc, s.supporters_count desc, a.created_at desc, a.id`,
      popular: sql`s.supporters_count desc, a.created_at desc, a.id`,
      newest: sql`a.created_at desc, a.id desc`,
    }[page.sort];
    // A creator is an account with a public campaign; their totals count those only.
    const made = sql`select count(*)::int as campaigns_count, coalesce(sum(c.supporters_count), 0)::int as supporters_count,
        ${trending ? sql`coalesce(sum(t.score), 0)` : sql`0`} as trend,
        ${filters.category ? sql`coalesce(bool_or(c.category = ${filters.category}), false)` : sql`true`} as has_category
      from campaigns c
      ${trending ? sql`left join (${trendingScores()}) t on t.campaign_id = c.id` : sql``}
      where c.creator_id = a.id and ${campaignListedSql('c')}`;
    const where = sql.join(conditions, sql` and `);
    const from = sql`from accounts a join lateral (${made}) s on s.campaigns_count > 0`;
    const rows = rowsOf(
      await tx.execute(sql`select a.username, a.name, a.avatar_key, a.bio, a.country, s.campaigns_count, s.supporters_count, ${rank} as rank
          ${page.count ? sql`, count(*) over ()::int as total` : sql``}
        ${from}
        where ${where}
        order by ${order}
        limit ${page.limit} offset ${page.offset}`),
    );
    const items = rows.map(
      (row): CreatorSummary => ({
        username: String(row.username),
        name: String(row.name),
        avatarUrl: typeof row.avatar_key === 'string' ? this.storage.publicUrl(row.avatar_key) : null,
        bio: String(row.bio ?? ''),
        country: typeof row.country === 'string' ? row.country : null,
        campaignsCount: asInt(row.campaigns_count),
        supportersCount: asInt(row.supporters_count),
      }),
    );
    const total = !page.count ? items.length : rows.length > 0 ? asInt(rows[0]!.total) : await this.countWhenPastTheEnd(tx, page, sql`select count(*)::int as total ${from} where ${where}`);
    return { items, total };
  }

  /** A page past the last one has no row to carry the total: count on its own (page 1 empty means none). */
  private async countWhenPastTheEnd(tx: Tx, page: PageRequest, countQuery: SQL): Promise<number> {
    if (page.offset === 0) return 0;
    return asInt(rowsOf(await tx.execute(countQuery))[0]?.total);
  }
}

interface PageRequest {
  filters: Pick<ExploreFilters, 'q' | 'page'> & Partial<Pick<ExploreFilters, 'category' | 'country'>>;
  query: PreparedQuery | null;
  sort: ExploreSort;
  limit: number;
  offset: number;
  count: boolean;
}

/** Per campaign with supports in the last 7 days: those of the last 24 hours weigh TRENDING_DAY_WEIGHT, older ones 1. */
function trendingScores(): SQL {
  return sql`select campaign_id,
      (${TRENDING_DAY_WEIGHT} * count(*) filter (where created_at >= now() - interval '24 hours')
        + count(*) filter (where created_at < now() - interval '24 hours'))::int as score
    from campaign_supports
    where created_at >= now() - interval '7 days'
    group by campaign_id`;
}

/**
 * Sets the typo threshold for this transaction and lets the database build the query once: the words as written
 * (the last one also as a prefix when long enough) or stemmed in any language a campaign may be in, unaccented.
 * Null when the text has no word.
 */
async function prepare(tx: Tx, q: string): Promise<PreparedQuery | null> {
  const words = searchWords(q);
  if (words.length === 0) {
    await tx.execute(sql`select 1`);
    return null;
  }
  const text = words.join(' ');
  const last = words[words.length - 1]!;
  const leading = words.slice(0, -1).join(' ');
  const unaccented = sql`public.search_unaccent(${text})`;
  // quote_literal makes the last word one quoted lexeme whatever unaccent turns it into; plainto_tsquery takes any text.
  const lastWord = last.length >= PREFIX_MIN ? sql`to_tsquery('simple', quote_literal(public.search_unaccent(${last})) || ':*')` : sql`plainto_tsquery('simple', public.search_unaccent(${last}))`;
  const asWritten = sql`(plainto_tsquery('simple', public.search_unaccent(${leading})) && ${lastWord})`;
  const configs = sql.raw(`array[${STEMMED_CONFIGS.map((config) => `'${config}'`).join(', ')}]::regconfig[]`);
  // Each form once: most languages stem most words alike, and a shorter query is a cheaper one to rank.
  const [row] = rowsOf(
    // A word's matches are found through the GIN indexes: the planner's guess for a tsquery of several forms is far
    // too high and would read the whole table instead. No JIT: compiling costs seconds, a search takes milliseconds.
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(TYPO_SIMILARITY)}, true) as threshold,
      set_config('pg_trgm.similarity_threshold', ${String(CORRECTION_SIMILARITY)}, true) as correction_threshold,
      set_config('enable_seqscan', 'off', true) as index_scans,
      set_config('jit', 'off', true) as no_jit,
      (select string_agg(distinct '(' || form || ')', ' | ') from (
        select ${asWritten}::text as form
        union all
        select plainto_tsquery(config, ${unaccented})::text from unnest(${configs}) as config
      ) forms where form <> '') as tsquery,
      ${asWritten}::text as as_written,
      array(select h.id::text from accounts h where h.suspended_at is null and h.username = lower(${unaccented}) limit ${CREATORS_MAX}) as creator_ids,
      lower(${unaccented}) as text`),
  );
  const tsquery = String(row?.tsquery ?? '');
  if (!tsquery) return null;
  const unaccentedText = String(row?.text ?? text);
  const asWrittenQuery = String(row?.as_written ?? '');
  const creatorIds = (row?.creator_ids as string[] | null) ?? [];
  return { tsquery, rankQuery: asWrittenQuery || tsquery, creatorIds, text: unaccentedText, typos: unaccentedText.length >= TYPO_MIN };
}

/** What a campaign search looks for: words (tsquery), the words to rank with, and creators whose campaigns count. */
interface SearchTerms {
  tsquery: string;
  rankQuery: string;
  creatorIds: string[];
}

/** A lexeme as tsquery text reads it: quoted, its quotes and backslashes escaped. */
function lexeme(word: string): string {
  return `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/**
 * The typo pass's terms: the creators whose name or username nearly is the text, and the query as prepared or every
 * word of it (AND) as written, stemmed in any language, corrected to its CORRECTIONS_MAX most similar known words
 * (search_words, trigram-indexed), and — the last one, as one types — as a prefix of a known word from two letters on.
 * A word that is a stop word in some language, or that is no known word and has neither a correction nor a known
 * word it starts, is left out rather than making the whole query find nothing (the words' query found it stemmed).
 */
async function correctedQuery(tx: Tx, query: PreparedQuery): Promise<SearchTerms> {
  const words = searchWords(query.text);
  if (words.length === 0) return query;
  const configs = sql.raw(`array['simple', ${STEMMED_CONFIGS.map((config) => `'${config}'`).join(', ')}]::regconfig[]`);
  const last = words[words.length - 1]!;
  const startsWith = `${last.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  // A constant pattern, so that the trigram index answers it.
  const startsAKnownWord = last.length >= 2 ? sql`exists (select 1 from search_words s where s.word like ${startsWith})` : sql`false`;
  const rows = rowsOf(
    await tx.execute(sql`select w.word, coalesce(known.ndoc, 0) as ndoc, coalesce(near.words, '{}'::text[]) as corrections, hits.creator_ids,
        (select string_agg(distinct '(' || form || ')', ' | ') from (select plainto_tsquery(config, w.word)::text as form from unnest(${configs}) as config) forms where form <> '') as forms,
        exists (select 1 from unnest(${configs}) as config where plainto_tsquery(config, w.word)::text = '') as stop_word,
        (w.position = ${words.length} and ${startsAKnownWord}) as prefix
      from jsonb_array_elements_text(${JSON.stringify(words)}::jsonb) with ordinality as w(word, position)
      cross join (select array(
        select h.id::text from accounts h
        where h.suspended_at is null and (h.username = ${query.text} or ${query.text} <% public.search_account_text(h.name, h.username))
        limit ${CREATORS_MAX}
      ) as creator_ids) hits
      left join lateral (select s.ndoc from search_words s where s.word = w.word) known on true
      left join lateral (
        select array_agg(word order by similarity desc, ndoc desc, word) as words from (
          select word, ndoc, similarity, max(similarity) over () as best from (
            select s.word, s.ndoc, similarity(s.word, w.word) as similarity from search_words s
            where length(w.word) >= ${TYPO_MIN} and coalesce(known.ndoc, 0) < ${CORRECT_BELOW} and s.word % w.word
            order by similarity desc, s.ndoc desc, s.word limit ${CORRECTIONS_MAX}
          ) nearest
        ) close_enough where similarity >= best * ${CORRECTION_CLOSE}
      ) near on true
      order by w.position`),
  );
  const terms: string[] = [];
  const rankTerms: string[] = [];
  for (const row of rows) {
    const word = String(row.word);
    const corrections = (row.corrections as string[] | null) ?? [];
    const prefix = row.prefix === true;
    // The word being typed stays when it starts a known word, even a stop word ("semangat ju" → juara).
    if ((row.stop_word === true && !prefix) || (asInt(row.ndoc) === 0 && !prefix && corrections.length === 0)) continue;
    const written = [prefix ? `${lexeme(word)}:*` : lexeme(word), ...corrections.map(lexeme)];
    const forms = [...(typeof row.forms === 'string' && row.forms ? [row.forms] : []), ...written];
    terms.push(`(${forms.join(' | ')})`);
    rankTerms.push(`(${written.join(' | ')})`);
  }
  const creatorIds = (rows[0]?.creator_ids as string[] | undefined) ?? [];
  // Without corrections, the typo pass still finds the campaigns of creators whose name nearly is the query.
  if (terms.length === 0) return { tsquery: query.tsquery, rankQuery: query.rankQuery, creatorIds };
  return { tsquery: `(${query.tsquery}) | (${terms.join(' & ')})`, rankQuery: `(${query.rankQuery}) | (${rankTerms.join(' & ')})`, creatorIds };
}

