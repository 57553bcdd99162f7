-- The name index also holds the model id, so the models of a search's best names (up to 200 names, up to 800
-- rows) are read from the index alone instead of one table row each.
DROP INDEX "model_search_names_name_prefix_idx";--> statement-breakpoint
CREATE INDEX "model_search_names_name_model_idx" ON "model_search_names" USING btree ("name" text_pattern_ops) INCLUDE ("model_id");
