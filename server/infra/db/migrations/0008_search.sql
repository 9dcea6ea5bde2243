-- Search (server/domain/search.ts): full-text search with ranking, trigram similarity for typos and partial
-- words, accent-insensitive, stemmed in the campaign's language where it is known. Everything here is written
-- for PostgreSQL 15 (the CI server) and PGlite (PostgreSQL 18, with the pg_trgm and unaccent contrib modules
-- loaded in server/infra/db/database.ts). The indexes are on expressions of the functions below, so the
-- search queries must call the very same functions with the very same arguments.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change); naming the dictionary makes it safe to index.
CREATE OR REPLACE FUNCTION public.search_unaccent(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;--> statement-breakpoint
-- The text search configuration of a seed locale code ('en', 'en_GB', 'pt', 'zh-tw' …): those both servers have,
-- 'simple' (no stemming) for every other language and when the language is unknown.
CREATE OR REPLACE FUNCTION public.search_config(language text) RETURNS regconfig
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT (CASE split_part(replace(lower(coalesce($1, '')), '_', '-'), '-', 1)
      WHEN 'ar' THEN 'arabic'
      WHEN 'da' THEN 'danish'
      WHEN 'de' THEN 'german'
      WHEN 'el' THEN 'greek'
      WHEN 'en' THEN 'english'
      WHEN 'es' THEN 'spanish'
      WHEN 'fi' THEN 'finnish'
      WHEN 'fr' THEN 'french'
      WHEN 'hi' THEN 'hindi'
      WHEN 'hu' THEN 'hungarian'
      WHEN 'id' THEN 'indonesian'
      WHEN 'ms' THEN 'indonesian'
      WHEN 'it' THEN 'italian'
      WHEN 'nl' THEN 'dutch'
      WHEN 'no' THEN 'norwegian'
      WHEN 'pt' THEN 'portuguese'
      WHEN 'ro' THEN 'romanian'
      WHEN 'ru' THEN 'russian'
      WHEN 'sr' THEN 'serbian'
      WHEN 'sv' THEN 'swedish'
      WHEN 'ta' THEN 'tamil'
      WHEN 'tr' THEN 'turkish'
      ELSE 'simple'
    END)::regconfig
  $$;--> statement-breakpoint
-- A campaign's words: the title weighs most (A), then its tags (B), then the description (C). Each part is there
-- stemmed in the campaign's language and also as written ('simple'), so prefixes of whole words match too.
CREATE OR REPLACE FUNCTION public.search_campaign_vector(language text, title text, tags text[], description text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT setweight(to_tsvector(public.search_config($1), public.search_unaccent($2)), 'A')
      || setweight(to_tsvector('simple'::regconfig, public.search_unaccent($2)), 'A')
      || setweight(to_tsvector(public.search_config($1), public.search_unaccent(array_to_string($3, ' '))), 'B')
      || setweight(to_tsvector('simple'::regconfig, public.search_unaccent(array_to_string($3, ' '))), 'B')
      || setweight(to_tsvector(public.search_config($1), public.search_unaccent($4)), 'C')
      || setweight(to_tsvector('simple'::regconfig, public.search_unaccent($4)), 'C')
  $$;--> statement-breakpoint
-- The text typos are forgiven in (trigram word similarity): title and tags, lower-cased and without accents.
CREATE OR REPLACE FUNCTION public.search_campaign_text(title text, tags text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT lower(public.search_unaccent($1 || ' ' || array_to_string($2, ' '))) $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.search_account_vector(name text, username text, bio text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT setweight(to_tsvector('simple'::regconfig, public.search_unaccent($1 || ' ' || $2 || ' ' || replace(replace($2, '_', ' '), '-', ' '))), 'A')
      || setweight(to_tsvector('simple'::regconfig, public.search_unaccent($3)), 'C')
  $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.search_account_text(name text, username text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT lower(public.search_unaccent($1 || ' ' || $2)) $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.search_collection_vector(title text, description text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT setweight(to_tsvector('simple'::regconfig, public.search_unaccent($1)), 'A')
      || setweight(to_tsvector('simple'::regconfig, public.search_unaccent($2)), 'C')
  $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.search_collection_text(title text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT lower(public.search_unaccent($1)) $$;--> statement-breakpoint
-- A campaign's search document, kept up to date by PostgreSQL itself (declared in schema.ts as generated columns):
-- ranking reads the stored vector, so a common word's thousands of matches are ranked without re-parsing them.
ALTER TABLE "campaigns" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (public.search_campaign_vector("language", "title", "tags", "description")) STORED;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "search_text" text GENERATED ALWAYS AS (public.search_campaign_text("title", "tags")) STORED;--> statement-breakpoint
-- Only what search can ever find is indexed: public campaigns and collections.
CREATE INDEX "campaigns_search_vector_idx" ON "campaigns" USING gin ("search_vector") WHERE "visibility" = 'public';--> statement-breakpoint
CREATE INDEX "campaigns_search_text_idx" ON "campaigns" USING gin ("search_text" gin_trgm_ops) WHERE "visibility" = 'public';--> statement-breakpoint
CREATE INDEX "campaigns_public_supporters_idx" ON "campaigns" USING btree ("supporters_count" DESC, "created_at" DESC) WHERE "visibility" = 'public';--> statement-breakpoint
CREATE INDEX "accounts_search_vector_idx" ON "accounts" USING gin (public.search_account_vector("name", "username", "bio"));--> statement-breakpoint
CREATE INDEX "accounts_search_text_idx" ON "accounts" USING gin (public.search_account_text("name", "username") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "collections_search_vector_idx" ON "collections" USING gin (public.search_collection_vector("title", "description")) WHERE "visibility" = 'public';--> statement-breakpoint
CREATE INDEX "collections_search_text_idx" ON "collections" USING gin (public.search_collection_text("title") gin_trgm_ops) WHERE "visibility" = 'public';
