CREATE TABLE "stats_jobs" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"interval_seconds" integer NOT NULL,
	"locked_until" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"last_error" text,
	"runs" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The intervals table becomes partitioned by month (declarative partitioning, PostgreSQL 15 and PGlite alike).
-- It never held rows before this migration; partitions are created ahead by ingest and the stats worker.
DROP TABLE "nickname_activities";--> statement-breakpoint
CREATE TABLE "nickname_activities" (
	"nickname_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"seconds" integer DEFAULT 0 NOT NULL,
	"activity_status_id" smallint NOT NULL,
	CONSTRAINT "nickname_activities_nickname_id_started_at_pk" PRIMARY KEY("nickname_id","started_at")
) PARTITION BY RANGE ("started_at");
--> statement-breakpoint
ALTER TABLE "nickname_activities" ADD CONSTRAINT "nickname_activities_nickname_id_nicknames_id_fk" FOREIGN KEY ("nickname_id") REFERENCES "public"."nicknames"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nickname_activities_started_brin" ON "nickname_activities" USING brin ("started_at");--> statement-breakpoint
ALTER TABLE "nickname_daily_stats" DROP COLUMN "viewers_avg";--> statement-breakpoint
ALTER TABLE "nickname_daily_stats" DROP COLUMN "camscore_avg";--> statement-breakpoint
ALTER TABLE "nickname_daily_stats" DROP COLUMN "rank";--> statement-breakpoint
ALTER TABLE "nickname_sessions" DROP COLUMN "main_status_id";