import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../infra/db/database.ts';
import { accountListedSql, campaignListedSql } from './publicListing.ts';

/**
 * What the sitemap lists (docs/SEO.md): public campaigns, public collections and creator profiles, each only when
 * its creator is not suspended (what explore finds; contract/search.ts), and a profile only when it has a public
 * campaign. Unlisted and private campaigns, unlisted collections and suspended accounts are never listed.
 */
export const sitemapSections = ['campaigns', 'collections', 'creators'] as const;
export type SitemapSection = (typeof sitemapSections)[number];

/** The protocol's limit of URLs in one sitemap file (sitemaps.org). */
export const SITEMAP_URLS_MAX = 50_000;
/** URLs per sitemap page by default: well under the limit, a page stays a few MB and one indexed range read. */
export const SITEMAP_PAGE_SIZE = 10_000;
/** How long the page boundaries (one scan per section) are reused; a sitemap is read by crawlers, not people. */
export const SITEMAP_BOUNDARIES_MS = 10 * 60_000;

export interface SitemapUrl {
  /** Path on the public origin, e.g. /merdeka-80. */
  path: string;
  lastmod: Date;
}

export interface SitemapPage {
  section: SitemapSection;
  /** From 1. */
  page: number;
  /** The newest lastmod of the page's URLs. */
  lastmod: Date;
}

/** A page of a section: its URLs' keys are ≥ from and < the next page's from (keyset ranges on a unique key). */
interface Boundary {
  from: string;
  lastmod: Date;
}

interface RawRow {
  key: string;
  lastmod: unknown;
}

const asDate = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));

function rowsOf(result: unknown): RawRow[] {
  return (result as { rows: RawRow[] }).rows;
}

/** The key column each section's range is on. */
const KEY_COLUMN: Record<SitemapSection, SQL> = {
  campaigns: sql.raw('c.uri'),
  collections: sql.raw('k.uri'),
  creators: sql.raw('a.username'),
};

/** The rows of a section whose key satisfies `range`, ordered by key (a creator's lastmod is their newest public campaign's). */
function rowsQuery(section: SitemapSection, range: SQL, limit?: number): SQL {
  const tail = limit === undefined ? sql`` : sql` limit ${limit}`;
  switch (section) {
    case 'campaigns':
      return sql`select c.uri as key, c.updated_at as lastmod
        from campaigns c join accounts a on a.id = c.creator_id
        where ${campaignListedSql('c')} and ${accountListedSql('a')} and ${range}
        order by c.uri${tail}`;
    case 'collections':
      return sql`select k.uri as key, k.updated_at as lastmod
        from collections k join accounts a on a.id = k.creator_id
        where k.visibility = 'public' and ${accountListedSql('a')} and ${range}
        order by k.uri${tail}`;
    case 'creators':
      return sql`select a.username as key, max(c.updated_at) as lastmod
        from accounts a join campaigns c on c.creator_id = a.id and ${campaignListedSql('c')}
        where ${accountListedSql('a')} and ${range}
        group by a.username
        order by a.username${tail}`;
  }
}

function pathOf(section: SitemapSection, key: string): string {
  if (section === 'collections') return `/c/${encodeURIComponent(key)}`;
  if (section === 'creators') return `/u/${encodeURIComponent(key)}`;
  return `/${encodeURIComponent(key)}`;
}

/**
 * Reads for /sitemap.xml and its pages. Page numbers stay cheap however many campaigns there are: one scan per
 * section finds the first key of every page (kept for SITEMAP_BOUNDARIES_MS), and a page is then a keyset range
 * read (key ≥ its first, < the next page's first) instead of an OFFSET that walks every row before it.
 */
export class SitemapService {
  private readonly cached = new Map<SitemapSection, { expires: number; boundaries: Promise<Boundary[]> }>();

  constructor(
    private readonly db: Db,
    private readonly pageSize: number = SITEMAP_PAGE_SIZE,
    private readonly boundariesMs: number = SITEMAP_BOUNDARIES_MS,
  ) {
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > SITEMAP_URLS_MAX) throw new Error(`The sitemap page size must be 1 to ${SITEMAP_URLS_MAX}, got ${pageSize}`);
  }

  /** Every page of every section, with its newest lastmod; a section without URLs has none. */
  async pages(): Promise<SitemapPage[]> {
    const all = await Promise.all(sitemapSections.map(async (section) => (await this.boundaries(section)).map((boundary, index) => ({ section, page: index + 1, lastmod: boundary.lastmod }))));
    return all.flat();
  }

  /**
   * The URLs of one page, in key order; null when the section has no such page. Page 1 of a section without URLs
   * is an empty list, so a crawler holding an old index gets a valid sitemap rather than an error.
   */
  async page(section: SitemapSection, page: number): Promise<SitemapUrl[] | null> {
    const boundaries = await this.boundaries(section);
    if (boundaries.length === 0) return page === 1 ? [] : null;
    const start = boundaries[page - 1];
    if (!start) return null;
    const next = boundaries[page];
    const key = KEY_COLUMN[section];
    const range = next ? sql`${key} >= ${start.from} and ${key} < ${next.from}` : sql`${key} >= ${start.from}`;
    // The last page also takes what was published since the boundaries were read, up to the protocol's limit.
    const rows = rowsOf(await this.db.execute(rowsQuery(section, range, SITEMAP_URLS_MAX)));
    return rows.map((row) => ({ path: pathOf(section, row.key), lastmod: asDate(row.lastmod) }));
  }

  /** Newest change among public campaigns (the home, explore and leaderboard pages show them); null without any. */
  async newestCampaignChange(): Promise<Date | null> {
    const rows = rowsOf(
      await this.db.execute(sql`select '' as key, max(c.updated_at) as lastmod
        from campaigns c join accounts a on a.id = c.creator_id
        where ${campaignListedSql('c')} and ${accountListedSql('a')}`),
    );
    const value = rows[0]?.lastmod;
    return value === null || value === undefined ? null : asDate(value);
  }

  private boundaries(section: SitemapSection): Promise<Boundary[]> {
    const now = Date.now();
    const hit = this.cached.get(section);
    if (hit && hit.expires > now) return hit.boundaries;
    const boundaries = this.readBoundaries(section);
    const entry = { expires: now + this.boundariesMs, boundaries };
    if (this.boundariesMs > 0) this.cached.set(section, entry);
    boundaries.catch(() => {
      if (this.cached.get(section) === entry) this.cached.delete(section);
    });
    return boundaries;
  }

  /** One scan of the section: its rows numbered in key order, grouped by page, each page's first key and newest change. */
  private async readBoundaries(section: SitemapSection): Promise<Boundary[]> {
    const rows = rowsOf(
      await this.db.execute(sql`select min(s.key) as key, max(s.lastmod) as lastmod
        from (select r.key, r.lastmod, (row_number() over (order by r.key) - 1) / ${this.pageSize} as page
              from (${rowsQuery(section, sql`true`)}) r) s
        group by s.page
        order by s.page`),
    );
    return rows.map((row) => ({ from: row.key, lastmod: asDate(row.lastmod) }));
  }
}
