-- model_search_terms is written by every statement that adds or removes search names. Two transactions writing
-- overlapping names (two bulk loads in parallel, or a bulk load beside an edit) locked the terms in whatever order
-- their rows came, and could deadlock. Every path now takes the terms' locks in name order: inserts go sorted, and
-- updates and deletes lock their terms sorted first.
CREATE OR REPLACE FUNCTION model_search_terms_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO model_search_terms AS t (name, reversed, uses)
  SELECT a.name, min(a.reversed), count(*) FROM added a GROUP BY a.name ORDER BY a.name
  ON CONFLICT (name) DO UPDATE SET uses = t.uses + excluded.uses;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION model_search_terms_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM model_search_terms t WHERE t.name IN (SELECT name FROM removed) ORDER BY t.name FOR UPDATE;
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
  SELECT a.name, min(a.reversed), count(*) FROM added a GROUP BY a.name ORDER BY a.name
  ON CONFLICT (name) DO UPDATE SET uses = t.uses + excluded.uses;
  PERFORM 1 FROM model_search_terms t WHERE t.name IN (SELECT name FROM removed) ORDER BY t.name FOR UPDATE;
  UPDATE model_search_terms t SET uses = t.uses - r.n
    FROM (SELECT name, count(*) AS n FROM removed GROUP BY name) r
   WHERE t.name = r.name;
  DELETE FROM model_search_terms t USING (SELECT DISTINCT name FROM removed) r
   WHERE t.name = r.name AND t.uses <= 0;
  RETURN NULL;
END $$;
