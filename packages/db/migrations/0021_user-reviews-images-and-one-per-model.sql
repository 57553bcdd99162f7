CREATE TABLE "user_review_images" (
	"review_id" integer NOT NULL,
	"media_id" integer NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "user_review_images_review_id_media_id_pk" PRIMARY KEY("review_id","media_id")
);
--> statement-breakpoint
ALTER TABLE "user_reviews" DROP CONSTRAINT "user_reviews_image_media_id_media_id_fk";
--> statement-breakpoint
DROP INDEX "user_reviews_model_idx";--> statement-breakpoint
DROP INDEX "user_reviews_user_idx";--> statement-breakpoint
ALTER TABLE "user_reviews" ADD COLUMN "removal_reason" text;--> statement-breakpoint
ALTER TABLE "user_review_images" ADD CONSTRAINT "user_review_images_review_id_user_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."user_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_review_images" ADD CONSTRAINT "user_review_images_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_review_images_media_idx" ON "user_review_images" USING btree ("media_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_reviews_one_per_model_unique" ON "user_reviews" USING btree ("user_id","model_id") WHERE "user_reviews"."deleted_at" is null and "user_reviews"."status" <> 'rejected';--> statement-breakpoint
CREATE INDEX "user_reviews_model_idx" ON "user_reviews" USING btree ("model_id","status","created_at");--> statement-breakpoint
CREATE INDEX "user_reviews_user_idx" ON "user_reviews" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "user_reviews" DROP COLUMN "image_media_id";