DROP INDEX "nickname_sessions_longest_idx";--> statement-breakpoint
-- Room on each page for updated row versions: rollups and sessions are rewritten at every poll (HOT updates).
ALTER TABLE "nickname_daily_stats" SET (fillfactor = 80);--> statement-breakpoint
ALTER TABLE "nickname_sessions" SET (fillfactor = 80);
