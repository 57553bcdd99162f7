-- The foreign key's per-row check locked every listed nickname row at each poll (about a tenth of the ingest CPU).
-- Nicknames are only soft-deleted by the site; a hard delete still removes her points, once per statement.
ALTER TABLE "nickname_activities" DROP CONSTRAINT "nickname_activities_nickname_id_nicknames_id_fk";--> statement-breakpoint
CREATE OR REPLACE FUNCTION nickname_activities_nicknames_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM nickname_activities a USING deleted d WHERE a.nickname_id = d.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER nicknames_delete_activities AFTER DELETE ON nicknames
  REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION nickname_activities_nicknames_deleted();
