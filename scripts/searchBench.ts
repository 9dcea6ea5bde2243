/**
 * The search benchmark's work, run by bench/search.ts in its own process (it needs the server's code, which the
 * bench's TypeScript project does not compile): prints one JSON line, a SearchBench.
 *
 * Search benchmark (DESIGN.md §6: p95 ≤ 50 ms over 100,000 campaigns): a fresh database (PostgreSQL when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL is set, else in-memory PGlite) migrated and filled with 2,000 creators
 * and 100,000 campaigns (multi-row inserts) whose titles, tags and descriptions mix words of seven languages,
 * accented ones included; then server/domain/search.ts's explore query (the campaign tab, best match first, with
 * its total) for a fixed set of queries (whole words, typos, partial words, accents left out), each several
 * times after a warm-up. Also times the navbar's suggestions. Run alone with `BENCH_ONLY=search npm run bench`.
 * Options: BENCH_SEARCH_CAMPAIGNS (default 100000), BENCH_SEARCH_ROUNDS (rounds over the query set, default 8).
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { exploreQuery } from '../contract/search.ts';
import { campaigns, accounts } from '../server/infra/db/schema.ts';
import { SearchService } from '../server/domain/search.ts';
import { LocalFileStorage } from '../server/infra/storage/localStorage.ts';
import { UrlSigner } from '../server/infra/storage/urlSigning.ts';
import { createTestDatabase } from '../server/testing/testApp.ts';

/** Nearest-rank percentile, as bench/stats.ts computes it. */
function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export interface SearchQueryFigures {
  q: string;
  kind: 'word' | 'typo' | 'partial' | 'unaccented' | 'none';
  p50: number;
  p95: number;
  /** Matches (the explore page's total). */
  total: number;
  /** The first result's title, to see that a typo found what it should. */
  first: string | null;
}

export interface SearchBench {
  database: 'postgres' | 'pglite';
  campaigns: number;
  creators: number;
  seedSeconds: number;
  /** Every timed explore query. */
  samples: number;
  latency: { p50: number; p95: number; max: number };
  suggestions: { samples: number; p50: number; p95: number };
  queries: SearchQueryFigures[];
}

/** Queries by kind; a typo or partial word must still find a campaign with the word it stands for. */
export const BENCH_QUERIES: ReadonlyArray<[q: string, kind: SearchQueryFigures['kind']]> = [
  ['merdeka', 'word'],
  ['kemerdekaan', 'word'],
  ['wisuda angkatan', 'word'],
  ['graduation', 'word'],
  ['café', 'word'],
  ['fußball', 'word'],
  ['independence day', 'word'],
  ['batik nusantara', 'word'],
  ['dirgahayu', 'word'],
  ['campeón', 'word'],
  ['merdak', 'typo'],
  ['wisuds', 'typo'],
  ['graduaton', 'typo'],
  ['pahlwan', 'typo'],
  ['marathn', 'typo'],
  ['solidarte', 'typo'],
  ['nusantra', 'typo'],
  ['merd', 'partial'],
  ['gradu', 'partial'],
  ['champ', 'partial'],
  ['semangat ju', 'partial'],
  ['ramad', 'partial'],
  ['cafe', 'unaccented'],
  ['ecole', 'unaccented'],
  ['educacion', 'unaccented'],
  ['ogretmen', 'unaccented'],
  ['fete de la musique', 'unaccented'],
  ['sampiyon', 'unaccented'],
  ['xylophonique', 'none'],
  ['qwzx', 'none'],
];

