-- Typo search reads candidate names from model_search_terms: every distinct name of model_search_names once, with
-- how many of its rows bear it. The same nickname on several camsites, or of several models, is one term, so a
-- search's index scans read about a quarter of the entries (1.3M names are 368k terms in the scale data set).
CREATE TABLE "model_search_terms" (
	"name" varchar(100) NOT NULL,
	"reversed" varchar(100) NOT NULL,
	"uses" integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "model_search_terms_name_unique" ON "model_search_terms" USING btree ("name" text_pattern_ops);--> statement-breakpoint
INSERT INTO "model_search_terms" ("name", "reversed", "uses")
SELECT "name", min("reversed"), count(*) FROM "model_search_names" GROUP BY "name";--> statement-breakpoint
CREATE INDEX "model_search_terms_name_trgm_idx" ON "model_search_terms" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "model_search_terms_first_reversed_idx" ON "model_search_terms" USING btree (left("name", 1), "reversed" text_pattern_ops) INCLUDE ("name");--> statement-breakpoint
DROP INDEX "model_search_names_name_trgm_idx";--> statement-breakpoint
DROP INDEX "model_search_names_first_reversed_idx";--> statement-breakpoint
-- Kept by statement triggers on model_search_names (bulk loads stay fast): a term counts its rows and goes with
-- the last one.
CREATE OR REPLACE FUNCTION model_search_terms_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO model_search_terms AS t (name, reversed, uses)
  SELECT a.name, min(a.reversed), count(*) FROM added a GROUP BY a.name
  ON CONFLICT (name) DO UPDATE SET uses = t.uses + excluded.uses;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION model_search_terms_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE model_search_terms t SET uses = t.uses - r.n
    FROM (SELECT name, count(*) AS n FROM removed GROUP BY name) r
   WHERE t.name = r.name;
  DELETE FROM model_search_terms t USING (SELECT DISTINCT name FROM removed) r
   WHERE t.name = r.name AND t.uses <= 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION model_search_terms_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO model_search_terms AS t (name, reversed, uses)
  SELECT a.name, min(a.reversed), count(*) FROM added a GROUP BY a.name
  ON CONFLICT (name) DO UPDATE SET uses = t.uses + excluded.uses;
  UPDATE model_search_terms t SET uses = t.uses - r.n
    FROM (SELECT name, count(*) AS n FROM removed GROUP BY name) r
   WHERE t.name = r.name;
  DELETE FROM model_search_terms t USING (SELECT DISTINCT name FROM removed) r
   WHERE t.name = r.name AND t.uses <= 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER model_search_names_terms_insert AFTER INSERT ON model_search_names
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION model_search_terms_added();--> statement-breakpoint
CREATE TRIGGER model_search_names_terms_delete AFTER DELETE ON model_search_names
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION model_search_terms_removed();--> statement-breakpoint
CREATE TRIGGER model_search_names_terms_update AFTER UPDATE ON model_search_names
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION model_search_terms_changed();
