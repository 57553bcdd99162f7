ALTER TABLE "nickname_activities" ADD COLUMN "viewers" integer;--> statement-breakpoint
ALTER TABLE "nickname_activities" ADD COLUMN "camscore" real;--> statement-breakpoint
ALTER TABLE "nickname_activities" ADD COLUMN "rank" integer;--> statement-breakpoint
ALTER TABLE "nickname_daily_stats" ADD COLUMN "cam_site_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "nickname_daily_stats" ADD COLUMN "viewers_sum" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "nickname_daily_stats" ADD COLUMN "viewers_samples" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "nickname_daily_stats" ADD COLUMN "camscore_sum" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "nickname_daily_stats" ADD COLUMN "camscore_samples" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "nickname_daily_stats" ADD COLUMN "camscore_last" real;--> statement-breakpoint
ALTER TABLE "nickname_daily_stats" ADD COLUMN "rank_best" integer;--> statement-breakpoint
ALTER TABLE "nickname_daily_stats" ADD COLUMN "rank_last" integer;--> statement-breakpoint
ALTER TABLE "nickname_daily_stats" ADD COLUMN "last_observed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "nickname_daily_stats_cam_site_day_idx" ON "nickname_daily_stats" USING btree ("cam_site_id","day");