-- Half of each page free for rollup and session rows, as for the activity partitions (0011): an in-order poll
-- rewrites every ongoing session and every rollup row of the day, all the rows of a page in one transaction, and
-- at 80 only some of them fitted beside their old versions; the others went to another page with new entries in
-- every index (a quarter of the rollup updates, a seventh of the session ones). Affects pages written from now.
ALTER TABLE "nickname_daily_stats" SET (fillfactor = 50);--> statement-breakpoint
ALTER TABLE "nickname_sessions" SET (fillfactor = 50);