const LANGUAGES: Record<string, { words: string[]; tags: string[]; description: string[] }> = {
  id: {
    words: ['Merdeka', 'Dirgahayu', 'Kemerdekaan', 'Wisuda', 'Angkatan', 'Lebaran', 'Ramadhan', 'Sekolah', 'Kampus', 'Pramuka', 'Pahlawan', 'Batik', 'Nusantara', 'Garuda', 'Semangat', 'Dukung', 'Lomba', 'Juara', 'Bersama', 'Peduli', 'Sehat', 'Guru', 'Pemuda', 'Sumpah', 'Bangsa', 'Rakyat', 'Desa', 'Kota', 'Jaya', 'Bangkit'],
    tags: ['merdeka', 'wisuda', 'lebaran', 'sekolah', 'juara', 'indonesia', 'pahlawan', 'batik'],
    description: ['Rayakan bersama keluarga', 'Pasang bingkai ini dan ajak temanmu', 'Tunjukkan dukunganmu', 'Bagikan semangatmu hari ini'],
  },
  en: {
    words: ['Graduation', 'Class', 'Support', 'Team', 'Champions', 'Festival', 'Birthday', 'Wedding', 'Anniversary', 'Charity', 'Run', 'Marathon', 'Climate', 'Action', 'Pride', 'Awareness', 'Memorial', 'Heroes', 'Community', 'Celebration', 'Independence', 'Day', 'Summer', 'Winter', 'Running', 'Volunteers'],
    tags: ['graduation', 'charity', 'sports', 'climate', 'community', 'awareness'],
    description: ['Show your support with this frame', 'Join the celebration and share it', 'Add your photo and invite your friends'],
  },
  fr: {
    words: ['Fête', 'Été', 'Café', 'École', 'Élection', 'Solidarité', 'Liberté', 'Journée', 'Musique', 'Éducation', 'Santé', 'Fierté', 'Rentrée', 'Noël', 'Crêpe'],
    tags: ['fête', 'école', 'solidarité', 'musique'],
    description: ['Montrez votre soutien', 'Une fête pour tous les élèves', 'Partagez votre fierté'],
  },
  es: {
    words: ['Fiesta', 'Niños', 'Educación', 'Campeón', 'Año', 'Corazón', 'Música', 'Día', 'Independencia', 'Solidaridad', 'Señora', 'Graduación'],
    tags: ['fiesta', 'educación', 'música', 'campeón'],
    description: ['Celebra con nosotros', 'Apoya a los niños de la escuela', 'Comparte tu corazón'],
  },
  de: {
    words: ['Schule', 'Abschluss', 'Straße', 'Fußball', 'Münchner', 'Grüße', 'Feier', 'Jubiläum', 'Mannschaft', 'Sommerfest'],
    tags: ['fußball', 'schule', 'feier'],
    description: ['Zeig deine Unterstützung', 'Feiere mit uns den Abschluss'],
  },
  pt: {
    words: ['Formatura', 'Coração', 'Campeões', 'Educação', 'Saúde', 'Festa', 'Junina', 'Família'],
    tags: ['formatura', 'festa', 'saúde'],
    description: ['Mostre seu apoio', 'Celebre com a família'],
  },
  tr: {
    words: ['Bayram', 'Mezuniyet', 'Öğretmen', 'Çocuk', 'Şampiyon', 'Cumhuriyet', 'Gençlik', 'Kutlama'],
    tags: ['bayram', 'mezuniyet', 'şampiyon'],
    description: ['Desteğini göster', 'Bayramınız kutlu olsun'],
  },
};
const LANGUAGE_MIX = ['id', 'id', 'id', 'id', 'en', 'en', 'en', 'fr', 'es', 'de', 'pt', 'tr', null] as const;
const CATEGORIES = ['celebration', 'national-day', 'sports', 'social', 'education', 'religion', 'charity', 'health', 'business', 'entertainment', 'other'];
const FIRST_NAMES = ['Budi', 'Siti', 'Agus', 'Dewi', 'Rina', 'Andi', 'Maria', 'John', 'Amélie', 'José', 'Jürgen', 'Ayşe', 'Chloé', 'Fatima', 'Wei', 'Nguyen'];
const LAST_NAMES = ['Santoso', 'Wijaya', 'Pratama', 'Lestari', 'Smith', 'Dubois', 'García', 'Müller', 'Yılmaz', 'Silva', 'Hartono', 'Kusuma'];
const COUNTRIES = ['ID', 'ID', 'ID', 'MY', 'SG', 'US', 'FR', 'ES', 'DE', 'BR', 'TR', 'PH'];

