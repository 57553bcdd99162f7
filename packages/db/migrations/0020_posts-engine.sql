CREATE TABLE "post_cam_sites" (
	"post_id" integer NOT NULL,
	"cam_site_id" integer NOT NULL,
	CONSTRAINT "post_cam_sites_post_id_cam_site_id_pk" PRIMARY KEY("post_id","cam_site_id")
);
--> statement-breakpoint
CREATE TABLE "post_models" (
	"post_id" integer NOT NULL,
	"model_id" integer NOT NULL,
	CONSTRAINT "post_models_post_id_model_id_pk" PRIMARY KEY("post_id","model_id")
);
--> statement-breakpoint
CREATE TABLE "post_slug_redirects" (
	"type" text NOT NULL,
	"old_post_name" varchar(200) NOT NULL,
	"post_id" integer NOT NULL,
	CONSTRAINT "post_slug_redirects_type_old_post_name_pk" PRIMARY KEY("type","old_post_name")
);
--> statement-breakpoint
CREATE TABLE "post_tags" (
	"post_id" integer NOT NULL,
	"tag" varchar(64) NOT NULL,
	CONSTRAINT "post_tags_post_id_tag_pk" PRIMARY KEY("post_id","tag")
);
--> statement-breakpoint
ALTER TABLE "posts" DROP CONSTRAINT "posts_model_id_models_id_fk";
--> statement-breakpoint
DROP INDEX "posts_model_idx";--> statement-breakpoint
ALTER TABLE "post_cam_sites" ADD CONSTRAINT "post_cam_sites_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_cam_sites" ADD CONSTRAINT "post_cam_sites_cam_site_id_cam_sites_id_fk" FOREIGN KEY ("cam_site_id") REFERENCES "public"."cam_sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_models" ADD CONSTRAINT "post_models_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_models" ADD CONSTRAINT "post_models_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_slug_redirects" ADD CONSTRAINT "post_slug_redirects_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_tags" ADD CONSTRAINT "post_tags_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_cam_sites_cam_site_idx" ON "post_cam_sites" USING btree ("cam_site_id","post_id");--> statement-breakpoint
CREATE INDEX "post_models_model_idx" ON "post_models" USING btree ("model_id","post_id");--> statement-breakpoint
CREATE INDEX "post_slug_redirects_post_idx" ON "post_slug_redirects" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "post_tags_tag_idx" ON "post_tags" USING btree ("tag","post_id");--> statement-breakpoint
CREATE INDEX "posts_public_idx" ON "posts" USING btree ("type","published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "posts"."status" = 'published' and "posts"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "posts" DROP COLUMN "model_id";