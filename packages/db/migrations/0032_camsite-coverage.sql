CREATE TABLE "cam_site_coverage" (
	"cam_site_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	CONSTRAINT "cam_site_coverage_cam_site_id_started_at_pk" PRIMARY KEY("cam_site_id","started_at"),
	CONSTRAINT "cam_site_coverage_order" CHECK ("cam_site_coverage"."ended_at" >= "cam_site_coverage"."started_at")
);
--> statement-breakpoint
ALTER TABLE "cam_site_coverage" ADD CONSTRAINT "cam_site_coverage_cam_site_id_cam_sites_id_fk" FOREIGN KEY ("cam_site_id") REFERENCES "public"."cam_sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The spans the stored polls (the last 35 days) already show, with the default allowed gap (STATS_MAX_GAP, 300 s),
-- or the gap an imported history recorded for its polls (settings row stats_history_coverage).
INSERT INTO "cam_site_coverage" ("cam_site_id", "started_at", "ended_at")
SELECT "cam_site_id", min("observed_at"), max("observed_at") FROM (
	SELECT "cam_site_id", "observed_at",
		sum(CASE WHEN "previous" IS NULL OR "observed_at" - "previous" > "gap" THEN 1 ELSE 0 END)
			OVER (PARTITION BY "cam_site_id" ORDER BY "observed_at") AS "span"
	FROM (
		SELECT p."cam_site_id", p."observed_at",
			lag(p."observed_at") OVER (PARTITION BY p."cam_site_id" ORDER BY p."observed_at") AS "previous",
			make_interval(secs => coalesce(CASE WHEN p."observed_at" <= (h."value" -> p."cam_site_id"::text ->> 'until')::timestamptz
				THEN (h."value" -> p."cam_site_id"::text ->> 'max_gap_seconds')::int END, 300)) AS "gap"
		FROM "ingest_polls" p LEFT JOIN "settings" h ON h."name" = 'stats_history_coverage'
	) "polls"
) "runs"
GROUP BY "cam_site_id", "span";