/** Deterministic pseudo-random numbers (mulberry32), so every run searches the same catalogue. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function seedSearchCatalogue(db: Awaited<ReturnType<typeof createTestDatabase>>['db'], total: number, creators: number): Promise<void> {
  const next = random(15);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  // 6,000 made-up proper names from syllables (Karangsari, Wiromulyo, …), some accented, as real catalogues have.
  const syllables = ['ka', 'ra', 'ma', 'ja', 'su', 'ta', 'wi', 'no', 'sa', 'di', 'ri', 'ba', 'lo', 'ne', 'tu', 'gi', 'mu', 'lya', 'ha', 'pe', 'sé', 'ré', 'mü', 'ço', 'ñe'];
  const names = [...new Set(Array.from({ length: 8000 }, () => Array.from({ length: 2 + Math.floor(next() * 3) }, () => pick(syllables)).join('')))]
    .slice(0, 6000)
    .map((name) => name[0]!.toUpperCase() + name.slice(1));
  const accountRows = Array.from({ length: creators }, (_, i) => {
    const language = pick(LANGUAGE_MIX);
    return {
      username: `creator_${i}`,
      name: `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`,
      email: `creator_${i}@bench.invalid`,
      country: pick(COUNTRIES),
      language,
      bio: language ? pick(LANGUAGES[language]!.description) : '',
      suspendedAt: i % 100 === 99 ? new Date() : null,
    };
  });
  const creatorIds: { id: string; language: string | null }[] = [];
  for (let i = 0; i < accountRows.length; i += 1000) {
    creatorIds.push(...(await db.insert(accounts).values(accountRows.slice(i, i + 1000)).returning({ id: accounts.id, language: accounts.language })));
  }
  const now = Date.now();
  const BATCH = 1000;
  for (let start = 0; start < total; start += BATCH) {
    const rows: (typeof campaigns.$inferInsert)[] = [];
    for (let i = start; i < Math.min(total, start + BATCH); i++) {
      const creator = pick(creatorIds);
      const lang = creator.language ?? 'id';
      const pack = LANGUAGES[lang] ?? LANGUAGES.id!;
      // One or two words of the language's common ones, and one or two names (places, schools, clubs) of thousands.
      const words = [...Array.from({ length: 1 + Math.floor(next() * 2) }, () => pick(pack.words)), ...Array.from({ length: 1 + Math.floor(next() * 2) }, () => pick(names))];
      if (next() < 0.3) words.push(String(2020 + Math.floor(next() * 7)));
      const roll = next();
      rows.push({
        uri: `bench-${i}`,
        title: words.join(' '),
        description: `${pick(pack.description)}. ${pick(names)} ${pick(pack.words)}.`,
        tags: [pick(pack.tags), ...Array.from({ length: Math.floor(next() * 3) }, () => pick(names).toLowerCase())],
        category: pick(CATEGORIES),
        visibility: roll < 0.9 ? 'public' : roll < 0.95 ? 'unlisted' : 'private',
        creatorId: creator.id,
        supportersCount: Math.floor(next() ** 4 * 50_000),
        thumbnailKey: `public/campaigns/bench-${i}/thumbnail.jpg`,
        frameDisplayKey: `public/campaigns/bench-${i}/frame-display.webp`,
        language: creator.language,
        createdAt: new Date(now - Math.floor(next() * 365 * 24 * 3_600_000)),
      });
    }
    await db.insert(campaigns).values(rows);
  }
  await db.execute(sql`analyze`);
}

export async function searchBench(): Promise<SearchBench> {
  const total = Number(process.env.BENCH_SEARCH_CAMPAIGNS ?? 100_000);
  const rounds = Number(process.env.BENCH_SEARCH_ROUNDS ?? 8);
  const creators = 2000;
  const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (url) process.env.TEST_DATABASE_URL = url;
  const driver = url ? 'postgres' : 'pglite';
  const database = await createTestDatabase(driver);
  try {
    const seeded = performance.now();
    await seedSearchCatalogue(database.db, total, creators);
    const seedSeconds = (performance.now() - seeded) / 1000;
    console.error(`bench: search seeded ${total} campaigns on ${driver} in ${seedSeconds.toFixed(1)} s`);
    const storage = new LocalFileStorage({ root: '/nonexistent', signer: new UrlSigner(new TextEncoder().encode('x'.repeat(32))), maxObjectBytes: 64, publicUrl: '' });
    const service = new SearchService(database.db, storage);
    const explore = (q: string) => service.explore('campaign', exploreQuery.parse({ q }));
    // Warm-up: plans, caches and the pg_trgm and unaccent modules.
    for (const [q] of BENCH_QUERIES) await explore(q);
    const times = new Map<string, number[]>(BENCH_QUERIES.map(([q]) => [q, []]));
    const all: number[] = [];
    const results = new Map<string, { total: number; first: string | null }>();
    for (let round = 0; round < rounds; round++) {
      for (const [q] of BENCH_QUERIES) {
        const started = performance.now();
        const result = await explore(q);
        const elapsed = performance.now() - started;
        times.get(q)!.push(elapsed);
        all.push(elapsed);
        const first = result.items[0];
        results.set(q, { total: result.total, first: first && 'title' in first ? first.title : null });
      }
    }
    const suggestionTimes: number[] = [];
    for (let round = 0; round < Math.max(2, Math.round(rounds / 2)); round++) {
      for (const [q] of BENCH_QUERIES) {
        const started = performance.now();
        await service.suggest(q);
        suggestionTimes.push(performance.now() - started);
      }
    }
    return {
      database: driver,
      campaigns: total,
      creators,
      seedSeconds,
      samples: all.length,
      latency: { p50: percentile(all, 50), p95: percentile(all, 95), max: Math.max(...all) },
      suggestions: { samples: suggestionTimes.length, p50: percentile(suggestionTimes, 50), p95: percentile(suggestionTimes, 95) },
      queries: BENCH_QUERIES.map(([q, kind]) => ({ q, kind, p50: percentile(times.get(q)!, 50), p95: percentile(times.get(q)!, 95), ...results.get(q)! })),
    };
  } finally {
    await database.dispose();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await searchBench();
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
