-- Fast typo correction for search (server/domain/search.ts), as pg_trgm's documentation suggests (F.35.5 Text
-- Search Integration): the distinct words of public campaigns, with a trigram index. A query word that finds little
-- is corrected to its most similar known words here — a few thousand short rows — and the full-text query runs with
-- the corrections, instead of a trigram comparison with the text of every campaign that shares a trigram with it.
-- Written for PostgreSQL 15 and PGlite, like 0008_search.sql.
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"ndoc" integer NOT NULL
);--> statement-breakpoint
CREATE INDEX "search_words_word_trgm_idx" ON "search_words" USING gist ("word" gist_trgm_ops);--> statement-breakpoint
-- The words of a campaign as search_campaign_vector reads them as written ('simple': lower-cased, without accents),
-- sorted and distinct: title, tags and description. Single letters and very long tokens are no word to correct to.
CREATE OR REPLACE FUNCTION public.search_campaign_words(title text, tags text[], description text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT coalesce(array_agg(word ORDER BY word), '{}'::text[])
    FROM unnest(tsvector_to_array(to_tsvector('simple'::regconfig,
      public.search_unaccent(coalesce($1, '') || ' ' || coalesce(array_to_string($2, ' '), '') || ' ' || coalesce($3, ''))))) AS word
    WHERE length(word) BETWEEN 2 AND 40
  $$;--> statement-breakpoint
-- Adds each word's count of campaigns gained (or lost, when negative) and forgets the words no campaign has any
-- more. Rows are taken in word order, so concurrent writers of campaigns with common words cannot deadlock.
CREATE OR REPLACE FUNCTION public.search_words_add(changes jsonb) RETURNS void
  LANGUAGE sql VOLATILE
  AS $$
    INSERT INTO public.search_words AS s (word, ndoc)
      SELECT key, value::int FROM jsonb_each_text($1) ORDER BY key
      ON CONFLICT (word) DO UPDATE SET ndoc = s.ndoc + excluded.ndoc;
    DELETE FROM public.search_words WHERE word IN (SELECT key FROM jsonb_each_text($1)) AND ndoc <= 0;
  $$;--> statement-breakpoint
-- Inserted and deleted campaigns, a statement at a time (a bulk insert counts its words once).
CREATE OR REPLACE FUNCTION public.search_words_campaigns_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  DECLARE
    direction integer := CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END;
    changes jsonb;
  BEGIN
    IF TG_OP = 'INSERT' THEN
      SELECT jsonb_object_agg(word, n * direction) INTO changes FROM (
        SELECT word, count(*)::int AS n FROM search_words_new_campaigns c, unnest(public.search_campaign_words(c.title, c.tags, c.description)) AS word
        WHERE c.visibility = 'public' GROUP BY word
      ) counted;
    ELSE
      SELECT jsonb_object_agg(word, n * direction) INTO changes FROM (
        SELECT word, count(*)::int AS n FROM search_words_old_campaigns c, unnest(public.search_campaign_words(c.title, c.tags, c.description)) AS word
        WHERE c.visibility = 'public' GROUP BY word
      ) counted;
    END IF;
    IF changes IS NOT NULL THEN
      PERFORM public.search_words_add(changes);
    END IF;
    RETURN NULL;
  END
  $$;--> statement-breakpoint
-- An edit of the words or of the visibility: the words it no longer has count one campaign less, the new ones one more.
CREATE OR REPLACE FUNCTION public.search_words_campaign_edited() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  DECLARE
    changes jsonb;
  BEGIN
    SELECT jsonb_object_agg(word, n) INTO changes FROM (
      SELECT word, sum(n)::int AS n FROM (
        SELECT unnest(public.search_campaign_words(OLD.title, OLD.tags, OLD.description)) AS word, -1 AS n WHERE OLD.visibility = 'public'
        UNION ALL
        SELECT unnest(public.search_campaign_words(NEW.title, NEW.tags, NEW.description)), 1 WHERE NEW.visibility = 'public'
      ) both_sides GROUP BY word
    ) summed WHERE n <> 0;
    IF changes IS NOT NULL THEN
      PERFORM public.search_words_add(changes);
    END IF;
    RETURN NULL;
  END
  $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.search_words_campaigns_truncated() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    DELETE FROM public.search_words;
    RETURN NULL;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER "search_words_campaigns_inserted" AFTER INSERT ON "campaigns"
  REFERENCING NEW TABLE AS search_words_new_campaigns
  FOR EACH STATEMENT EXECUTE FUNCTION public.search_words_campaigns_changed();--> statement-breakpoint
CREATE TRIGGER "search_words_campaigns_deleted" AFTER DELETE ON "campaigns"
  REFERENCING OLD TABLE AS search_words_old_campaigns
  FOR EACH STATEMENT EXECUTE FUNCTION public.search_words_campaigns_changed();--> statement-breakpoint
-- Only an edit of what the words come from runs it: a new supporter (supporters_count) costs nothing.
CREATE TRIGGER "search_words_campaign_edited" AFTER UPDATE OF "title", "tags", "description", "visibility" ON "campaigns"
  FOR EACH ROW
  WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.tags IS DISTINCT FROM NEW.tags OR OLD.description IS DISTINCT FROM NEW.description
    OR (OLD.visibility = 'public') IS DISTINCT FROM (NEW.visibility = 'public'))
  EXECUTE FUNCTION public.search_words_campaign_edited();--> statement-breakpoint
CREATE TRIGGER "search_words_campaigns_truncated" AFTER TRUNCATE ON "campaigns"
  FOR EACH STATEMENT EXECUTE FUNCTION public.search_words_campaigns_truncated();--> statement-breakpoint
INSERT INTO "search_words" ("word", "ndoc")
  SELECT word, count(*)::int FROM "campaigns" c, unnest(public.search_campaign_words(c.title, c.tags, c.description)) AS word
  WHERE c.visibility = 'public' GROUP BY word;--> statement-breakpoint
-- Search leaves out the campaigns of suspended accounts: the few of them, found without reading every account.
CREATE INDEX "accounts_suspended_idx" ON "accounts" USING btree ("id") WHERE "suspended_at" IS NOT NULL;--> statement-breakpoint
-- The search indexes answer every keystroke: new entries go straight into the index rather than into a pending list
-- that each search would scan whole (up to gin_pending_list_limit, 4 MB). A campaign write pays a little more.
ALTER INDEX "campaigns_search_vector_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "accounts_search_vector_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "accounts_search_text_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "collections_search_vector_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "collections_search_text_idx" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list(i::regclass) FROM unnest(array['campaigns_search_vector_idx', 'accounts_search_vector_idx', 'accounts_search_text_idx', 'collections_search_vector_idx', 'collections_search_text_idx']) AS i;
