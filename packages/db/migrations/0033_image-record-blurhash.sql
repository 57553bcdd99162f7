ALTER TABLE "image_records" ADD COLUMN "blurhash" varchar(64);--> statement-breakpoint
-- Kept snapshots already have theirs on their media row; demo portraits get theirs when drawn.
UPDATE "image_records" r SET "blurhash" = m."blurhash" FROM "media" m WHERE m."id" = r."media_id" AND m."blurhash" IS NOT NULL;
