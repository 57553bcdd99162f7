-- Change log of the in-process search index (the API loads the names once, then polls this table): one row per
-- model whose names, listing state, visibility, owner or blocks a statement changed. xid says which transaction
-- wrote it, so a poller re-reads every row at or above the oldest transaction still running when it last read, and
-- sees a change once it commits however long it ran. No foreign key: a deleted model's change stays readable.
CREATE TABLE "model_search_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "model_search_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"model_id" integer NOT NULL,
	"xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "model_search_changes_xid_idx" ON "model_search_changes" USING btree ("xid");--> statement-breakpoint
CREATE INDEX "model_search_changes_changed_at_idx" ON "model_search_changes" USING btree ("changed_at");--> statement-breakpoint
-- Filled by triggers (drizzle cannot declare them). Statement triggers with transition tables on the tables bulk
-- loads write (one insert per statement, each model once); separate triggers per event, because PostgreSQL allows
-- transition tables only on single-event triggers. 0016's term triggers on model_search_names stay as they are.
CREATE OR REPLACE FUNCTION model_search_changes_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO model_search_changes (model_id) SELECT DISTINCT a.model_id FROM added a;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION model_search_changes_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO model_search_changes (model_id) SELECT DISTINCT r.model_id FROM removed r;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION model_search_changes_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO model_search_changes (model_id)
  SELECT a.model_id FROM added a UNION SELECT r.model_id FROM removed r;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Names: new, renamed, moved or removed model names and nicknames (inserted models and deleted ones too, through
-- the name triggers of 0007 and the cascade).
CREATE TRIGGER model_search_names_changes_insert AFTER INSERT ON model_search_names
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION model_search_changes_added();--> statement-breakpoint
CREATE TRIGGER model_search_names_changes_delete AFTER DELETE ON model_search_names
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION model_search_changes_removed();--> statement-breakpoint
CREATE TRIGGER model_search_names_changes_update AFTER UPDATE ON model_search_names
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION model_search_changes_changed();--> statement-breakpoint
-- Blocks decide where a model may be listed.
CREATE TRIGGER model_blocks_search_changes_insert AFTER INSERT ON model_blocks
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION model_search_changes_added();--> statement-breakpoint
CREATE TRIGGER model_blocks_search_changes_delete AFTER DELETE ON model_blocks
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION model_search_changes_removed();--> statement-breakpoint
CREATE TRIGGER model_blocks_search_changes_update AFTER UPDATE ON model_blocks
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION model_search_changes_changed();--> statement-breakpoint
-- The columns that decide whether a model is listed and to whom. Per row with a column list, so the statistics
-- ingest's frequent updates of other columns (last activity, ratings) never fire it.
CREATE OR REPLACE FUNCTION model_search_changes_model_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO model_search_changes (model_id) VALUES (NEW.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER models_search_changes_update
  AFTER UPDATE OF deleted_at, is_visible, merged_into_model_id, page_visible_for, user_id ON models
  FOR EACH ROW
  WHEN ((OLD.deleted_at, OLD.is_visible, OLD.merged_into_model_id, OLD.page_visible_for, OLD.user_id)
        IS DISTINCT FROM (NEW.deleted_at, NEW.is_visible, NEW.merged_into_model_id, NEW.page_visible_for, NEW.user_id))
  EXECUTE FUNCTION model_search_changes_model_updated();
