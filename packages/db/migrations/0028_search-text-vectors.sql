-- Full-text search over reviews, posts, comments and forum topics (decision 0031): accents folded (unaccent),
-- English stems, one generated vector per row and a GIN index each. PGlite and PostgreSQL both ship unaccent.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
DO $$ BEGIN
  CREATE TEXT SEARCH CONFIGURATION camatlas_text (COPY = english);
EXCEPTION WHEN unique_violation THEN NULL;
END $$;--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION camatlas_text ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem;--> statement-breakpoint
ALTER TABLE "user_reviews" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('camatlas_text'::regconfig, coalesce("title", '')), 'A') || setweight(to_tsvector('camatlas_text'::regconfig, coalesce("body", '')), 'B')) STORED;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('camatlas_text'::regconfig, coalesce("post_title", '')), 'A') || setweight(to_tsvector('camatlas_text'::regconfig, coalesce("excerpt", '')), 'B') || setweight(to_tsvector('camatlas_text'::regconfig, coalesce("body", '')), 'C')) STORED;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (to_tsvector('camatlas_text'::regconfig, coalesce("text", ''))) STORED;--> statement-breakpoint
ALTER TABLE "forum_topics" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (to_tsvector('camatlas_text'::regconfig, coalesce("title", ''))) STORED;--> statement-breakpoint
CREATE INDEX "user_reviews_search_idx" ON "user_reviews" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "posts_search_idx" ON "posts" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "comments_search_idx" ON "comments" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "forum_topics_search_idx" ON "forum_topics" USING gin ("search_vector");
