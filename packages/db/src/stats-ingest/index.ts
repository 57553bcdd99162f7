// Statistics ingestion (docs/decisions/0002-stats-ingestion.md): camsite polls and the renames collectors see.
// Its public surface, re-exported by the package's main entry. By concern:
//   ingest-poll.ts           one poll in one transaction, as a sequence of the steps below
//   polls.ts                 the camsite's lock, the poll's ingest_polls row, where it falls among the stored polls
//   nicknames.ts             the ids of the listed nicknames (new ones created)
//   points.ts                nickname_activities: the previous points the poll ends, and its own
//   sessions.ts              nickname_sessions
//   daily-rollups.ts         nickname_daily_stats
//   coverage.ts              cam_site_coverage: the spans in which the camsite was polled
//   current-state.ts         the nicknames' current status, last seen and last activity; the camsite's last poll
//   topics-and-snapshots.ts  room topics and live snapshots
//   renames.ts               nickname renames (the same camsite lock; they forget cached names)
//   cache.ts                 what is kept in memory between polls: one object, created by the caller
export { createIngestCache, defaultIngestCache, type IngestCache } from "./cache.ts";
export { mergeCoverage } from "./coverage.ts";
export { LAST_SEEN_RESOLUTION_SECONDS } from "./current-state.ts";
export { ingestPoll } from "./ingest-poll.ts";
export { applyNicknameRenames, type NicknameRename, type RenameResult } from "./renames.ts";
export type { IngestObservationInput, IngestOptions, IngestOutcome, IngestPollInput } from "./types.ts";
