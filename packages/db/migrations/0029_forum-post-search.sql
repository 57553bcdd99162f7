-- Forum posts are searched by their words too (decision 0041): the same generated vector as the other texts
-- (camatlas_text: unaccent + English stems) and a GIN index. Written by hand like 0028: the column is not declared
-- in the drizzle schema, so the forum's own reads (select * of a topic's posts) never carry the vector.
ALTER TABLE "forum_posts" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (to_tsvector('camatlas_text'::regconfig, coalesce("body", ''))) STORED;--> statement-breakpoint
CREATE INDEX "forum_posts_search_idx" ON "forum_posts" USING gin ("search_vector");
