ALTER TABLE "cam_site_collectors" ADD COLUMN "collector_name" varchar(32);--> statement-breakpoint
ALTER TABLE "cam_site_collectors" ADD COLUMN "last_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cam_site_collectors" ADD COLUMN "last_success_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cam_site_collectors" ADD COLUMN "last_complete" boolean;--> statement-breakpoint
ALTER TABLE "cam_site_collectors" ADD COLUMN "last_incomplete_reason" text;--> statement-breakpoint
ALTER TABLE "cam_site_collectors" ADD COLUMN "online_count" integer;--> statement-breakpoint
ALTER TABLE "cam_site_collectors" ADD COLUMN "consecutive_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cam_site_collectors" ADD COLUMN "last_error_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cam_site_collectors" ADD COLUMN "next_poll_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cam_site_collectors" ADD COLUMN "stalled_notified_at" timestamp with time zone;