-- Typo search reads names that end like the query and start with its first letter. One index on (first letter,
-- reversed name) holding the name itself answers that index-only: ~1 ms where the reversed-name index read ~10,000
-- entries and filtered them by first letter (~8 ms at 1.3M names).
DROP INDEX "model_search_names_reversed_prefix_idx";--> statement-breakpoint
CREATE INDEX "model_search_names_first_reversed_idx" ON "model_search_names" USING btree (left("name", 1), "reversed" text_pattern_ops) INCLUDE ("name");
