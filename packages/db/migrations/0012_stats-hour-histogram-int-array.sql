-- The hour-of-day histogram of a daily rollup becomes integer[]: 24 numbers take ~120 bytes instead of ~294 as
-- jsonb, which shrinks the row every poll rewrites by a third. '[0, 60, …]' reads as '{0, 60, …}'.
ALTER TABLE "nickname_daily_stats" ALTER COLUMN "hour_histogram" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "nickname_daily_stats" ALTER COLUMN "hour_histogram" SET DATA TYPE integer[] USING translate("hour_histogram"::text, '[]', '{}')::integer[];--> statement-breakpoint
ALTER TABLE "nickname_daily_stats" ALTER COLUMN "hour_histogram" SET DEFAULT '{}';
